import { useEffect, useState } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { RESPONSIBLE_MESSAGES, type PlaySession } from '@domino/contracts';
import { useSession } from '../../../lib/session';
import { fetchPlaySession } from '../api/responsible';
import { msUntilNextReminder } from '../lib/responsible';

/**
 * The play reminder of the app shell (docs/decisions/030): while signed in with a reminder set,
 * every N minutes of the session (since this sign-in) a dialog shows the time and the session's
 * net result, read from the server at that moment.
 */
export function PlayReminder() {
  const { user, token } = useSession();
  const session = useQuery({
    // One session per sign-in: a new token starts a new count.
    queryKey: ['responsible', 'session', token ?? ''],
    queryFn: fetchPlaySession,
    enabled: !!user,
    // The reminder setting may change in the profile; re-read it now and then.
    refetchInterval: 5 * 60_000,
  });
  const [shown, setShown] = useState<PlaySession | null>(null);
  const minutes = user ? (session.data?.reminder_minutes ?? null) : null;
  const startedAt = session.data?.started_at;

  useEffect(() => {
    if (minutes === null || !startedAt) return;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const wait = msUntilNextReminder(Date.parse(startedAt), minutes, Date.now());
      timer = setTimeout(() => {
        fetchPlaySession()
          .then(setShown)
          .catch(() => undefined)
          .finally(schedule);
      }, wait);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [minutes, startedAt]);

  return (
    <Modal
      opened={shown !== null}
      onClose={() => setShown(null)}
      title="Recordatorio de juego responsable"
      centered
    >
      {shown && (
        <Stack gap="md">
          <Text fw={600} data-testid="play-reminder">
            {RESPONSIBLE_MESSAGES.reminder(shown.minutes, shown.net_cents)}
          </Text>
          <Text fz="sm" c="dimmed">
            Puedes fijar límites o tomar una pausa en tu perfil, sección Juego responsable.
          </Text>
          <Button onClick={() => setShown(null)}>Entendido</Button>
        </Stack>
      )}
    </Modal>
  );
}
