import { and, eq, sql } from 'drizzle-orm';
import { claimLeasedJob } from '../../lib/leased-jobs';
import type { Executor } from '../../db/client';
import { gameAnalyses } from '../../db/schema';

/**
 * The analysis queue (docs/decisions/029-post-game-analysis.md): a `game_analyses` row is both a
 * job and its cached result. Every node's runner claims the oldest claimable row with
 * `FOR UPDATE SKIP LOCKED` (so two nodes never claim the same row in the same instant) and marks
 * it running under a lease; a node that dies mid-job leaves a lease that runs out, and the row is
 * claimed again (up to `maxAttempts` claims). A completion names the claim it finishes (its
 * attempt number): a run whose lease ran out and was claimed again cannot overwrite the newer
 * claim's outcome.
 */

export type AnalysisRow = typeof gameAnalyses.$inferSelect;

/** A claimed job: the row's key and the claim's attempt number (its fencing token). */
export interface AnalysisClaim {
  gameId: string;
  seat: number;
  attempt: number;
}

/**
 * Queues the analysis of (`gameId`, `seat`) for `userId`, or leaves the existing row alone:
 * idempotent under concurrent requests (one row per key, `ON CONFLICT`). A failed analysis is
 * queued again with fresh attempts. Returns the row as it stands after the call.
 */
export async function enqueueAnalysis(
  db: Executor,
  gameId: string,
  seat: number,
  userId: number,
): Promise<AnalysisRow> {
  await db
    .insert(gameAnalyses)
    .values({ gameId, seat, userId })
    .onConflictDoUpdate({
      target: [gameAnalyses.gameId, gameAnalyses.seat],
      set: { status: 'pending', attempts: 0, error: null, leaseUntil: null, updatedAt: sql`now()` },
      setWhere: sql`${gameAnalyses.status} = 'failed'`,
    });
  const row = await findAnalysis(db, gameId, seat);
  if (!row) throw new Error(`analysis row ${gameId}/${seat} vanished`);
  return row;
}

/** The row of (`gameId`, `seat`), if its analysis was ever asked for. */
export async function findAnalysis(
  db: Executor,
  gameId: string,
  seat: number,
): Promise<AnalysisRow | undefined> {
  const [row] = await db
    .select()
    .from(gameAnalyses)
    .where(and(eq(gameAnalyses.gameId, gameId), eq(gameAnalyses.seat, seat)));
  return row;
}

/**
 * Claims the oldest job that is pending, or running with a lease that ran out and claims left:
 * status running, `attempts + 1`, lease until now + `leaseMs` (database clock). Rows locked by
 * another transaction are skipped. Returns null when there is nothing to claim. Jobs whose lease
 * ran out with no claims left are marked failed first.
 */
export async function claimAnalysis(
  db: Executor,
  leaseMs: number,
  maxAttempts: number,
): Promise<AnalysisClaim | null> {
  const claim = await claimLeasedJob(
    db,
    { table: 'game_analyses', key: 'seat' },
    leaseMs,
    maxAttempts,
  );
  return claim && { gameId: claim.gameId, seat: claim.key, attempt: claim.attempt };
}

/**
 * Stores the result of `claim`: status done, the review, its CPU time (ms). Only the current
 * claim may complete (same attempt, still running); returns false when a newer claim took over.
 */
export async function completeAnalysis(
  db: Executor,
  claim: AnalysisClaim,
  result: unknown,
  cpuMs: number,
): Promise<boolean> {
  const done = await db
    .update(gameAnalyses)
    .set({
      status: 'done',
      result,
      cpuMs: Math.round(cpuMs),
      error: null,
      leaseUntil: null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(current(claim))
    .returning({ seat: gameAnalyses.seat });
  return done.length === 1;
}

/**
 * Records that `claim` failed with `error` (English, for the logs; never sent to a client): back
 * to pending while claims are left, failed after the last. Returns false when a newer claim took
 * over.
 */
export async function failAnalysis(
  db: Executor,
  claim: AnalysisClaim,
  error: string,
  maxAttempts: number,
): Promise<boolean> {
  const out = await db
    .update(gameAnalyses)
    .set({
      status: claim.attempt >= maxAttempts ? 'failed' : 'pending',
      error: error.slice(0, 500),
      leaseUntil: null,
      updatedAt: sql`now()`,
    })
    .where(current(claim))
    .returning({ seat: gameAnalyses.seat });
  return out.length === 1;
}

function current(claim: AnalysisClaim) {
  return and(
    eq(gameAnalyses.gameId, claim.gameId),
    eq(gameAnalyses.seat, claim.seat),
    eq(gameAnalyses.status, 'running'),
    eq(gameAnalyses.attempts, claim.attempt),
  );
}
