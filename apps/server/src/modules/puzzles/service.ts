import { and, eq, sql } from 'drizzle-orm';
import {
  MSG_PUZZLES,
  explainPuzzle,
  type PuzzleAnswerRequest,
  type PuzzleAnswerResponse,
  type PuzzleDifficultyJson,
  type PuzzlePositionJson,
  type PuzzleResponse,
  type PuzzleStreak,
} from '@domino/contracts';
import { isPuzzleAnswer, sha256, toHex, utf8Encode, type PlayMove } from '@domino/domino';
import type { Db, Executor } from '../../db/client';
import { puzzleAttempts, puzzleStreaks } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { caracasDate } from '../../lib/time';
import {
  dayOfPuzzle,
  ensureShippedPuzzles,
  findPuzzle,
  fixPuzzleOfDay,
  nextPracticePuzzle,
  puzzleOfDay,
  type StoredPuzzle,
} from './repo';

/**
 * "Problema del día" (docs/decisions/060-puzzles.md): the daily puzzle (the same for everyone on
 * a Caracas calendar day), the answer check with its Spanish explanation, the streak (consecutive
 * days whose daily puzzle the player solved at the first try) and practice by difficulty. No
 * money anywhere. Every function takes `now`, so tests move the clock.
 */

/** The Caracas calendar day of `at` as YYYY-MM-DD. */
export function caracasDay(at: Date): string {
  const { year, month, day } = caracasDate(at);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar day before `day` (YYYY-MM-DD). */
export function previousDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/** The deterministic pick of a day: the first 6 bytes of SHA-256("puzzle-day:" + day). */
export function dayPick(day: string): number {
  return parseInt(toHex(sha256(utf8Encode(`puzzle-day:${day}`))).slice(0, 12), 16);
}

/** The wire shape of a position: the seat's view only, field by field. */
export function positionJson(p: StoredPuzzle['position']): PuzzlePositionJson {
  return {
    seat: p.seat,
    mode: p.config.mode,
    players: p.config.players,
    target_points: p.config.targetPoints,
    hand_number: p.handNumber,
    leader: p.leader,
    hand: p.hand.map((t) => [t[0], t[1]]),
    tile_counts: [...p.tileCounts],
    stock_count: p.stockCount,
    line: p.line.map((l) => ({
      tile: [l.tile[0], l.tile[1]],
      seat: l.seat,
      left: l.left,
      right: l.right,
    })),
    ends: p.ends ? { left: p.ends.left, right: p.ends.right } : null,
    passes: p.passes.map((x) => ({ seat: x.seat, left: x.left, right: x.right })),
    scores: [...p.scores],
    legal_moves: p.legalMoves.map((m) => ({ tile: [m.tile[0], m.tile[1]], end: m.end })),
  };
}

/** A puzzle without its answer (the GET): never `best`, never the values. */
export function puzzleJson(p: StoredPuzzle, day: string | null): PuzzleResponse {
  return {
    id: p.id,
    difficulty: p.difficulty,
    day,
    prompt: MSG_PUZZLES.prompt,
    position: positionJson(p.position),
  };
}

/**
 * GET /api/puzzles/daily: today's (Caracas) puzzle, fixed the first time the day is asked for.
 * Errors: 404 `puzzles/none_today` with an empty pool.
 */
export async function dailyPuzzle(db: Db, now: Date): Promise<PuzzleResponse> {
  await ensureShippedPuzzles(db);
  const day = caracasDay(now);
  const id = (await puzzleOfDay(db, day)) ?? (await fixPuzzleOfDay(db, day, dayPick(day)));
  const puzzle = id ? await findPuzzle(db, id) : undefined;
  if (!puzzle) throw new AppError('puzzles/none_today', 404, MSG_PUZZLES.noneToday);
  return puzzleJson(puzzle, day);
}

/**
 * GET /api/puzzles/practice: the next puzzle of `difficulty` the player has not solved (never a
 * daily one). Errors: 404 `puzzles/none_left` when they solved them all.
 */
export async function practicePuzzle(
  db: Db,
  userId: number,
  difficulty: PuzzleDifficultyJson,
): Promise<PuzzleResponse> {
  await ensureShippedPuzzles(db);
  const puzzle = await nextPracticePuzzle(db, userId, difficulty);
  if (!puzzle) throw new AppError('puzzles/none_left', 404, MSG_PUZZLES.noneLeft);
  return puzzleJson(puzzle, null);
}

type StreakRow = typeof puzzleStreaks.$inferSelect;

/** The streak as shown on `today`: a streak whose last day is before yesterday shows 0. */
function streakJson(
  row: StreakRow | undefined,
  today: string,
  todays: { answered: boolean; solved: boolean },
): PuzzleStreak {
  const lastDay = row?.lastDay ?? null;
  const alive = lastDay !== null && (lastDay === today || lastDay === previousDay(today));
  return {
    current: alive ? (row?.current ?? 0) : 0,
    best: row?.best ?? 0,
    last_day: lastDay,
    today,
    answered_today: todays.answered,
    solved_today: todays.solved,
  };
}

async function todaysAttempt(
  db: Executor,
  userId: number,
  today: string,
): Promise<{ answered: boolean; solved: boolean }> {
  const [row] = await db
    .select({ firstCorrect: puzzleAttempts.firstCorrect })
    .from(puzzleAttempts)
    .where(and(eq(puzzleAttempts.userId, userId), eq(puzzleAttempts.day, today)));
  return { answered: row !== undefined, solved: row?.firstCorrect ?? false };
}

/** GET /api/puzzles/streak: the player's streak on the Caracas day of `now`. */
export async function streakOf(db: Executor, userId: number, now: Date): Promise<PuzzleStreak> {
  const today = caracasDay(now);
  const [row] = await db.select().from(puzzleStreaks).where(eq(puzzleStreaks.userId, userId));
  return streakJson(row, today, await todaysAttempt(db, userId, today));
}

/**
 * POST /api/puzzles/{id}/answer: checks `answer` against the verified best move (a move with the
 * same effect counts), records the player's first answer, and, when the puzzle is today's daily
 * puzzle and this is the first answer, moves the streak: +1 after a solve yesterday (else 1) when
 * right, 0 when wrong. Later answers are checked and explained but change nothing but `tries`.
 * Returns the verdict, the best move, every move's value and the Spanish explanation. Errors: 404
 * `puzzles/not_found`; 422 `puzzles/illegal` for a move that is not one of the position's.
 */
export async function answerPuzzle(
  db: Db,
  userId: number,
  puzzleId: string,
  answer: PuzzleAnswerRequest,
  now: Date,
): Promise<PuzzleAnswerResponse> {
  await ensureShippedPuzzles(db);
  const puzzle = await findPuzzle(db, puzzleId);
  if (!puzzle) throw new AppError('puzzles/not_found', 404, MSG_PUZZLES.notFound);
  const move: PlayMove = { kind: 'play', tile: [answer.tile[0], answer.tile[1]], end: answer.end };
  const legal = puzzle.position.legalMoves.some(
    (m) => m.tile[0] === move.tile[0] && m.tile[1] === move.tile[1] && m.end === move.end,
  );
  if (!legal) throw new AppError('puzzles/illegal', 422, MSG_PUZZLES.illegal);
  const correct = isPuzzleAnswer(puzzle, move);
  const today = caracasDay(now);
  const daily = (await dayOfPuzzle(db, puzzle.id)) === today;

  const { firstTry, streak } = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(puzzleAttempts)
      .values({
        userId,
        puzzleId: puzzle.id,
        day: daily ? today : null,
        firstCorrect: correct,
        firstAnswer: { tile: move.tile, end: move.end },
        solved: correct,
      })
      .onConflictDoNothing()
      .returning({ userId: puzzleAttempts.userId });
    const first = inserted.length > 0;
    if (!first)
      await tx
        .update(puzzleAttempts)
        .set({
          tries: sql`${puzzleAttempts.tries} + 1`,
          solved: sql`${puzzleAttempts.solved} or ${correct}`,
          updatedAt: now,
        })
        .where(and(eq(puzzleAttempts.userId, userId), eq(puzzleAttempts.puzzleId, puzzle.id)));
    if (first && daily) {
      await tx.insert(puzzleStreaks).values({ userId }).onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(puzzleStreaks)
        .where(eq(puzzleStreaks.userId, userId))
        .for('update');
      const current = correct
        ? row?.lastDay === previousDay(today)
          ? (row?.current ?? 0) + 1
          : 1
        : 0;
      await tx
        .update(puzzleStreaks)
        .set({
          current,
          best: Math.max(row?.best ?? 0, current),
          lastDay: correct ? today : (row?.lastDay ?? null),
          updatedAt: now,
        })
        .where(eq(puzzleStreaks.userId, userId));
    }
    return { firstTry: first, streak: await streakOf(tx, userId, now) };
  });

  return {
    correct,
    first_try: firstTry,
    best: { tile: [puzzle.best.tile[0], puzzle.best.tile[1]], end: puzzle.best.end },
    options: puzzle.values.map((v) => ({
      move: { tile: [v.move.tile[0], v.move.tile[1]], end: v.move.end },
      value: v.value,
    })),
    margin: puzzle.margin,
    explanation: explainPuzzle(puzzle.position, puzzle.best, puzzle.values),
    streak,
  };
}
