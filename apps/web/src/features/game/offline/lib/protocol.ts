import type { Difficulty, TileJson } from '@domino/contracts';
import type { MatchState, PlayerView } from '@domino/domino';

/**
 * The messages between the offline practice page and its Web Worker
 * (docs/decisions/041-offline-practice.md). The worker owns the match: it deals, applies the
 * player's moves, plays the three CPU seats and keeps the match on the device; the page only
 * ever receives seat 0's `PlayerView`, the same data the server would send it.
 */

/** How fast the CPU seats play: 'normal' like the server's practice, 'rapida' for impatient players. */
export const PACES = ['normal', 'rapida'] as const;
export type Pace = (typeof PACES)[number];

/** Delays of one pace, in milliseconds: a CPU move waits a random time in [botMinMs, botMaxMs]; the first move of a new hand waits handPauseMs. */
export interface PaceTiming {
  readonly botMinMs: number;
  readonly botMaxMs: number;
  readonly handPauseMs: number;
}

/** The server's practice defaults (BOT_MIN_DELAY_MS, BOT_MAX_DELAY_MS, HAND_PAUSE_MS) and a fast pace. */
export const PACE_TIMING: Record<Pace, PaceTiming> = {
  normal: { botMinMs: 700, botMaxMs: 1400, handPauseMs: 4000 },
  rapida: { botMinMs: 120, botMaxMs: 260, handPauseMs: 1500 },
};

/** The player's move, as the online game screen sends it. */
export type LocalMove = { tile: TileJson; end: 'left' | 'right' } | { pass: true } | { draw: true };

/** Page -> worker. */
export type ToWorker =
  /** Deal a new match against `difficulty` (replaces a match in progress). */
  | { type: 'new'; difficulty: Difficulty; pace: Pace }
  /** Continue the match kept on the device; answered with 'none' when there is none. */
  | { type: 'resume'; pace: Pace }
  /** The player's move at `version` (the version of the view it was chosen on). */
  | { type: 'move'; version: number; move: LocalMove };

/** Worker -> page. */
export type FromWorker =
  /** The match as seat 0 sees it, after every change. */
  | { type: 'view'; game: LocalGameInfo; view: PlayerView }
  /** The player's move was refused (engine code, e.g. 'game/stale_version'); a 'view' follows. */
  | { type: 'rejected'; code: string }
  /** 'resume' found no match on the device. */
  | { type: 'none' }
  /** The match ended and its result is stored (listed on /sin-conexion). */
  | { type: 'saved'; result: LocalResult }
  /** Something failed in the worker (storage unavailable, a bug): the page shows a Spanish message. */
  | { type: 'failed'; reason: 'storage' | 'engine' };

/** What identifies a local match besides the view. */
export interface LocalGameInfo {
  /** 'local-' + random hex; never sent anywhere. */
  readonly id: string;
  readonly difficulty: Difficulty;
  /** Moves applied so far: the version the next player move must name. */
  readonly version: number;
}

/** A match kept on the device between moves, so a reload or a closed app continues it. */
export interface SavedMatch extends LocalGameInfo {
  readonly state: MatchState;
  /** When it was dealt, epoch milliseconds. */
  readonly startedAt: number;
}

/** A finished offline match as listed under "Tus partidas sin conexión". */
export interface LocalResult {
  readonly id: string;
  readonly difficulty: Difficulty;
  readonly won: boolean;
  /** Final points: [your pair, the other pair]. */
  readonly scores: readonly [number, number];
  readonly hands: number;
  readonly startedAt: number;
  /** Epoch milliseconds. */
  readonly finishedAt: number;
}
