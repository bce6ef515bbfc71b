import type { FastifyBaseLogger } from 'fastify';
import type { ExpertoOptions, LoggedMove, MatchState, Move, Seat } from '@domino/domino';
import type { Db } from '../../db/client';
import { JobRegistry, PeriodicJob } from '../../lib/periodic';
import { findGame, movesOf } from '../games/repo';
import { computeInWorker, type AnalysisInput, type AnalysisOutput } from './compute';
import { claimAnalysis, completeAnalysis, failAnalysis, type AnalysisClaim } from './repo';

/** Tunables of the analysis runner (docs/decisions/029-post-game-analysis.md). */
export interface AnalysisRunnerOptions {
  /** How long a claim is valid before another node may take the job over (ms). */
  leaseMs: number;
  /** Claims of one job before it is marked failed. */
  maxAttempts: number;
  /** A worker running longer than this is terminated and the attempt fails (ms). */
  timeoutMs: number;
  /** Jobs one tick runs, one after the other, at most. */
  jobsPerTick: number;
  /**
   * Overrides of the search (tests pass a light effort); the engine's `ANALYSIS_EXPERTO_OPTIONS`
   * when absent.
   */
  experto?: Partial<ExpertoOptions>;
  /** How a job is computed: a worker thread (default); tests may swap it to stage a crash. */
  compute?: (input: AnalysisInput, timeoutMs: number) => Promise<AnalysisOutput>;
}

export const DEFAULT_ANALYSIS_RUNNER: AnalysisRunnerOptions = {
  leaseMs: 120_000,
  maxAttempts: 3,
  timeoutMs: 90_000,
  jobsPerTick: 4,
};

/** What one tick did. */
export interface AnalysisTick {
  done: number;
  failed: number;
  /** Completions refused because a newer claim took the job over. */
  superseded: number;
}

/**
 * The input of a claimed job: the finished match's rules, revealed seeds and move log. Throws
 * when the game is missing or not finished (cannot happen: only finished matches are queued).
 */
export async function analysisInput(
  db: Db,
  claim: AnalysisClaim,
  experto?: Partial<ExpertoOptions>,
): Promise<AnalysisInput> {
  const game = await findGame(db, claim.gameId);
  const state = game?.state as MatchState | undefined;
  if (!game || !state || state.status !== 'finished')
    throw new Error(`game ${claim.gameId} is not a finished match`);
  const moves: LoggedMove[] = (await movesOf(db, claim.gameId)).map((m) => ({
    seat: m.seat as Seat,
    move: m.move as Move,
    actor: m.actor === 'autoplay' ? 'autoplay' : m.actor === 'bot' ? 'bot' : 'player',
  }));
  return {
    config: state.config,
    fairness: {
      serverSeed: state.fairness.serverSeed,
      clientSeeds: [...state.fairness.clientSeeds],
    },
    moves,
    seat: claim.seat as Seat,
    seed: claim.gameId,
    ...(experto ? { experto } : {}),
  };
}

/**
 * How long the runner sleeps after a pass that claimed nothing (ms): a request on a node that
 * computes jobs runs its runner at once (`runSoon`), so this is the fallback for jobs queued on
 * a node that does not compute them, and for leases left by a node that died
 * (docs/decisions/078-jobs-sleep-while-idle.md).
 */
export const ANALYSIS_IDLE_MS = 3_000;

/** The runner of each app that computes jobs (module.ts registers it; the request route wakes it). */
export const analysisRunners = new JobRegistry<AnalysisRunner>();

/**
 * The analysis runner: every node runs one (like the table keeper). Each tick claims up to
 * `jobsPerTick` jobs one at a time (repo.ts `claimAnalysis`, SKIP LOCKED under a lease), computes
 * each in a worker thread so the event loop stays free, and stores the result under the claim's
 * fencing token. A failure is logged and retried on a later tick until `maxAttempts`. It ticks
 * once a second while it finds jobs, every ANALYSIS_IDLE_MS while it finds none.
 */
export class AnalysisRunner extends PeriodicJob<AnalysisTick> {
  private readonly opts: AnalysisRunnerOptions;

  constructor(
    private readonly db: Db,
    intervalMs: number,
    log: FastifyBaseLogger,
    options: Partial<AnalysisRunnerOptions> = {},
  ) {
    super('analysis runner', intervalMs, log);
    this.opts = { ...DEFAULT_ANALYSIS_RUNNER, ...options };
  }

  protected override nextDelayMs(pass: AnalysisTick | undefined): number {
    const idle = pass !== undefined && pass.done + pass.failed + pass.superseded === 0;
    return idle ? Math.max(ANALYSIS_IDLE_MS, this.intervalMs) : this.intervalMs;
  }

  async tick(): Promise<AnalysisTick> {
    const out: AnalysisTick = { done: 0, failed: 0, superseded: 0 };
    const { leaseMs, maxAttempts, timeoutMs, jobsPerTick, experto } = this.opts;
    const compute = this.opts.compute ?? computeInWorker;
    for (let i = 0; i < jobsPerTick; i++) {
      const claim = await claimAnalysis(this.db, leaseMs, maxAttempts);
      if (!claim) break;
      try {
        const result = await compute(await analysisInput(this.db, claim, experto), timeoutMs);
        if (await completeAnalysis(this.db, claim, result.review, result.cpuMs)) out.done++;
        else out.superseded++;
      } catch (err) {
        this.log.error({ err, gameId: claim.gameId, seat: claim.seat }, 'analysis failed');
        const message = err instanceof Error ? err.message : String(err);
        if (await failAnalysis(this.db, claim, message, maxAttempts)) out.failed++;
        else out.superseded++;
      }
    }
    return out;
  }
}
