import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SERVER_EVENTS, tableDetailSchema, type GameView } from '@domino/contracts';
import { ElsewhereLink } from '../../../components/ElsewhereLink';
import { JoinConfirmModal } from '../../../components/JoinConfirmModal';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { fetchTableDetail, joinErrorText } from '../../../lib/join';
import { useSession } from '../../../lib/session';
import { openChannel } from '../../../lib/socket';
import { useNow } from '../../../lib/use-now';
import { acceptRematch } from '../api/rematch';
import { rematchState } from '../lib/rematch';

/**
 * "Revancha" on the result screen of a table match (docs/decisions/021-private-tables.md): while
 * the table's rematch window is open each player may accept, confirming their own new entry in
 * the same dialog as any join; the panel counts who accepted and the seconds left, and when all
 * have accepted it opens the new match. The table is read over HTTP (every 2 s while the window
 * is open) and from the `table:updated` pushes the server sends to the match's players.
 */
export function RematchPanel({ view }: { view: GameView }) {
  const tableId = view.table?.id ?? 0;
  const { user } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const now = useNow(500);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  // One key per rematch of this match: a retried tap is never charged twice.
  const key = useMemo(() => newIdempotencyKey(), []);
  const queryKey = useMemo(() => ['rematch-table', tableId, view.game_id], [tableId, view.game_id]);

  const table = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchTableDetail(tableId, signal),
    enabled: tableId > 0,
    refetchInterval: 2_000,
    retry: false,
  });

  useEffect(() => {
    if (tableId <= 0) return;
    return openChannel({
      listen: {
        [SERVER_EVENTS.tableUpdated]: (payload) => {
          const parsed = tableDetailSchema.safeParse(payload);
          if (parsed.success && parsed.data.id === tableId)
            client.setQueryData(queryKey, parsed.data);
        },
      },
    }).close;
  }, [tableId, client, queryKey]);

  const state = user
    ? rematchState(table.data ?? null, user.id, view.game_id, now)
    : ({ kind: 'none' } as const);

  const nextGame = state.kind === 'started' ? state.gameId : null;
  useEffect(() => {
    if (nextGame) void navigate(`/games/${nextGame}`, { replace: true });
  }, [nextGame, navigate]);

  if (state.kind === 'none' || !view.table || !table.data) return null;

  const accept = async () => {
    setSending(true);
    setError(null);
    setRefusal(null);
    try {
      await acceptRematch(tableId, table.data.entry_price, key);
      setConfirming(false);
      await table.refetch();
    } catch (err) {
      setError(joinErrorText(err));
      setRefusal(err);
      setConfirming(false);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack
      gap={6}
      p="sm"
      bg="gold.0"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      data-testid="rematch-panel"
      data-accepted={state.kind === 'open' ? state.accepted : undefined}
    >
      {state.kind === 'open' && (
        <>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fz="sm" fw={700}>
              {state.mine ? 'Esperando a los demás' : '¿Jugamos la revancha?'}
            </Text>
            <Text fz="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {state.secondsLeft} s
            </Text>
          </Group>
          <Text fz="xs" c="dimmed" data-testid="rematch-count">
            {state.accepted} de {state.total} aceptaron · mismos asientos y parejas
            {table.data.entry_price > 0 ? ' · cada uno paga su entrada' : ''}
          </Text>
          {!state.mine && (
            <Button
              leftSection={<IconRepeat size={18} aria-hidden />}
              onClick={() => setConfirming(true)}
              data-testid="rematch-accept"
            >
              Revancha
            </Button>
          )}
        </>
      )}
      {error && (
        <Alert color="red" variant="light" data-testid="rematch-error">
          {error}
          <ElsewhereLink error={refusal} />
        </Alert>
      )}
      <JoinConfirmModal
        table={confirming ? table.data : null}
        balance={user?.balance ?? 0}
        joining={sending}
        onConfirm={() => void accept()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
