import { useEffect } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { TOURNAMENT_NO_SHOW_MS, TOURNAMENT_PAGES } from '@domino/contracts';
import { subscribeToMatchReady } from '../../lib/tournament-events';

/**
 * The tournament calls for the whole app (decision 028), mounted once by the navbar while a player is
 * signed in: each `tournament:match_ready` shows a toast that stays for the no-show window, with
 * "Ir a mi partida" (the game) and "Ver torneo" (its page), and refreshes the tournament's queries.
 * Notifications render outside the router, so the buttons navigate through this component's
 * `navigate`. Renders nothing.
 */
export function LiveTournamentCalls() {
  const navigate = useNavigate();
  const client = useQueryClient();
  useEffect(
    () =>
      subscribeToMatchReady((call) => {
        void client.invalidateQueries({ queryKey: ['tournaments'] });
        const id = `tournament-call-${call.game_id}`;
        const go = (to: string) => (event: React.MouseEvent) => {
          event.preventDefault();
          notifications.hide(id);
          void navigate(to);
        };
        notifications.show({
          id,
          color: 'gold',
          title: call.tournament_name,
          autoClose: TOURNAMENT_NO_SHOW_MS,
          withBorder: true,
          message: (
            <Stack gap={6} data-testid="tournament-call-toast">
              <Text fz="sm">{call.message}</Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  component="a"
                  href={call.game_path}
                  onClick={go(call.game_path)}
                  data-testid="tournament-call-go"
                >
                  Ir a mi partida
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  component="a"
                  href={TOURNAMENT_PAGES.detail(call.tournament_id)}
                  onClick={go(TOURNAMENT_PAGES.detail(call.tournament_id))}
                >
                  Ver torneo
                </Button>
              </Group>
            </Stack>
          ),
        });
      }),
    [client, navigate],
  );
  return null;
}
