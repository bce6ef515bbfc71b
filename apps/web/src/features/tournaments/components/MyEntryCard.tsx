import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import {
  IconAlarm,
  IconAlertCircle,
  IconPlayerPlay,
  IconTicket,
  IconTrophy,
  IconUserPlus,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatBs, tournamentGamePath, type TournamentDetail } from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { bolivaresToCents } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { getSession, updateUser, useSession } from '../../../lib/session';
import { rememberTournamentGame, useMatchReady } from '../../../lib/tournament-events';
import { useNow } from '../../../lib/use-now';
import { tournamentsKey, unregisterTournament } from '../api/tournaments';
import {
  entryLabel,
  isFull,
  myMatch,
  noShowLeftMs,
  noShowLine,
  roundName,
} from '../lib/tournaments';

/**
 * The caller's part in a tournament, at the top of /torneos/:id. Not registered while
 * registration is open: "Inscribirme" (and a partner's invitation, in parejas). Registered: the
 * state of the entry and the partner, "Cancelar inscripción" before the start (with a
 * confirmation saying the entry comes back). Running: the current match highlighted with "Ir a
 * mi partida" and the no-show countdown (`show_by` of `tournament:match_ready`), or that the
 * player waits for the next round or was eliminated. Finished: the prize paid.
 */
