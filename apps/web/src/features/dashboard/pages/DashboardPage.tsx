import { useEffect } from 'react';
import {
  Alert,
  Button,
  Center,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Loading, LoadError } from '../../../components/LoadState';
import {
  IconAlertCircle,
  IconDeviceGamepad2,
  IconMoodEmpty,
  IconPuzzle,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { MSG, MSG_USERNAME } from '@domino/contracts';
import { JoinConfirmModal } from '../../../components/JoinConfirmModal';
import { useSession } from '../../../lib/session';
import { useTables } from '../api/tables';
import { FirstSteps } from '../components/FirstSteps';
import { PrivateTableEntry } from '../components/PrivateTableEntry';
import { QuickPlayEntry } from '../../../components/QuickPlayEntry';
import { TableCard } from '../components/TableCard';
import { useJoinTable } from '../hooks/use-join-table';
import { needsFirstSteps } from '../lib/first-steps';
import { findUserTable } from '../lib/tables';

/** /dashboard: the game list (docs/product.md §2 Game list). */
export default function DashboardPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const tables = useTables();
  const { join, joiningId, confirming, joining, confirm, cancel } = useJoinTable();
  // Only a list fetched since this visit counts: a cached one may predate leaving a table.
  const seatedAt =
    tables.data && tables.isFetchedAfterMount ? findUserTable(tables.data, user?.id) : null;

  // A player already seated at a listed table goes straight to its waiting room.
  useEffect(() => {
    if (seatedAt) navigate(`/waiting-room/${seatedAt.id}`, { replace: true });
  }, [seatedAt, navigate]);

  const name = user?.name.trim();
  // A balance that pays no table: lead to free practice and to /recharge first (decision 017).
  const firstSteps =
    user !== null && tables.isSuccess && needsFirstSteps(user.balance, tables.data);

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <Group justify="space-between" align="flex-end" gap="sm" mb="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            Elige un juego
          </Title>
          {name && (
            <Text c="dimmed" fz={{ base: 'sm', sm: 'md' }}>
              Bienvenido, {name}
            </Text>
          )}
        </Stack>
        {/* Drawn with the list: "Práctica gratis" depends on it, and a button appearing or going
            after the rest would move what is beside and under it (docs/decisions/080-pages-hold-still-while-loading.md). */}
        {!tables.isPending && (
          <Group gap="xs">
            <Button
              component={Link}
              to="/problema-del-dia"
              variant="light"
              color="orange"
              leftSection={<IconPuzzle size={18} aria-hidden />}
              data-testid="dashboard-puzzle"
            >
              Problema del día
            </Button>
            {!firstSteps && (
              <Button
                component={Link}
                to="/games"
                variant="light"
                leftSection={<IconDeviceGamepad2 size={18} aria-hidden />}
                data-testid="dashboard-practice"
              >
                Práctica gratis
              </Button>
            )}
          </Group>
        )}
      </Group>

      {user && (!user.adult_declared || !user.username_chosen) && (
        // Asked once of accounts made before decision 040: the 18+ declaration (recharges and
        // paid entries wait for it) and a username of their own instead of a generated one.
        <Alert
          color={user.adult_declared ? 'yellow' : 'orange'}
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          mb="lg"
          data-testid="account-prompt"
        >
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">
              {user.adult_declared
                ? MSG_USERNAME.choosePrompt
                : MSG_USERNAME.adultDeclarationNeeded}
            </Text>
            <Button component={Link} to="/profile" size="xs" variant="light">
              Ir a mi perfil
            </Button>
          </Stack>
        </Alert>
      )}

      {/* The first steps, shown or not by the list, sit above the entries: all wait for it. */}
      {tables.isPending ? (
        <Loading label={MSG.loadingGames} />
      ) : (
        <>
          {firstSteps && user && <FirstSteps balance={user.balance} />}
          <QuickPlayEntry />
          <PrivateTableEntry />
          {tables.isError ? (
            <LoadError
              message={MSG.gamesLoadError}
              onRetry={() => void tables.refetch()}
              retrying={tables.isFetching}
              maw={560}
            />
          ) : tables.data.length === 0 ? (
            <Center py={64}>
              <Stack align="center" gap="sm" ta="center">
                <IconMoodEmpty size={40} color="var(--mantine-color-felt-6)" aria-hidden />
                <Text c="dimmed">{MSG.noGames}</Text>
              </Stack>
            </Center>
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={{ base: 'md', sm: 'lg' }}>
              {tables.data.map((table) => (
                <TableCard
                  key={table.id}
                  table={table}
                  onPlay={(t) => void join(t)}
                  joining={joiningId === table.id}
                  busy={joiningId !== null || confirming !== null}
                />
              ))}
            </SimpleGrid>
          )}
        </>
      )}

      <JoinConfirmModal
        table={confirming}
        balance={user?.balance ?? 0}
        joining={joining}
        onConfirm={(t) => void confirm(t)}
        onCancel={cancel}
      />
    </Container>
  );
}
