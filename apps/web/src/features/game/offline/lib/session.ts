import type { Difficulty } from '@domino/contracts';
import {
  DEFAULT_CONFIG,
  applyMove,
  chooseMove,
  playerView,
  startMatch,
  type MatchState,
  type Move,
  type Seat,
} from '@domino/domino';
import {
  PACE_TIMING,
  type FromWorker,
  type LocalMove,
  type LocalResult,
  type Pace,
  type SavedMatch,
  type ToWorker,
} from './protocol';

/** The player's seat in an offline match; the CPU plays 1, 2 (partner) and 3, as in online practice. */
export const PLAYER_SEAT = 0;

/** Where a session keeps its match and results (IndexedDB in the worker, a Map in tests). */
export interface MatchStore {
  loadCurrent(): Promise<SavedMatch | undefined>;
  saveCurrent(match: SavedMatch): Promise<void>;
  clearCurrent(): Promise<void>;
  addResult(result: LocalResult): Promise<void>;
}

/** What a session needs from its surroundings; injected so the protocol is tested in node. */
export interface SessionDeps {
  post(message: FromWorker): void;
  store: MatchStore;
  /** Resolves after `ms` milliseconds (setTimeout in the worker); called with 0 too. */
  wait(ms: number): Promise<void>;
  /** Random hex of `bytes` bytes (crypto.getRandomValues in the worker): seeds and ids. */
  randomHex(bytes: number): string;
  /** A number in [0, 1) for the CPU's thinking delays only (never for the deal or the moves). */
  random(): number;
  /**
   * Epoch milliseconds (Date.now in the worker): the dates of a match and its result, and the
   * time a CPU move's computation took, which is deducted from its thinking delay.
   */
  now(): number;
}

/** The engine's move for a player move of the protocol. */
export function engineMove(move: LocalMove): Move {
  if ('tile' in move) return { kind: 'play', tile: [move.tile[0], move.tile[1]], end: move.end };
  if ('pass' in move) return { kind: 'pass' };
  return { kind: 'draw' };
}

/** The stored result of a finished match (null while it is in play). */
export function resultOf(match: SavedMatch, finishedAt: number): LocalResult | null {
  const result = match.state.result;
  if (match.state.status !== 'finished' || !result) return null;
  const mine = PLAYER_SEAT % 2;
  return {
    id: match.id,
    difficulty: match.difficulty,
    won: result.winnerSeats.includes(PLAYER_SEAT),
    scores: [result.scores[mine] ?? 0, result.scores[1 - mine] ?? 0],
    hands: result.hands,
    startedAt: match.startedAt,
    finishedAt,
  };
}

/**
 * One offline practice match behind the worker's message port (docs/decisions/041): a new
 * match is dealt from seeds made on the device with the engine's provably fair deal
 * (docs/fairness.md), the player's moves are checked by the engine exactly as the server checks
 * them (a move for an old version is refused with 'game/stale_version'), and the CPU seats play
 * with the engine's bots of the chosen level, seeded `${id}:${version}` like the server's. A CPU
 * move is chosen first and shown once the pace's delay (ms, PACE_TIMING) has passed since it
 * began: the search's own time counts as thinking, and only the rest of the delay is waited
 * (nothing when the search took longer). The match is stored after every change and the result
 * once it ends.
 */
