import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconId, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { IdentityStatus } from '@domino/contracts';
import { formatCaracasDateTime } from '../../../lib/format';
import { IDENTITY_STATE_COLORS, IDENTITY_STATE_LABELS } from '../../../lib/identity';

/**
 * The profile's identity section (docs/decisions/031-identity-verification.md): the state (none,
 * pending, rejected with the staff's reason, verified) and the way to /verificacion when there is
 * something to send.
 */
export function IdentityCard({ status }: { status: IdentityStatus | undefined }) {
  return (
    <Card padding="lg" shadow="sm" data-testid="profile-identity">
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Title order={2} fz={{ base: 18, sm: 20 }}>
          Verificación de identidad
        </Title>
        {status && (
          <Badge
            color={IDENTITY_STATE_COLORS[status.state]}
            variant="light"
            size="lg"
            style={{ flexShrink: 0 }}
            data-testid="profile-identity-state"
            data-state={status.state}
          >
            {IDENTITY_STATE_LABELS[status.state]}
          </Badge>
        )}
      </Group>
      {!status ? (
        <Skeleton h={40} />
      ) : status.state === 'verified' ? (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color="teal" variant="light" size={32} radius="xl" style={{ flexShrink: 0 }}>
            <IconRosetteDiscountCheck size={20} aria-hidden />
          </ThemeIcon>
          <Text fz="sm">
            Tu identidad está verificada
            {status.request?.decided_at
              ? ` desde el ${formatCaracasDateTime(status.request.decided_at)}`
              : ''}
            . Puedes retirar tu saldo.
          </Text>
        </Group>
      ) : status.state === 'pending' ? (
        <Text fz="sm">
          El personal está revisando tus fotos. Podrás retirar en cuanto aprueben tu verificación.
        </Text>
      ) : (
        <Stack gap="sm">
          {status.state === 'rejected' ? (
            <Alert color="red" variant="light" title="Rechazada" p="sm">
              <Text fz="sm" data-testid="profile-identity-reason">
                Motivo: {status.request?.reason}
              </Text>
            </Alert>
          ) : (
            <Text fz="sm">
              Verifica tu identidad para retirar: una foto de tu cédula y una selfie sosteniéndola.
            </Text>
          )}
          <Button
            component={Link}
            to="/verificacion"
            variant="light"
            leftSection={<IconId size={18} aria-hidden />}
            data-testid="profile-identity-start"
          >
            {status.state === 'rejected' ? 'Enviar de nuevo' : 'Verificar mi identidad'}
          </Button>
        </Stack>
      )}
    </Card>
  );
}

/** The "Verificado" badge of the profile header, shown only to a verified player. */
export function VerifiedBadge({ status }: { status: IdentityStatus | undefined }) {
  if (status?.state !== 'verified') return null;
  return (
    <Badge
      color="teal"
      variant="filled"
      size="lg"
      leftSection={<IconRosetteDiscountCheck size={16} aria-hidden />}
      data-testid="profile-verified-badge"
    >
      Verificado
    </Badge>
  );
}
