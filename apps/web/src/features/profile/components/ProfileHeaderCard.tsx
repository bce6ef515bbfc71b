import { useRef } from 'react';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Box,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { MSG_ACCOUNT, type IdentityStatus, type User } from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useRemoveAvatarMutation, useUploadAvatarMutation } from '../api/profile';
import { AVATAR_ACCEPT, avatarFileProblem, FALLBACK, roleBadge } from '../lib/profile';
import { VerifiedBadge } from './IdentityCard';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? 'U') + (parts[1]?.[0] ?? '')).toUpperCase();
}

/**
 * The profile's header card (docs/product.md §2 Profile): the photo with the camera button titled 'Cambiar foto
 * de perfil' (decision 006: it uploads a photo), the name ('Usuario' if empty), the e-mail, the role
 * badge (upper-cased), the 'Activo' badge when the status is activo, and 'Verificado' once staff
 * approved the player's identity (decision 031).
 */
export function ProfileHeaderCard({
  user,
  identity,
}: {
  user: User | null;
  identity?: IdentityStatus;
}) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatarMutation();
  const remove = useRemoveAvatarMutation();
  const name = user?.name?.trim() || FALLBACK.name;
  const busy = upload.isPending || remove.isPending;

  const failed = (error: unknown) =>
    notify.error(
      isApiError(error)
        ? (error.fieldErrors.avatar?.[0] ?? error.message)
        : MSG_ACCOUNT.avatarError,
      MSG_ACCOUNT.avatarError,
    );

  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      notify.error(problem, MSG_ACCOUNT.avatarError);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notify.success(MSG_ACCOUNT.avatarUpdated),
      onError: failed,
    });
  };

  return (
    <Card padding="lg" shadow="sm">
      <Card.Section
        h={72}
        style={{
          background: 'radial-gradient(circle at 30% 0%, #1f7a4a 0%, #0f4d2f 55%, #0a3322 100%)',
          borderBottom: '3px solid var(--mantine-color-gold-5)',
        }}
      />
      <Stack align="center" gap={6} mt={-56}>
        <Box pos="relative">
          <Avatar
            src={user?.avatar_url ?? null}
            alt={user?.avatar_url ? `Foto de perfil de ${name}` : undefined}
            size={104}
            radius={104}
            color="felt"
            variant="filled"
            style={{ border: '4px solid var(--mantine-color-white)', fontSize: 34 }}
          >
            {initials(name)}
          </Avatar>
          <ActionIcon
            size={36}
            radius="xl"
            color="gold.5"
            c="dark.9"
            variant="filled"
            title="Cambiar foto de perfil"
            aria-label="Cambiar foto de perfil"
            onClick={() => input.current?.click()}
            disabled={busy}
            style={{
              position: 'absolute',
              right: -2,
              bottom: 2,
              border: '3px solid var(--mantine-color-white)',
            }}
          >
            {busy ? <Loader size={16} color="dark" /> : <IconCamera size={18} aria-hidden />}
          </ActionIcon>
          <input
            ref={input}
            type="file"
            accept={AVATAR_ACCEPT}
            hidden
            data-testid="avatar-input"
            onChange={(e) => {
              choose(e.currentTarget.files?.[0]);
              e.currentTarget.value = '';
            }}
          />
        </Box>
        <Title order={2} fz={{ base: 22, sm: 24 }} ta="center" style={{ wordBreak: 'break-word' }}>
          {name}
        </Title>
        {user?.email && (
          <Text c="dimmed" fz="sm" ta="center" style={{ wordBreak: 'break-all' }}>
            {user.email}
          </Text>
        )}
        <Group gap="xs" justify="center" mt={4}>
          <Badge color="felt" variant="light" size="lg">
            {roleBadge(user?.rol)}
          </Badge>
          {user?.status === 'activo' && (
            <Badge color="green" variant="filled" size="lg">
              Activo
            </Badge>
          )}
          <VerifiedBadge status={identity} />
        </Group>
        {user?.avatar_url && (
          <Anchor
            component="button"
            type="button"
            fz="xs"
            c="dimmed"
            disabled={busy}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => notify.info(MSG_ACCOUNT.avatarRemoved),
                onError: failed,
              })
            }
          >
            Quitar foto
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
