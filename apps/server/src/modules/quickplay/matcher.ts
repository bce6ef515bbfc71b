import type { FastifyBaseLogger } from 'fastify';
import { MSG_QUICK, SERVER_EVENTS, centsToBolivares } from '@domino/contracts';
import type { Db } from '../../db/client';
import { JobRegistry, PeriodicJob } from '../../lib/periodic';
import type { Timing } from '../games/context';
import type { PushNotifier } from '../push/notifier';
import type { RealtimeHub } from '../realtime/hub';
import { publishTable } from '../tables/publish';
import { matchQueue, type MatchPass } from './service';

/** What a matcher pass needs: the database, the games timing, and the channels it announces on. */
export interface MatcherDeps {
  db: Db;
  hub: RealtimeHub;
  push: PushNotifier;
  timing: Timing;
}

/**
 * One matcher pass (service.ts `matchQueue`) and, after each of its commits, the announcements: each
 * seated player gets their new balance (`balance:updated`), `quickplay:matched` with the table
 * and match (the web goes to the table) and the "your table starts" push (decision 025); the
 * table's room gets its snapshot. Dropped players read their message from GET /api/quick-play.
 */
export async function matchAndAnnounce(deps: MatcherDeps, now?: Date): Promise<MatchPass> {
  return matchQueue(deps.db, deps.timing, now, (batch) => announce(deps, batch));
}

async function announce(deps: MatcherDeps, batch: MatchPass): Promise<void> {
  for (const t of batch.formed) {
    for (const s of t.seats) {
      deps.hub.toUser(s.userId, SERVER_EVENTS.balanceUpdated, {
        balance: centsToBolivares(s.balanceCents),
      });
      deps.hub.toUser(s.userId, SERVER_EVENTS.quickMatched, {
        table_id: t.tableId,
        game_id: t.gameId,
        message: MSG_QUICK.matched,
      });
    }
    deps.push.notifyTableStart(
      t.seats.map((s) => s.userId),
      t.gameId,
      t.tableName,
    );
    await publishTable(deps.db, deps.hub, t.tableId);
  }
}

/**
 * How long the periodic matcher sleeps after a pass that found nobody waiting (ms): an enqueue on
 * this node runs it at once (`runSoon`), so this is only the fallback for entries another node
 * queued and could not match (docs/decisions/078-jobs-sleep-while-idle.md).
 */
export const QUICK_IDLE_MS = 5_000;

/**
 * The quick-play matcher (docs/decisions/027-quick-play.md): every node runs one, once a second
 * while players wait (the rating windows widen and searches give up with time), every
 * QUICK_IDLE_MS while nobody does; passes on several nodes claim disjoint queue entries (SKIP
 * LOCKED), so nobody is seated twice.
 */
export class QuickPlayMatcher extends PeriodicJob<MatchPass> {
  constructor(
    private readonly deps: MatcherDeps,
    intervalMs: number,
    log: FastifyBaseLogger,
  ) {
    super('quick-play matcher', intervalMs, log);
  }

  tick(): Promise<MatchPass> {
    return matchAndAnnounce(this.deps);
  }

  protected override nextDelayMs(pass: MatchPass | undefined): number {
    return pass?.waitingGroups === 0 ? Math.max(QUICK_IDLE_MS, this.intervalMs) : this.intervalMs;
  }
}

/** The periodic matcher of each app (module.ts registers it; the enqueue route wakes it). */
export const periodicMatchers = new JobRegistry<QuickPlayMatcher>();
