/**
 * "Problema del día" (docs/decisions/060-puzzles.md): positions where one move is clearly best
 * from the deciding seat's information, mined from played matches and verified by searching the
 * position again under several seeds and sample counts.
 *
 * A puzzle keeps only what the seat knew (`PuzzlePosition`: its own hand, the line, the ends, the
 * tile counts, the passes of the hand, the scores): never another seat's tiles. Its search reads
 * only that position (the Difícil search, bots/dificil.ts `analyzeDificil`), so a puzzle solved by
 * anyone holds nothing a player of that seat could not have seen.
 *
 * Pure and deterministic: no clock, no Math.random; every evaluation is seeded.
 */
import { analyzeDificil, type DificilOptions } from './bots/dificil';
import { chooseMove } from './bots';
import type { TableConfig } from './config';
import type { FairnessSeeds } from './fairness';
import { applyMove, ReplayError, startMatch } from './match';
import { sha256, toHex, utf8Encode } from './sha256';
import type { Seat, Tile } from './tiles';
import type { Bonus, LinePiece, MatchState, Move, OpenEnds, PassRecord, SeatedMove } from './types';
import { playerView, type PlayerView } from './view';

/** A play move: the only kind a puzzle asks for. */
export type PlayMove = Extract<Move, { kind: 'play' }>;

/** Difficulty of a puzzle, as the product names it (es-VE, without accents in the code). */
export const PUZZLE_DIFFICULTIES = ['facil', 'media', 'dificil'] as const;
export type PuzzleDifficulty = (typeof PUZZLE_DIFFICULTIES)[number];

/**
 * What the deciding seat knew when it was its turn: a subset of its `PlayerView` (view.ts), built
 * field by field. Plain JSON. `legalMoves` are its play moves (a puzzle is never a forced move).
 */
export interface PuzzlePosition {
  readonly seat: Seat;
  readonly config: TableConfig;
  readonly handNumber: number;
  readonly leader: Seat;
  /** The seat's own tiles. */
  readonly hand: readonly Tile[];
  /** Tiles each seat holds (public). */
  readonly tileCounts: readonly number[];
  /** Undrawn tiles (0 when the table does not draw). */
  readonly stockCount: number;
  /** The line, left to right, with the seat that played each tile (public). */
  readonly line: readonly LinePiece[];
  readonly ends: OpenEnds | null;
  /** Passes this hand, with the ends each seat could not match (public). */
  readonly passes: readonly PassRecord[];
  /** Match score per side before the move. */
  readonly scores: readonly number[];
  readonly pendingBonuses: readonly Bonus[];
  readonly legalMoves: readonly PlayMove[];
}

/** A move and its expected points for the seat's side over the rest of the hand (0.1 steps). */
export interface PuzzleMoveValue {
  readonly move: PlayMove;
  readonly value: number;
}

/** A verified puzzle: the position, its answer and the evidence. */
export interface Puzzle {
  /** 16 hex characters of the SHA-256 of the position (`puzzleId`). */
  readonly id: string;
  readonly position: PuzzlePosition;
  /** The best move (any move with the same effect, `sameEffect`, is accepted as well). */
  readonly best: PlayMove;
  /** One value per distinct move (`sameEffect` merged), best first: the mean over every run. */
  readonly values: readonly PuzzleMoveValue[];
  /** Smallest lead of the best move over the second best across the verification runs, points. */
  readonly margin: number;
  readonly difficulty: PuzzleDifficulty;
}

/** How candidates are found and verified (decision 060 has the figures behind the defaults). */
export interface PuzzleCheck {
  /** A candidate's best move must beat the second best by this many expected points. */
  readonly candidateMargin: number;
  /** In every verification run the same move must be best by at least this many points. */
  readonly verifyMargin: number;
  /** Seeds of the verification runs (each combined with the puzzle id). */
  readonly seeds: readonly string[];
  /** Deals sampled per run; every seed is run with every count. */
  readonly samples: readonly number[];
  /** Search effort of every run besides `samples` (Difícil's defaults otherwise). */
  readonly dificil?: Partial<DificilOptions>;
}