export function MyEntryCard({
  detail,
  onRegister,
}: {
  detail: TournamentDetail;
  onRegister(): void;
}) {
  const { user } = useSession();
  const client = useQueryClient();
  const mine = detail.my_entry;
  const match = myMatch(detail);
  const gameId =
    mine?.current_game_id ?? (match?.status === 'playing' ? match.game_id : null) ?? null;
  const call = useMatchReady(gameId);
  // The push's deadline, else the detail's (a page opened after the call still counts down).
  const showBy = call?.show_by ?? (match?.status === 'playing' ? match.show_by : null);
  const now = useNow(500, showBy !== null);
  const left = showBy ? noShowLeftMs(showBy, now) : null;
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const unregister = async () => {
    setLeaving(true);
    setError(null);
    try {
      const res = await unregisterTournament(detail.id);
      const current = getSession().user;
      if (current) updateUser({ ...current, balance: res.new_balance });
      notify.success(res.message);
      setConfirming(false);
      void client.invalidateQueries({ queryKey: tournamentsKey });
    } catch (e) {
      setError(isApiError(e) ? e.message : 'No se pudo cancelar la inscripción.');
    } finally {
      setLeaving(false);
    }
  };

  if (!user) return null;

  if (!mine || mine.status === 'refunded') {
    if (detail.status !== 'scheduled') return null;
    const invitation = detail.invitations[0];
    return (
      <Card padding="md" withBorder data-testid="my-entry" data-state="none">
        <Stack gap="xs">
          {mine?.status === 'refunded' && (
            <Text fz="sm" c="dimmed">
              Cancelaste tu inscripción; la entrada volvió a tu saldo.
            </Text>
          )}
          {invitation && (
            <Alert
              color="gold"
              variant="light"
              icon={<IconUserPlus aria-hidden />}
              data-testid="my-entry-invitation"
            >
              {invitation.name} te invitó a jugar este torneo como su pareja. Toca «Inscribirme»
              para confirmar.
            </Alert>
          )}
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fz="sm">
              Entrada: <b>{entryLabel(detail.entry_fee)}</b>
            </Text>
            <Button
              leftSection={<IconTicket size={16} aria-hidden />}
              onClick={onRegister}
              disabled={isFull(detail)}
              data-testid="tournament-detail-register"
            >
              {isFull(detail) ? 'Torneo completo' : 'Inscribirme'}
            </Button>
          </Group>
        </Stack>
      </Card>
    );
  }

  const ready = match?.status === 'playing' && gameId !== null;
  const eliminated = detail.entrants.find((e) => e.id === mine.entrant_id)?.eliminated === true;

  return (
    <Card
      padding="md"
      withBorder
      data-testid="my-entry"
      data-state={ready ? 'ready' : mine.status}
      style={ready ? { borderColor: 'var(--mantine-color-gold-5)', borderWidth: 2 } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} fz="md">
            Tu inscripción
          </Title>
          <Badge color={mine.status === 'registered' ? 'green' : 'yellow'} variant="light">
            {mine.status === 'registered' ? 'Inscrito' : 'Falta confirmar'}
          </Badge>
        </Group>
        {mine.partner && (
          <Text fz="sm" data-testid="my-entry-partner">
            Pareja: <b>{mine.partner.name}</b>
            {mine.partner.confirmed ? '' : ' (aún no confirma)'}
          </Text>
        )}
        {detail.mode === 'parejas' && !mine.partner && detail.status === 'scheduled' && (
          <Text fz="sm" c="dimmed">
            Pareja al azar: te la asignamos al inicio del torneo.
          </Text>
        )}
        {mine.paid > 0 && detail.status === 'scheduled' && (
          <Text fz="sm" c="dimmed">
            Pagaste {formatBs(bolivaresToCents(mine.paid))} de entrada.
          </Text>
        )}

        {detail.status === 'running' &&
          (ready && gameId ? (
            <Stack gap={6} data-testid="my-match-ready">
              <Text fw={700}>
                Tu partida de{' '}
                {roundName(match.round, detail.total_rounds, detail.format).toLowerCase()} está
                lista.
              </Text>
              {left !== null && (
                <Group gap={6} wrap="nowrap">
                  <IconAlarm size={18} color="var(--mantine-color-red-6)" aria-hidden />
                  <Text
                    fz="sm"
                    c={left > 0 ? 'red.7' : 'dimmed'}
                    data-testid="my-match-countdown"
                    style={{ fontVariantNumeric: 'tabular-nums' }}
                  >
                    {noShowLine(detail.format, left)}
                  </Text>
                </Group>
              )}
              <Button
                size="md"
                component={Link}
                to={tournamentGamePath(gameId)}
                leftSection={<IconPlayerPlay size={18} aria-hidden />}
                onClick={() => rememberTournamentGame(gameId, detail.id)}
                data-testid="my-match-go"
              >
                Ir a mi partida
              </Button>
            </Stack>
          ) : eliminated ? (
            <Text fz="sm" c="dimmed" data-testid="my-entry-eliminated">
              Quedaste eliminado. Sigue el torneo hasta la final.
            </Text>
          ) : (
            <Text fz="sm" c="dimmed" data-testid="my-entry-waiting">
              Espera a que termine la ronda: te avisamos cuando tu próxima partida esté lista.
            </Text>
          ))}

        {detail.status === 'finished' && (
          <Group gap={6} wrap="nowrap" data-testid="my-entry-prize">
            <IconTrophy size={18} color="var(--mantine-color-gold-6)" aria-hidden />
            <Text fz="sm" fw={mine.prize > 0 ? 700 : 400}>
              {mine.prize > 0
                ? `Ganaste ${formatBs(bolivaresToCents(mine.prize))}. Ya está en tu saldo.`
                : detail.entry_fee > 0
                  ? 'Gracias por jugar. Esta vez no hubo premio para ti.'
                  : 'Gracias por jugar.'}
            </Text>
          </Group>
        )}

        {mine.can_unregister && (
          <Button
            variant="light"
            color="red"
            onClick={() => {
              setError(null);
              setConfirming(true);
            }}
            data-testid="my-entry-unregister"
          >
            Cancelar inscripción
          </Button>
        )}
      </Stack>

      <Modal
        opened={confirming}
        onClose={() => {
          if (!leaving) setConfirming(false);
        }}
        title="¿Cancelar tu inscripción?"
        centered
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        <Stack gap="sm">
          <Text fz="sm">
            {mine.paid > 0
              ? `Te devolvemos ${formatBs(bolivaresToCents(mine.paid))} a tu saldo. Puedes volver a inscribirte mientras haya cupo.`
              : 'Puedes volver a inscribirte mientras haya cupo.'}
          </Text>
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={leaving}>
              Volver
            </Button>
            <Button
              color="red"
              onClick={() => void unregister()}
              loading={leaving}
              data-testid="my-entry-unregister-confirm"
            >
              Cancelar inscripción
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
