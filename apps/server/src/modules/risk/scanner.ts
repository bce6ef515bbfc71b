import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { PeriodicJob } from '../../lib/periodic';
import {
  enqueueHandSharing,
  runHandSharing,
  type HandSharingOptions,
  type SharingRun,
} from './hand-sharing';
import { scanPlayers, scanRisk, type ScanOutcome } from './queue';

/** How often a full scan runs across all nodes by default: every 15 minutes, in milliseconds. */
export const RISK_SCAN_INTERVAL_MS = 15 * 60 * 1000;
/** How often each node asks whether a full scan is due: at most once a minute, in ms. */
export const RISK_SCAN_CHECK_MS = 60 * 1000;

/**
 * The periodic risk scan (docs/decisions/032-risk-signals.md, 049-risk-scanning-and-groups.md):
 * every node runs one, checking every min(interval, 1 minute) whether a full scan is due (the
 * last one, by any node, is older than `intervalMs`); the scan claim (`risk_scan_state`, `FOR
 * UPDATE SKIP LOCKED`) makes a node skip while another scans, so the cluster scans once per
 * interval and two nodes never scan at once. The first check runs at start.
 */
export class RiskScanner extends PeriodicJob<ScanOutcome> {
  constructor(
    private readonly db: Db,
    /** Milliseconds between full scans (config RISK_SCAN_INTERVAL_MS); 0 disables the job. */
    private readonly scanEveryMs: number,
    log: FastifyBaseLogger,
  ) {
    super('risk scanner', scanEveryMs > 0 ? Math.min(scanEveryMs, RISK_SCAN_CHECK_MS) : 0, log);
  }

  async tick() {
    return scanRisk(this.db, new Date(), { ifOlderThanMs: this.scanEveryMs });
  }
}

/** How often a node that computes jobs looks for queued hand-sharing scores, in milliseconds. */
export const HAND_SHARING_POLL_MS = 2_000;
/**
 * How long the runner sleeps after a tick that found no queued score (ms): a node that computes
 * jobs runs the scores it queues itself (SettledMatchScans), so the runner is the fallback for the
 * scores of game nodes and of nodes that stopped (docs/decisions/078-jobs-sleep-while-idle.md).
 */
export const HAND_SHARING_IDLE_MS = 10_000;

/**
 * The hand-sharing scores' runner (docs/decisions/059-hand-sharing-detector.md, 072) on every
 * node that computes jobs (config COMPUTE_JOBS): each tick claims and computes queued scores (up
 * to `jobsPerRun`, one at a time, under leases), whichever node queued them: a job node's share
 * of the game nodes' settled matches, and the scores a node left when it stopped or failed. It
 * ticks every HAND_SHARING_POLL_MS while it finds scores, every HAND_SHARING_IDLE_MS while not.
 */
export class HandSharingRunner extends PeriodicJob<SharingRun> {
  constructor(
    private readonly db: Db,
    /** Milliseconds between ticks; 0 disables the timer (tests call `tick`). */
    intervalMs: number,
    log: FastifyBaseLogger,
  ) {
    super('hand-sharing runner', intervalMs, log);
  }

  tick() {
    return runHandSharing(this.db, {}, this.log);
  }

  protected override nextDelayMs(run: SharingRun | undefined): number {
    const idle = run !== undefined && run.done + run.failed === 0;
    return idle ? Math.max(HAND_SHARING_IDLE_MS, this.intervalMs) : this.intervalMs;
  }
}

/** Players whose scan waits at most; beyond it they wait for the next periodic full scan. */
export const SETTLED_SCAN_MAX_PENDING = 10_000;

/**
 * The incremental scans after settled matches (decision 049), one queue per node: the games
 * module reports a settled match's players after its commit (`AppDeps.riskFollowUp`, the
 * `matchSettled` port of games/context.ts); they are scanned off the request path, players of
 * matches that settle during a scan together in the next one, so a burst of matches costs a few
 * scans. A failure is logged and never reaches the settlement, which had already committed.
 */
export class SettledMatchScans {
  private pending = new Set<number>();
  private pendingGames = new Set<string>();
  private running: Promise<void> | null = null;
  private log: Pick<FastifyBaseLogger, 'error' | 'warn'> | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    /** Options of the hand-sharing scores run after the scans (decision 059). */
    private readonly sharing: Partial<HandSharingOptions> = {},
    /**
     * Whether this node computes the scores it queues (config COMPUTE_JOBS, decision 072);
     * otherwise they wait for a node that does (HandSharingRunner).
     */
    private readonly computeScores = true,
  ) {}

  /** Where failures are reported (the app's logger, set by buildApp). */
  useLogger(log: Pick<FastifyBaseLogger, 'error' | 'warn'>): void {
    this.log = log;
  }

  /**
   * A match of `userIds` (human seats) settled: scan them soon, and with `gameId`, queue and run
   * its hand-sharing score (decision 059; only rated or paid parejas matches qualify). Never
   * throws.
   */
  matchSettled(userIds: readonly number[], gameId?: string): void {
    if (this.closed) return;
    if (gameId !== undefined && this.pendingGames.size < SETTLED_SCAN_MAX_PENDING)
      this.pendingGames.add(gameId);
    for (const id of userIds) {
      if (this.pending.size >= SETTLED_SCAN_MAX_PENDING) {
        this.log?.warn({ dropped: userIds.length }, 'risk: settled-match scan queue full');
        break;
      }
      this.pending.add(id);
    }
    this.running ??= this.drain();
  }

  private async drain(): Promise<void> {
    // Let the settling request finish first; matches settling meanwhile join this scan.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      while ((this.pending.size > 0 || this.pendingGames.size > 0) && !this.closed) {
        const players = [...this.pending];
        this.pending.clear();
        const gameIds = [...this.pendingGames];
        this.pendingGames.clear();
        try {
          if (players.length > 0) await scanPlayers(this.db, players);
        } catch (err) {
          this.log?.error({ err, players: players.length }, 'risk: settled-match scan failed');
        }
        try {
          let queued = 0;
          for (const id of gameIds) queued += await enqueueHandSharing(this.db, id);
          // The scores run in this node's job thread; jobs of other nodes wait for their runners.
          if (queued > 0 && this.computeScores)
            await runHandSharing(
              this.db,
              { ...this.sharing, stopped: () => this.closed },
              this.log ?? undefined,
            );
        } catch (err) {
          this.log?.error({ err, games: gameIds.length }, 'risk: hand-sharing score failed');
        }
      }
    } finally {
      this.running = null;
    }
  }

  /** Resolves when no scan is running or waiting (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops taking players and waits for the scan in progress. */
  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
  }
}
