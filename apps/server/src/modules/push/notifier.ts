import type { FastifyBaseLogger } from 'fastify';
import type { NotificationType, PushMessage } from '@domino/contracts';
import { PUSH_TEXTS, pushMessageSchema } from '@domino/contracts';
import type { Database } from '../../db/client';
import type { RealtimeHub } from '../realtime/hub';
import { isPushServiceEndpoint } from './endpoints';
import { dropSubscriptions, markDelivered, subscriptionsOf, wants } from './repo';
import type { DeliveryOptions, PushSender } from './sender';
import { PushRefused, webPushSender } from './sender';
import type { VapidIdentity } from './vapid';
import { resolveVapid } from './vapid';

/**
 * Web Push notifications, sent off the request path (docs/decisions/025-installable-app-and-web-push.md).
 *
 * Callers announce after their transaction committed and never wait: `notifyUser` validates the
 * message and puts a job on a bounded in-memory queue (MAX_QUEUE jobs; beyond that a job is
 * dropped with a warning, so a burst can never hold memory or slow a request), and CONCURRENCY
 * workers deliver. A job checks, in order: that the server has a VAPID identity, that the player
 * has a subscribed browser, the player's switch for its kind, and for the "come back now" kinds
 * (`turn`, `table_start`) that none of their sockets on any node reports a visible tab
 * (RealtimeHub.anySocketVisible, through the Socket.IO adapter); then it sends the payload
 * `{title, body, url, tag}` to every browser of the player. A push service answering 404 or 410
 * deletes that subscription; a success stamps `last_success_at`; any other failure is logged
 * without the endpoint (a capability URL) and forgotten: a notification is a courtesy, never the
 * only way a player learns something.
 *
 * Other modules reach it as `app.deps.push` (AppDeps): `notifyUser(userId, type, message)` for
 * any kind (the invitations of private tables use `notifyUser(id, 'invitation', {title, body,
 * url})`), and the helpers for turns, table starts and payment decisions.
 */

/** Jobs waiting at most; more are dropped (logged). */
export const MAX_QUEUE = 1_000;
/** Jobs delivered at once by one server process. */
const CONCURRENCY = 4;

/** How long a push service keeps each kind for an offline browser, and its urgency. */
const DELIVERY: Record<NotificationType, Omit<DeliveryOptions, 'topic'>> = {
  // A turn lasts seconds: an old "your turn" is noise.
  turn: { ttlSeconds: 60, urgency: 'high' },
  table_start: { ttlSeconds: 120, urgency: 'high' },
  invitation: { ttlSeconds: 30 * 60, urgency: 'high' },
  payment: { ttlSeconds: 24 * 3600, urgency: 'normal' },
};

interface Job {
  userId: number;
  type: NotificationType;
  message: PushMessage;
  onlyIfHidden: boolean;
  delivery: DeliveryOptions;
}

/** What the notifier needs from the app (AppDeps parts). */
export interface PushNotifierOptions {
  database: Pick<Database, 'db'>;
  /** `anyLocalSocketVisible`, when given, is asked first (a shortcut that needs no query). */
  hub: Pick<RealtimeHub, 'anySocketVisible'> & Partial<Pick<RealtimeHub, 'anyLocalSocketVisible'>>;
  config: {
    VAPID_PUBLIC_KEY?: string | undefined;
    VAPID_PRIVATE_KEY?: string | undefined;
    vapidSubject: string;
  };
  /** The delivery; web-push by default, a recording fake in tests. */
  sender?: PushSender | undefined;
  maxQueue?: number;
}

/** The push notifier of one app instance (see the module comment). */
export class PushNotifier {
  private readonly sender: PushSender;
  private readonly maxQueue: number;
  private readonly queue: Job[] = [];
  private active = 0;
  private closed = false;
  private idleWaiters: (() => void)[] = [];
  private vapidPromise: Promise<VapidIdentity | null> | null = null;
  private log: Pick<FastifyBaseLogger, 'warn' | 'error'> | null = null;
  /** Jobs dropped because the queue was full (since start). */
  dropped = 0;
  /** Whether the failure to read or store the VAPID pair was logged already (once per node). */
  private vapidFailureLogged = false;

  constructor(private readonly options: PushNotifierOptions) {
    this.sender = options.sender ?? webPushSender;
    this.maxQueue = options.maxQueue ?? MAX_QUEUE;
  }

  /** Where failures are reported (the app's logger, set by buildApp). */
  useLogger(log: Pick<FastifyBaseLogger, 'warn' | 'error'>): void {
    this.log = log;
  }

  /**
   * The VAPID identity (vapid.ts), read once; null while push cannot work here (the key pair
   * could not be read or stored). Never rejects: such a failure is logged once, as one warning
   * line without a stack (decision 048), and tried again on the next call, so push comes back by
   * itself once the database does.
   */
  vapid(): Promise<VapidIdentity | null> {
    this.vapidPromise ??= resolveVapid(this.options.config, this.options.database).then(
      (identity) => identity,
      (err: unknown) => {
        this.vapidPromise = null;
        if (!this.vapidFailureLogged) {
          this.vapidFailureLogged = true;
          this.log?.warn(
            { reason: err instanceof Error ? err.message : String(err) },
            'push notifications unavailable: the VAPID key pair could not be read or stored',
          );
        }
        return null;
      },
    );
    return this.vapidPromise;
  }