export const DEFAULT_PUZZLE_CHECK: PuzzleCheck = Object.freeze({
  candidateMargin: 10,
  verifyMargin: 6,
  seeds: ['v1', 'v2'],
  samples: [24, 60],
});

const round1 = (x: number): number => Math.round(x * 10) / 10;

/** The seat's position from its view (its turn, more than one distinct play move), else null. */
export function puzzlePosition(view: PlayerView): PuzzlePosition | null {
  if (view.turn !== view.seat || view.status !== 'playing') return null;
  const plays = view.legalMoves.filter((m): m is PlayMove => m.kind === 'play');
  if (plays.length !== view.legalMoves.length || distinctMoves(plays, view.ends).length < 2)
    return null;
  return {
    seat: view.seat,
    config: view.config,
    handNumber: view.handNumber,
    leader: view.leader,
    hand: view.hand,
    tileCounts: view.tileCounts,
    stockCount: view.stockCount,
    line: view.line,
    ends: view.ends,
    passes: view.passes,
    scores: view.scores,
    pendingBonuses: view.pendingBonuses,
    legalMoves: plays,
  };
}

/**
 * A `PlayerView` holding only the position (no previous hand, no fairness record), so the bots'
 * search can read it. It is the seat's turn.
 */
export function positionView(position: PuzzlePosition): PlayerView {
  return {
    seat: position.seat,
    config: position.config,
    status: 'playing',
    handNumber: position.handNumber,
    leader: position.leader,
    turn: position.seat,
    requiredLead: null,
    hand: position.hand,
    tileCounts: position.tileCounts,
    stockCount: position.stockCount,
    line: position.line,
    ends: position.ends,
    passes: position.passes,
    scores: position.scores,
    pendingBonuses: position.pendingBonuses,
    legalMoves: position.legalMoves,
    lastHand: null,
    pastHands: [],
    handsPlayed: position.handNumber - 1,
    result: null,
    fairness: { commitment: '', clientSeeds: [], serverSeed: null },
  };
}

/** The position's id: 16 hex characters of the SHA-256 of its JSON. */
export function puzzleId(position: PuzzlePosition): string {
  return toHex(sha256(utf8Encode(JSON.stringify(position)))).slice(0, 16);
}

/** Open ends after `move` (placeTile's orientation rule), as an unordered pair. */
function endsAfter(move: PlayMove, ends: OpenEnds | null): [number, number] {
  const [a, b] = move.tile;
  let out: [number, number];
  if (ends === null) out = [a, b];
  else if (move.end === 'left') out = [b === ends.left ? a : b, ends.right];
  else out = [ends.left, a === ends.right ? b : a];
  return out[0] <= out[1] ? out : [out[1], out[0]];
}

/**
 * Whether two play moves leave the same position: the same tile and the same open ends (a tile
 * that fits both ends of a line whose ends show the same number).
 */
export function sameEffect(a: PlayMove, b: PlayMove, ends: OpenEnds | null): boolean {
  if (a.tile[0] !== b.tile[0] || a.tile[1] !== b.tile[1]) return false;
  const ea = endsAfter(a, ends);
  const eb = endsAfter(b, ends);
  return ea[0] === eb[0] && ea[1] === eb[1];
}

/** One move per distinct effect, in the given order. */
export function distinctMoves(moves: readonly PlayMove[], ends: OpenEnds | null): PlayMove[] {
  const out: PlayMove[] = [];
  for (const m of moves) if (!out.some((o) => sameEffect(o, m, ends))) out.push(m);
  return out;
}

/**
 * One search of the position: the value of each distinct move (`sameEffect` merged, keeping the
 * better one), best first, unrounded. Reads only the position, the seed and the options.
 */
