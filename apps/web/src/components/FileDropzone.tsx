import type { CSSProperties, InputHTMLAttributes, ReactNode } from 'react';
import { Box, Group, type MantineSpacing } from '@mantine/core';
import { IconPhotoUp, IconUpload, IconX } from '@tabler/icons-react';
import { useDropzone, type Accept, type FileRejection } from 'react-dropzone';
import classes from './FileDropzone.module.css';

export type { FileRejection } from 'react-dropzone';

/** What a dragged file looks like to the drop area: an accepted type, a refused one, or none. */
export type DropzoneState = 'accept' | 'reject' | 'idle';

/** The state the drop area shows, from react-dropzone's drag flags (only while dragging). */
export function dropzoneState(drag: {
  isDragActive: boolean;
  isDragAccept: boolean;
  isDragReject: boolean;
}): DropzoneState {
  if (drag.isDragActive && drag.isDragAccept) return 'accept';
  if (drag.isDragActive && drag.isDragReject) return 'reject';
  return 'idle';
}

export interface FileDropzoneProps {
  /**
   * Called with what was picked or dropped, accepted files first and refused ones (wrong type,
   * more than one file) as rejections, so the caller can say in Spanish what is wrong.
   */
  onDropAny: (files: File[], rejections: FileRejection[]) => void;
  /** MIME types and extensions offered in the file dialog, e.g. { 'image/png': ['.png'] }. */
  accept: Accept;
  /** Props of the hidden file input (id, aria-label, data-testid). */
  inputProps?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
  /** Draws the border in the error colour. */
  error?: boolean;
  /** Size of the state icon in px. */
  iconSize?: number;
  p?: MantineSpacing;
  style?: CSSProperties;
  /** The words beside the icon. */
  children: ReactNode;
}

/**
 * A one-file drop area: tap or click to open the file dialog, or drag a file onto it. Built on
 * react-dropzone (docs/decisions/020: @mantine/dropzone 9.6+ needs Node 22); the icon shows an
 * upload arrow for a file it accepts, a cross for one it refuses, a photo otherwise.
 */
export function FileDropzone({
  onDropAny,
  accept,
  inputProps,
  error = false,
  iconSize = 32,
  p = 'md',
  style,
  children,
}: FileDropzoneProps) {
  const drag = useDropzone({
    onDrop: onDropAny,
    accept,
    multiple: false,
    maxFiles: 1,
    useFsAccessApi: false,
  });
  const state = dropzoneState(drag);
  const icon =
    state === 'accept' ? (
      <IconUpload size={iconSize} color="var(--mantine-color-felt-6)" aria-hidden />
    ) : state === 'reject' ? (
      <IconX size={iconSize} color="var(--mantine-color-red-6)" aria-hidden />
    ) : (
      <IconPhotoUp size={iconSize} color="var(--mantine-color-dimmed)" aria-hidden />
    );
  return (
    <Box
      {...drag.getRootProps()}
      className={classes.root}
      p={p}
      style={style}
      mod={{
        accept: state === 'accept',
        reject: state === 'reject',
        idle: state === 'idle',
        error,
      }}
      data-testid="file-dropzone"
    >
      <input {...drag.getInputProps(inputProps)} />
      <Group className={classes.inner} justify="center" gap="sm" wrap="nowrap">
        {icon}
        {children}
      </Group>
    </Box>
  );
}
