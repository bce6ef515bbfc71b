import { boardJson, configToRules, type GameView } from '@domino/contracts';
import type { PlayerView } from '@domino/domino';
import type { LocalGameInfo } from './protocol';

/**
 * The offline match in the shape of the server's player view (contracts' GameView), so the
 * online game screen's board, hand, seats and overlays render it unchanged (docs/decisions/041).
 * Mirrors the server's gameViewJson for a practice match (apps/server/src/modules/games/view.ts)
 * with what has no meaning on the device left empty: no turn clock (the player takes their
 * time), no table, no money, no spectators.
 */

/** Names of the CPU seats as seen from seat 0, as online practice names them. */
export const LOCAL_SEAT_NAMES = ['Tú', 'Rival CPU 1', 'Compañero CPU', 'Rival CPU 2'] as const;

/** Seat `v.seat`'s GameView of an offline match. Holds nothing the seat's PlayerView does not. */
export function localGameView(game: LocalGameInfo, v: PlayerView): GameView {
  const result = v.result;
  return {
    game_id: game.id,
    kind: 'practice',
    version: game.version,
    ...boardJson(v),
    rules: configToRules(v.config),
    turn_deadline: null,
    seats: v.tileCounts.map((_, seat) => ({
      seat,
      name: LOCAL_SEAT_NAMES[seat] ?? `CPU ${seat + 1}`,
      is_bot: seat !== v.seat,
      bot_level: seat !== v.seat ? game.difficulty : null,
      connected: true,
      // Nobody on the device is ever played for by the CPU: the player has no clock offline.
      cpu_played: false,
      rating: null,
    })),
    result: result
      ? {
          winner_side: result.winnerSide,
          winner_seats: [...result.winnerSeats],
          scores: [...result.scores],
          hands: result.hands,
          won: result.winnerSeats.includes(v.seat),
        }
      : null,
    fairness: {
      commitment: v.fairness.commitment,
      client_seeds: [...v.fairness.clientSeeds],
      server_seed: v.fairness.serverSeed,
    },
    table: null,
    settlement: null,
    spectators: 0,
  };
}