export function evaluatePosition(
  position: PuzzlePosition,
  seed: string,
  options: Partial<DificilOptions> = {},
): PuzzleMoveValue[] {
  const analysis = analyzeDificil(positionView(position), seed, options);
  const sorted = analysis.values
    .filter((v): v is { move: PlayMove; value: number } => v.move.kind === 'play')
    .sort((a, b) => b.value - a.value);
  const out: PuzzleMoveValue[] = [];
  for (const v of sorted)
    if (!out.some((o) => sameEffect(o.move, v.move, position.ends))) out.push(v);
  return out;
}

/** Lead of the first value over the second (Infinity with a single value). */
function leadOf(values: readonly PuzzleMoveValue[]): number {
  const [first, second] = values;
  if (!first) return 0;
  return second ? first.value - second.value : Infinity;
}

/**
 * The difficulty from the verified margin (expected points) and the number of distinct moves to
 * choose from: a wide margin among few moves is `facil`, a narrow one among many `dificil`
 * (decision 060). Tiles still in the seat's hand add depth: 5 or more counts as one more move.
 */
export function puzzleDifficulty(
  margin: number,
  choices: number,
  handSize: number,
): PuzzleDifficulty {
  const breadth = choices + (handSize >= 5 ? 1 : 0);
  if (margin >= 20 && breadth <= 3) return 'facil';
  if (margin < 14 && breadth >= 4) return 'dificil';
  if (margin < 10) return 'dificil';
  return 'media';
}

/**
 * Whether `values` (one search) make the position a candidate: the best distinct move beats the
 * second best by at least `check.candidateMargin` points.
 */
export function isCandidate(values: readonly PuzzleMoveValue[], check: PuzzleCheck): boolean {
  return values.length >= 2 && leadOf(values) >= check.candidateMargin;
}

/** The outcome of a verification: the puzzle, or why the position was refused. */
export type Verification =
  | { readonly verified: true; readonly puzzle: Puzzle }
  | { readonly verified: false; readonly reason: 'unstable' | 'narrow'; readonly runs: number };

/**
 * Verifies a candidate: searches it once per seed and sample count of `check`, each run with the
 * seed `${puzzleId}:${seed}:${samples}`. Verified when every run has the same best move (up to
 * `sameEffect`) and its lead over the second best is at least `check.verifyMargin` in every run.
 * The puzzle's values are the mean of the runs (rounded to 0.1), its margin the smallest lead.
 * Throws RangeError for a position without a legal move.
 */
export function verifyPuzzle(
  position: PuzzlePosition,
  check: PuzzleCheck = DEFAULT_PUZZLE_CHECK,
): Verification {
  const id = puzzleId(position);
  const runs: PuzzleMoveValue[][] = [];
  for (const seed of check.seeds)
    for (const samples of check.samples)
      runs.push(
        evaluatePosition(position, `${id}:${seed}:${samples}`, { ...check.dificil, samples }),
      );
  const first = runs[0]?.[0];
  if (!first) return { verified: false, reason: 'unstable', runs: runs.length };
  if (!runs.every((r) => r[0] !== undefined && sameEffect(r[0].move, first.move, position.ends)))
    return { verified: false, reason: 'unstable', runs: runs.length };
  const margin = Math.min(...runs.map(leadOf));
  if (margin < check.verifyMargin) return { verified: false, reason: 'narrow', runs: runs.length };
  const moves = distinctMoves(position.legalMoves, position.ends);
  const values = moves
    .map((move) => {
      let sum = 0;
      for (const r of runs)
        sum += r.find((v) => sameEffect(v.move, move, position.ends))?.value ?? 0;
      return { move, value: round1(sum / runs.length) };
    })
    .sort((a, b) => b.value - a.value);
  const best = moves.find((m) => sameEffect(m, first.move, position.ends)) ?? first.move;
  const rounded = round1(margin);
  return {
    verified: true,
    puzzle: {
      id,
      position,
      best,
      values: [
        ...values.filter((v) => sameEffect(v.move, best, position.ends)),
        ...values.filter((v) => !sameEffect(v.move, best, position.ends)),
      ],
      margin: rounded,
      difficulty: puzzleDifficulty(rounded, moves.length, position.hand.length),
    },
  };
}

