import { useEffect, useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowRight, IconDoorEnter, IconLock, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { INVITE_CODE_LENGTH, invitationPath } from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { fetchTableDetail } from '../../../lib/join';
import { forgetPrivateSeat, rememberedPrivateSeat } from '../../../lib/private-seat';
import { useSession } from '../../../lib/session';
import { codeInput, readInviteCode } from '../lib/private-entry';

/**
 * The private table this player sits at (remembered by this browser, confirmed by the server),
 * or null. A stale memory (the table closed, the player left) is forgotten.
 */
function usePrivateSeat(): number | null {
  const { user } = useSession();
  const userId = user?.id;
  const remembered = rememberedPrivateSeat(userId);
  const table = useQuery({
    queryKey: ['table', remembered, 'private-seat'],
    queryFn: ({ signal }) => fetchTableDetail(remembered ?? 0, signal),
    enabled: remembered !== null,
    retry: false,
  });
  const seated =
    table.data !== undefined &&
    table.data.status !== 'closed' &&
    table.data.seats.some((s) => s.user?.id === userId);
  const stale =
    (table.isSuccess && !seated) || (isApiError(table.error) && table.error.status === 404);
  useEffect(() => {
    if (stale) forgetPrivateSeat();
  }, [stale]);
  return seated ? remembered : null;
}

/**
 * The dashboard's way into private tables (docs/product.md "Mesas privadas"): 'Crear mesa
 * privada' (/mesas/nueva) and 'Unirme con código' (a 6-character code, upper-cased as typed and
 * checked with the contracts' inviteCodeSchema before going to /invitacion/{code}).
 */
export function PrivateTableEntry() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const seatedAt = usePrivateSeat();

  const submit = () => {
    const read = readInviteCode(code);
    if (!read.ok) {
      setError(read.error);
      return;
    }
    navigate(invitationPath(read.code));
  };

  return (
    <Card padding="md" mb="lg" data-testid="dashboard-private">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <Stack gap="xs">
          <Group gap={8} wrap="nowrap">
            <IconLock size={20} color="var(--mantine-color-felt-6)" aria-hidden />
            <Title order={2} fz="lg">
              Mesa privada
            </Title>
          </Group>
          <Text fz="sm" c="dimmed">
            Juega con tus amigos: crea una mesa con tus reglas y comparte el enlace.
          </Text>
          {seatedAt !== null ? (
            <Button
              component={Link}
              to={`/waiting-room/${seatedAt}`}
              color="gold.5"
              c="dark.9"
              leftSection={<IconDoorEnter size={16} aria-hidden />}
              data-testid="dashboard-private-return"
              style={{ alignSelf: 'flex-start' }}
            >
              Volver a tu mesa privada
            </Button>
          ) : (
            <Button
              component={Link}
              to="/mesas/nueva"
              leftSection={<IconPlus size={16} aria-hidden />}
              data-testid="dashboard-private-create"
              style={{ alignSelf: 'flex-start' }}
            >
              Crear mesa privada
            </Button>
          )}
        </Stack>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs">
            <TextInput
              label="¿Te enviaron un código?"
              placeholder="Ej.: K7M2QX"
              value={code}
              onChange={(e) => {
                setCode(codeInput(e.currentTarget.value));
                setError(null);
              }}
              error={error}
              maxLength={INVITE_CODE_LENGTH}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.15em' } }}
              data-testid="dashboard-private-code"
            />
            <Button
              type="submit"
              variant="light"
              rightSection={<IconArrowRight size={16} aria-hidden />}
              data-testid="dashboard-private-join"
              style={{ alignSelf: 'flex-start' }}
            >
              Unirme con código
            </Button>
          </Stack>
        </form>
      </SimpleGrid>
    </Card>
  );
}
