import { ActionIcon, Group, Image, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { formatFileSize } from '@domino/contracts';
import { FileDropzone, type FileRejection } from '../../../components/FileDropzone';
import { useObjectUrl } from '../../../lib/use-object-url';
import { PHOTO_ACCEPT } from '../lib/identity-form';

/**
 * One photo of the verification form: a drop area (tap to open the camera roll or files), then a
 * preview with the file's name and a remove button. A refused file is still handed to `onPick`
 * so the page can say why in Spanish.
 */
export function PhotoPicker({
  name,
  label,
  hint,
  file,
  error,
  onPick,
  onRemove,
}: {
  name: 'document' | 'selfie';
  label: string;
  hint: string;
  file: File | null;
  error?: string;
  onPick: (file: File) => void;
  onRemove: () => void;
}) {
  const preview = useObjectUrl(file && !error ? file : null);
  const pick = (files: File[], rejections: FileRejection[]) => {
    const chosen = files[0] ?? rejections[0]?.file;
    if (chosen) onPick(chosen);
  };
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={500} component="label" htmlFor={`identity-${name}-input`}>
        {label}
      </Text>
      {file && preview ? (
        <Group
          gap="sm"
          wrap="nowrap"
          p="xs"
          style={{
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 'var(--mantine-radius-md)',
          }}
          data-testid={`identity-${name}-preview`}
        >
          <Image
            src={preview}
            alt={`Vista previa: ${label}`}
            w={72}
            h={72}
            fit="cover"
            radius="sm"
          />
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            <Text fz="sm" fw={600} truncate>
              {file.name}
            </Text>
            <Text fz="xs" c="dimmed">
              {formatFileSize(file.size)}
            </Text>
          </Stack>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Quitar: ${label}`}
            onClick={onRemove}
          >
            <IconX size={18} />
          </ActionIcon>
        </Group>
      ) : (
        <FileDropzone
          onDropAny={pick}
          accept={PHOTO_ACCEPT}
          error={Boolean(error)}
          inputProps={{
            id: `identity-${name}-input`,
            'aria-label': label,
            'data-testid': `identity-${name}-input`,
          }}
        >
          <Stack gap={2}>
            <Text fz="sm" fw={500}>
              {hint}
            </Text>
            <Text fz="xs" c="dimmed">
              PNG o JPG, hasta 5 MB
            </Text>
          </Stack>
        </FileDropzone>
      )}
      {error && (
        <Text fz="xs" c="red" role="alert" data-testid={`identity-${name}-error`}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