  /**
   * Queues a notification of `type` for `userId` and returns at once. `message` must be a
   * PushMessage (Spanish `title`, `body`, an app path `url`, optional `tag`; nothing else: a
   * message that does not parse is logged and dropped). `onlyIfHidden` (default: true for
   * `turn` and `table_start`) skips it while any of the player's tabs is on screen. Call after
   * the commit of whatever it announces.
   */
  notifyUser(
    userId: number,
    type: NotificationType,
    message: PushMessage,
    options: { onlyIfHidden?: boolean } = {},
  ): void {
    if (this.closed) return;
    const onlyIfHidden = options.onlyIfHidden ?? (type === 'turn' || type === 'table_start');
    // A tab of the player on screen on this node ends a notice that waits for a hidden tab
    // before anything else: no parse, no job, no delivery step. A turn notice follows nearly
    // every move (docs/decisions/065-cheaper-turn-notices.md, 070-cost-per-move.md). `deliver`
    // asks again, for a tab hidden since.
    if (onlyIfHidden && this.options.hub.anyLocalSocketVisible?.(userId)) return;
    const parsed = pushMessageSchema.safeParse(message);
    if (!parsed.success) {
      this.log?.error({ type }, 'push message refused: not a PushMessage');
      return;
    }
    if (this.queue.length >= this.maxQueue) {
      this.dropped += 1;
      this.log?.warn({ type, dropped: this.dropped }, 'push queue full: notification dropped');
      return;
    }
    const topic = parsed.data.tag?.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined;
    this.queue.push({
      userId,
      type,
      message: parsed.data,
      onlyIfHidden,
      delivery: { ...DELIVERY[type], topic },
    });
    setImmediate(() => this.pump());
  }

  /** "Es tu turno" for the seat whose turn just started in a table match (games port). */
  notifyTurn(userId: number, gameId: string, tableName: string): void {
    this.notifyUser(userId, 'turn', PUSH_TEXTS.turn(tableName, gameId));
  }

  /** "¡Tu mesa está completa!" to every player of a table match just created. */
  notifyTableStart(userIds: readonly number[], gameId: string, tableName: string): void {
    for (const id of userIds)
      this.notifyUser(id, 'table_start', PUSH_TEXTS.tableStart(tableName, gameId));
  }

  /** A recharge or withdrawal decided by staff (payments/staff-routes.ts). */
  notifyPayment(
    userId: number,
    kind: 'recharge' | 'withdrawal',
    outcome: 'approved' | 'rejected',
    requestId: number,
  ): void {
    this.notifyUser(userId, 'payment', PUSH_TEXTS.payment(kind, outcome, requestId));
  }

  /** Notifications queued and not yet being delivered (the operators' metrics, decision 061). */
  get pending(): number {
    return this.queue.length;
  }

  /** Resolves once no job is queued or running (tests, shutdown). */
  idle(): Promise<void> {
    if (this.queue.length === 0 && this.active === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Takes no more jobs and waits up to `ms` for the running and queued ones. */
  async close(ms = 5_000): Promise<void> {
    this.closed = true;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.idle(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
        timer.unref();
      }),
    ]);
    if (timer) clearTimeout(timer);
  }

  private pump(): void {
    while (this.active < CONCURRENCY && this.queue.length > 0) {
      const job = this.queue.shift()!;
      this.active += 1;
      this.deliver(job)
        .catch((err: unknown) => this.log?.error({ err, type: job.type }, 'push job failed'))
        .finally(() => {
          this.active -= 1;
          if (this.queue.length > 0) this.pump();
          else if (this.active === 0) {
            const waiters = this.idleWaiters;
            this.idleWaiters = [];
            for (const w of waiters) w();
          }
        });
    }
  }

  private async deliver(job: Job): Promise<void> {
    const { db } = this.options.database;
    // Cheapest first. A tab of the player on screen on this node means no push whatever the
    // rest says (it implies anySocketVisible below), and costs no query: that is the usual case
    // of a turn notice, one per move (docs/decisions/065-cheaper-turn-notices.md).
    if (job.onlyIfHidden && this.options.hub.anyLocalSocketVisible?.(job.userId)) return;
    // Then: most players have no subscribed browser, one query says so.
    const vapid = await this.vapid();
    if (!vapid) return;
    const subs = (await subscriptionsOf(db, job.userId)).filter((s) =>
      isPushServiceEndpoint(s.endpoint),
    );
    if (subs.length === 0) return;
    if (!(await wants(db, job.userId, job.type))) return;
    if (job.onlyIfHidden && (await this.options.hub.anySocketVisible(job.userId))) return;
    const payload = JSON.stringify(job.message);
    const delivered: number[] = [];
    const gone: number[] = [];
    await Promise.all(
      subs.map(async (s) => {
        try {
          await this.sender.send(
            { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
            payload,
            job.delivery,
            vapid,
          );
          delivered.push(s.id);
        } catch (err) {
          const status = err instanceof PushRefused ? err.statusCode : undefined;
          if (status === 404 || status === 410) gone.push(s.id);
          else
            this.log?.warn({ subscription: s.id, status, type: job.type }, 'push delivery failed');
        }
      }),
    );
    await dropSubscriptions(db, gone);
    await markDelivered(db, delivered);
  }
}
