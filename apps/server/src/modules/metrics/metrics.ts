import { count, eq, inArray } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../../db/client';
import { gameAnalyses, handSharingScores, quickPlayQueue } from '../../db/schema';
import type { GamesObserver, MoveKind } from '../games/context';
import type { RealtimeHub } from '../realtime/hub';

/** How long one reading of the queue depths serves scrapes, in milliseconds (decision 061). */
export const QUEUE_DEPTHS_TTL_MS = 5_000;

/** The buckets of `domino_move_duration_seconds`, in seconds (a move commits in ~1-50 ms). */
const MOVE_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** The queues `domino_queue_depth` reports, by its `queue` label. */
export type QueueName =
  'quickplay_waiting' | 'analysis_pending' | 'push_pending' | 'hand_sharing_pending';

/** Where the scrape-time readings come from: this app instance's database, hub and push queue. */
export interface MetricSources {
  database: Database;
  hub: RealtimeHub;
  /** Push notifications queued on this node and not yet being delivered (push/notifier.ts). */
  pushPending: () => number;
}

/**
 * The operators' metrics of one app instance (docs/decisions/061-prometheus-metrics.md), in a
 * registry of its own (test apps in one process never mix their counts). Counters and the move
 * histogram are fed through the games module's `GamesObserver` port (`games`); the gauges are read
 * when Prometheus scrapes (`render`): sockets on this node from Socket.IO, the database pool, and
 * the queue depths, one `count(*)` per queue, cached for `QUEUE_DEPTHS_TTL_MS`. The default
 * process metrics of prom-client (event-loop delay, memory, GC, CPU) are collected only when
 * `defaults` is true (METRICS_TOKEN set), so apps that never serve /metrics start no monitors.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  /** The port the games module reports through (`GamesContext.observer`). */
  readonly games: GamesObserver;
  private depths: { at: number; value: Promise<Record<QueueName, number>> } | null = null;

  constructor(
    private readonly sources: MetricSources,
    defaults: boolean,
  ) {
    const registers = [this.registry];
    if (defaults) collectDefaultMetrics({ register: this.registry });

    const moves = new Counter({
      name: 'domino_moves_total',
      help: 'Moves committed on this node, by kind (player, due, bot)',
      labelNames: ['kind'] as const,
      registers,
    });
    const moveSeconds = new Histogram({
      name: 'domino_move_duration_seconds',
      help: "Seconds from the move player's start to the move's commit, by kind",
      labelNames: ['kind'] as const,
      buckets: MOVE_BUCKETS,
      registers,
    });
    const settlements = new Counter({
      name: 'domino_settlements_total',
      help: 'Table matches finished and settled by this node',
      registers,
    });
    for (const kind of ['player', 'due', 'bot'] as const) {
      moves.labels(kind).inc(0);
      moveSeconds.zero({ kind });
    }
    this.games = {
      moved(kind: MoveKind, seconds: number) {
        moves.labels(kind).inc();
        moveSeconds.labels(kind).observe(seconds);
      },
      settled() {
        settlements.inc();
      },
    };

    const { hub, database } = sources;
    new Gauge({
      name: 'domino_sockets',
      help: 'Socket.IO sockets connected to this node',
      registers,
      collect() {
        this.set(hub.io?.of('/').sockets.size ?? 0);
      },
    });
    const pool = database.pool;
    if (pool) {
      new Gauge({
        name: 'domino_db_pool_connections',
        help: 'PostgreSQL pool connections of this node, by state (total, idle)',
        labelNames: ['state'] as const,
        registers,
        collect() {
          this.labels('total').set(pool.totalCount);
          this.labels('idle').set(pool.idleCount);
        },
      });
      new Gauge({
        name: 'domino_db_pool_waiting',
        help: 'Queries of this node waiting for a PostgreSQL pool connection',
        registers,
        collect() {
          this.set(pool.waitingCount);
        },
      });
    }
    const queueDepths = () => this.queueDepths();
    new Gauge({
      name: 'domino_queue_depth',
      help: 'Entries waiting in each queue (database queues read at most every 5 s)',
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        for (const [queue, n] of Object.entries(await queueDepths())) this.labels(queue).set(n);
      },
    });
  }

  /** The registry in Prometheus text format (`contentType` is its media type). */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  /** The media type of `render`'s text. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /**
   * The queue depths: quick play entries `waiting`, analyses and hand-sharing scores not finished
   * (`pending` or `running`, the rows of their queue indexes), push notifications queued on this
   * node. One reading serves every scrape for `QUEUE_DEPTHS_TTL_MS`; a failed reading is not kept.
   */
  private queueDepths(): Promise<Record<QueueName, number>> {
    const now = Date.now();
    if (this.depths && now - this.depths.at < QUEUE_DEPTHS_TTL_MS) return this.depths.value;
    const { db } = this.sources.database;
    const value = Promise.all([
      db.select({ n: count() }).from(quickPlayQueue).where(eq(quickPlayQueue.status, 'waiting')),
      db
        .select({ n: count() })
        .from(gameAnalyses)
        .where(inArray(gameAnalyses.status, ['pending', 'running'])),
      db
        .select({ n: count() })
        .from(handSharingScores)
        .where(inArray(handSharingScores.status, ['pending', 'running'])),
    ]).then(([quick, analyses, sharing]) => ({
      quickplay_waiting: quick[0]?.n ?? 0,
      analysis_pending: analyses[0]?.n ?? 0,
      hand_sharing_pending: sharing[0]?.n ?? 0,
      push_pending: this.sources.pushPending(),
    }));
    const entry = { at: now, value };
    this.depths = entry;
    value.catch(() => {
      if (this.depths === entry) this.depths = null;
    });
    return value;
  }
}
