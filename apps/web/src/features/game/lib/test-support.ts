import { DEFAULT_RULES, type GameView } from '@domino/contracts';

/** A valid practice-game view for tests; override any field. */
export function makeView(overrides: Partial<GameView> = {}): GameView {
  return {
    game_id: 'g1',
    kind: 'practice',
    version: 1,
    status: 'playing',
    my_seat: 0,
    mode: 'parejas',
    target_points: 100,
    turn_seconds: 60,
    rules: { ...DEFAULT_RULES, turn_seconds: 60 },
    hand: [
      [1, 2],
      [3, 5],
      [6, 6],
    ],
    line: [],
    ends: null,
    turn_seat: 0,
    turn_deadline: null,
    legal_moves: [],
    required_lead: null,
    leader: 0,
    tile_counts: [3, 7, 7, 7],
    stock_count: 0,
    drawing: false,
    passes: [],
    scores: [0, 0],
    pending_bonuses: [],
    hand_number: 1,
    hands_played: 0,
    last_hand: null,
    seats: [0, 1, 2, 3].map((seat) => ({
      seat,
      name: seat === 0 ? 'Ana' : `CPU ${seat}`,
      is_bot: seat !== 0,
      bot_level: seat === 0 ? null : ('medio' as const),
      connected: true,
    })),
    result: null,
    fairness: { commitment: 'c'.repeat(64), client_seeds: ['a', 'b', 'c', 'd'], server_seed: null },
    table: null,
    settlement: null,
    ...overrides,
  };
}
