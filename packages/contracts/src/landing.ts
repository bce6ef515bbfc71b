import { z } from 'zod';

/**
 * GET /api/public/highlights (decision 011, landing "winners and top players"): real data only.
 * Names are shortened on the server for privacy ('María G.'); amounts are JSON numbers in
 * bolívares; instants are ISO 8601 strings.
 */
export const publicWinnerSchema = z.object({
  /** The finished match; its deals are public at /verificar?game={game_id}. */
  game_id: z.string(),
  finished_at: z.string(),
  table: z.string(),
  /** The winning seats' players, shortened ('María G.'); two in parejas. */
  winners: z.array(z.string()),
  /** What each winner was paid (entries minus house fee and pot share, split equally), Bs. */
  prize: z.number(),
});
export type PublicWinner = z.infer<typeof publicWinnerSchema>;

export const publicTopPlayerSchema = z.object({
  position: z.number().int(),
  name: z.string(),
  points: z.number().int(),
  matches_won: z.number().int(),
});
export type PublicTopPlayer = z.infer<typeof publicTopPlayerSchema>;

export const highlightsResponseSchema = z.object({
  /** The current pot month in Caracas time, 'YYYY-MM'. */
  month: z.string(),
  /** What the current month's pot holds so far, Bs. */
  pot: z.number(),
  winners: z.array(publicWinnerSchema),
  top_players: z.array(publicTopPlayerSchema),
});
export type Highlights = z.infer<typeof highlightsResponseSchema>;