/** Whether `answer` is the puzzle's answer: the best move or one with the same effect. */
export function isPuzzleAnswer(puzzle: Pick<Puzzle, 'best' | 'position'>, answer: Move): boolean {
  return answer.kind === 'play' && sameEffect(puzzle.best, answer, puzzle.position.ends);
}

/** A decision of a played match that may become a puzzle: its index in the log and its view. */
export interface PuzzleSource {
  readonly index: number;
  readonly position: PuzzlePosition;
}

/**
 * The positions of `seat` at the given move indices (all its non-forced decisions when `indices`
 * is absent), replaying the match from its revealed seeds and move log. Throws ReplayError when
 * the log does not replay.
 */
export function matchPositions(
  config: TableConfig,
  fairness: FairnessSeeds,
  moves: readonly SeatedMove[],
  seat: Seat | null,
  indices?: readonly number[],
): PuzzleSource[] {
  let state: MatchState = startMatch(config, fairness);
  const out: PuzzleSource[] = [];
  const wanted = indices ? new Set(indices) : null;
  moves.forEach((m, index) => {
    if ((seat === null || m.seat === seat) && (wanted === null || wanted.has(index))) {
      const position = puzzlePosition(playerView(state, m.seat));
      if (position) out.push({ index, position });
    }
    const result = applyMove(state, m.seat, m.move);
    if (!result.ok) throw new ReplayError(index, result.code);
    state = result.state;
  });
  return out;
}

/** Counts of one mining run (decision 060 reports them). */
export interface MiningFigures {
  positions: number;
  candidates: number;
  verified: number;
  unstable: number;
  narrow: number;
  byDifficulty: Record<PuzzleDifficulty, number>;
}

/** Empty figures. */
export function emptyFigures(): MiningFigures {
  return {
    positions: 0,
    candidates: 0,
    verified: 0,
    unstable: 0,
    narrow: 0,
    byDifficulty: { facil: 0, media: 0, dificil: 0 },
  };
}

/**
 * Mines `sources`: screens each with one search (seed `${seed}:${index}`), verifies the
 * candidates (`verifyPuzzle`) and returns the verified puzzles, adding to `figures`.
 */
export function minePositions(
  sources: readonly PuzzleSource[],
  seed: string,
  check: PuzzleCheck = DEFAULT_PUZZLE_CHECK,
  figures: MiningFigures = emptyFigures(),
): Puzzle[] {
  const out: Puzzle[] = [];
  for (const source of sources) {
    figures.positions++;
    const values = evaluatePosition(source.position, `${seed}:${source.index}`, check.dificil);
    if (!isCandidate(values, check)) continue;
    figures.candidates++;
    const verdict = verifyPuzzle(source.position, check);
    if (!verdict.verified) {
      figures[verdict.reason]++;
      continue;
    }
    figures.verified++;
    figures.byDifficulty[verdict.puzzle.difficulty]++;
    out.push(verdict.puzzle);
  }
  return out;
}

/**
 * A whole match between Medio bots from deterministic seeds (`puzzles-${n}`), as its seeds and
 * move log: the self-play source of the shipped puzzle set.
 */
export function selfPlayMatch(
  config: TableConfig,
  n: number,
): { fairness: FairnessSeeds; moves: SeatedMove[] } {
  const fairness: FairnessSeeds = {
    serverSeed: `puzzles-${n}`,
    clientSeeds: Array.from({ length: config.players }, (_, i) => `seat-${i}`),
  };
  let state: MatchState = startMatch(config, fairness);
  const moves: SeatedMove[] = [];
  while (state.status === 'playing') {
    const seat = state.hand.turn as Seat;
    const move = chooseMove(playerView(state, seat), 'medio', `puzzles-${n}-${moves.length}`);
    const result = applyMove(state, seat, move);
    if (!result.ok) throw new ReplayError(moves.length, result.code);
    moves.push({ seat, move });
    state = result.state;
  }
  return { fairness, moves };
}