export function createSession(deps: SessionDeps) {
  let match: SavedMatch | null = null;
  let pace: Pace = 'normal';
  /** Bumped by every new/resume: a CPU loop of a replaced match stops at its next step. */
  let generation = 0;

  const postView = (m: SavedMatch) =>
    deps.post({
      type: 'view',
      game: { id: m.id, difficulty: m.difficulty, version: m.version },
      view: playerView(m.state, PLAYER_SEAT),
    });

  async function commit(next: SavedMatch): Promise<void> {
    match = next;
    postView(next);
    const result = resultOf(next, deps.now());
    try {
      if (result) {
        await deps.store.addResult(result);
        await deps.store.clearCurrent();
        deps.post({ type: 'saved', result });
      } else {
        await deps.store.saveCurrent(next);
      }
    } catch {
      deps.post({ type: 'failed', reason: 'storage' });
    }
  }

  function apply(m: SavedMatch, seat: Seat, move: Move): SavedMatch | string {
    const outcome = applyMove(m.state, seat, move);
    if (!outcome.ok) return outcome.code;
    return { ...m, state: outcome.state, version: m.version + 1 };
  }

  /** Plays the CPU seats until it is the player's turn, the match ends, or it is replaced. */
  async function runBots(gen: number): Promise<void> {
    for (;;) {
      const m = match;
      if (gen !== generation || !m || m.state.status !== 'playing') return;
      const seat = m.state.hand.turn;
      if (seat === PLAYER_SEAT || seat === null) return;
      const timing = PACE_TIMING[pace];
      const newHand = m.state.hand.line.length === 0 && m.state.history.length > 0;
      const delay = newHand
        ? timing.handPauseMs
        : timing.botMinMs + Math.floor(deps.random() * (timing.botMaxMs - timing.botMinMs + 1));
      // The delay includes the computation: an Experto search takes about 90 ms at the median
      // on a server core and about 400 ms on a CPU four times slower, a mid-range phone
      // (docs/performance.md, "Bots": "Experto in the browser").
      const started = deps.now();
      const move = chooseMove(playerView(m.state, seat), m.difficulty, `${m.id}:${m.version}`);
      // Date.now can step back (a clock correction): never wait more than the delay.
      const elapsed = Math.max(0, deps.now() - started);
      // Always awaited, even for 0 ms: a 'new' or 'resume' that arrived during the search is
      // handled there, and replaces the match before this move would be applied.
      await deps.wait(Math.max(0, delay - elapsed));
      if (gen !== generation || match !== m) return;
      const next = apply(m, seat, move);
      if (typeof next === 'string') {
        deps.post({ type: 'failed', reason: 'engine' });
        return;
      }
      await commit(next);
    }
  }

  async function start(next: SavedMatch): Promise<void> {
    generation += 1;
    match = null;
    const gen = generation;
    await commit(next);
    await runBots(gen);
  }

  function newMatch(difficulty: Difficulty): SavedMatch {
    const serverSeed = deps.randomHex(32);
    const clientSeeds = [0, 1, 2, 3].map(() => deps.randomHex(8));
    const state: MatchState = startMatch(DEFAULT_CONFIG, { serverSeed, clientSeeds });
    return {
      id: `local-${deps.randomHex(12)}`,
      difficulty,
      version: 0,
      state,
      startedAt: deps.now(),
    };
  }

  /**
   * Handles one message from the page. Resolves once the CPU seats have played what they can
   * (the player's turn, the end of the match, or a newer message that replaced the match).
   */
  async function receive(message: ToWorker): Promise<void> {
    switch (message.type) {
      case 'new':
        pace = message.pace;
        await start(newMatch(message.difficulty));
        return;
      case 'resume': {
        pace = message.pace;
        let saved: SavedMatch | undefined;
        try {
          saved = await deps.store.loadCurrent();
        } catch {
          deps.post({ type: 'failed', reason: 'storage' });
          return;
        }
        if (!saved || saved.state.status !== 'playing') {
          deps.post({ type: 'none' });
          return;
        }
        await start(saved);
        return;
      }
      case 'move': {
        const m = match;
        if (!m) {
          deps.post({ type: 'rejected', code: 'game/not_found' });
          return;
        }
        if (message.version !== m.version) {
          deps.post({ type: 'rejected', code: 'game/stale_version' });
          postView(m);
          return;
        }
        const next = apply(m, PLAYER_SEAT, engineMove(message.move));
        if (typeof next === 'string') {
          deps.post({ type: 'rejected', code: next });
          postView(m);
          return;
        }
        await commit(next);
        await runBots(generation);
        return;
      }
    }
  }

  return { receive };
}
