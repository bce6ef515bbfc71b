import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_PUZZLE_CHECK,
  isCandidate,
  sameEffect,
  type MatchReview,
  type MatchState,
  type Move,
  type PlayMove,
  type PuzzleCheck,
  type PuzzleMoveValue,
  type Seat,
} from '@domino/domino';
import type { Db } from '../../db/client';
import { gameAnalyses, puzzleMinedAnalyses } from '../../db/schema';
import { PeriodicJob } from '../../lib/periodic';
import { findGame, movesOf } from '../games/repo';
import { mineInWorker, type MiningInput, type MiningOutput } from './compute';
import { insertPuzzles } from './repo';

/**
 * The puzzle miner (docs/decisions/060-puzzles.md): every node runs one, like the analysis
 * runner. Each tick claims finished analyses (`game_analyses` rows `done`) the miner has not read
 * yet by inserting their `puzzle_mined_analyses` row (the first node to insert wins), picks the
 * decisions where the analysis's best move beat the second by the candidate margin, verifies them
 * in a worker thread (the seat's view only, several seeds and sample counts) and adds the verified
 * ones to the pool. A job that fails is marked `failed` and not retried (its candidates are lost,
 * the pool is not harmed).
 */

/** Tunables of the miner. */
export interface PuzzleMinerOptions {
  /** Analyses one tick reads, at most. */
  jobsPerTick: number;
  /** A worker running longer than this is terminated and the job fails (ms). */
  timeoutMs: number;
  /** Candidate margin and verification runs (tests pass a lighter search). */
  check: PuzzleCheck;
  /** How a job is computed: a worker thread (default). */
  compute?: (input: MiningInput, timeoutMs: number) => Promise<MiningOutput>;
}

export const DEFAULT_PUZZLE_MINER: PuzzleMinerOptions = {
  jobsPerTick: 2,
  timeoutMs: 120_000,
  check: DEFAULT_PUZZLE_CHECK,
};

/** What one tick did. */
export interface PuzzleMinerTick {
  analyses: number;
  candidates: number;
  verified: number;
  failed: number;
}

/**
 * The move indices of `review` worth verifying: searched decisions whose best distinct move (moves
 * with the same effect merged) leads the second by `check.candidateMargin` or more.
 */
export function candidateIndices(review: MatchReview, check: PuzzleCheck): number[] {
  const out: number[] = [];
  for (const d of review.decisions) {
    if (d.forced || d.values.length < 2) continue;
    const merged: PuzzleMoveValue[] = [];
    for (const v of d.values) {
      if (v.move.kind !== 'play') continue;
      const move = v.move as PlayMove;
      if (!merged.some((m) => sameEffect(m.move, move, d.ends)))
        merged.push({ move, value: v.value });
    }
    if (isCandidate(merged, check)) out.push(d.index);
  }
  return out;
}

export class PuzzleMiner extends PeriodicJob<PuzzleMinerTick> {
  private readonly opts: PuzzleMinerOptions;

  constructor(
    private readonly db: Db,
    intervalMs: number,
    log: FastifyBaseLogger,
    options: Partial<PuzzleMinerOptions> = {},
  ) {
    super('puzzle miner', intervalMs, log);
    this.opts = { ...DEFAULT_PUZZLE_MINER, ...options };
  }

  /** Claims the oldest finished analysis not read yet; undefined when there is none. */
  private async claim(): Promise<{ gameId: string; seat: number } | undefined> {
    const res = await this.db.execute(sql`
      insert into ${puzzleMinedAnalyses} (game_id, seat)
      select a.game_id, a.seat from ${gameAnalyses} a
      where a.status = 'done' and not exists (
        select 1 from ${puzzleMinedAnalyses} m where m.game_id = a.game_id and m.seat = a.seat)
      order by a.finished_at, a.game_id, a.seat
      limit 1
      on conflict do nothing
      returning game_id, seat`);
    const row = (res as unknown as { rows: { game_id: string; seat: number }[] }).rows[0];
    return row ? { gameId: row.game_id, seat: Number(row.seat) } : undefined;
  }

  private async finish(
    job: { gameId: string; seat: number },
    status: 'done' | 'failed',
    candidates: number,
    verified: number,
  ): Promise<void> {
    await this.db
      .update(puzzleMinedAnalyses)
      .set({ status, candidates, verified, finishedAt: sql`now()` })
      .where(
        and(eq(puzzleMinedAnalyses.gameId, job.gameId), eq(puzzleMinedAnalyses.seat, job.seat)),
      );
  }

  async tick(): Promise<PuzzleMinerTick> {
    const out: PuzzleMinerTick = { analyses: 0, candidates: 0, verified: 0, failed: 0 };
    const compute = this.opts.compute ?? mineInWorker;
    for (let i = 0; i < this.opts.jobsPerTick; i++) {
      const job = await this.claim();
      if (!job) break;
      out.analyses++;
      try {
        const [analysis] = await this.db
          .select({ result: gameAnalyses.result })
          .from(gameAnalyses)
          .where(and(eq(gameAnalyses.gameId, job.gameId), eq(gameAnalyses.seat, job.seat)));
        const indices = candidateIndices(analysis?.result as MatchReview, this.opts.check);
        out.candidates += indices.length;
        let verified = 0;
        if (indices.length > 0) {
          const game = await findGame(this.db, job.gameId);
          const state = game?.state as MatchState | undefined;
          if (!state || state.status !== 'finished')
            throw new Error(`game ${job.gameId} is not a finished match`);
          const moves = (await movesOf(this.db, job.gameId)).map((m) => ({
            seat: m.seat as Seat,
            move: m.move as Move,
          }));
          const result = await compute(
            {
              config: state.config,
              fairness: {
                serverSeed: state.fairness.serverSeed,
                clientSeeds: [...state.fairness.clientSeeds],
              },
              moves,
              seat: job.seat as Seat,
              indices,
              check: this.opts.check,
            },
            this.opts.timeoutMs,
          );
          verified = result.puzzles.length;
          await insertPuzzles(this.db, result.puzzles, 'match', job.gameId);
        }
        out.verified += verified;
        await this.finish(job, 'done', indices.length, verified);
      } catch (err) {
        this.log.error({ err, gameId: job.gameId, seat: job.seat }, 'puzzle mining failed');
        out.failed++;
        await this.finish(job, 'failed', 0, 0);
      }
    }
    return out;
  }
}
