import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { NotificationPrefs, NotificationType } from '@domino/contracts';
import { DEFAULT_NOTIFICATION_PREFS } from '@domino/contracts';
import type { Executor } from '../../db/client';
import { notificationPrefs, pushSubscriptions } from '../../db/schema';

/** Queries of push subscriptions and notification preferences (docs/decisions/025). */

/** How many browsers one player may have subscribed; a new one beyond drops the oldest. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Stores a browser's subscription for `userId`. The endpoint is unique: an endpoint already
 * stored (this browser subscribed before, maybe signed in as someone else) is moved to `userId`
 * with the new keys, so a shared browser notifies only whoever subscribed on it last. Keeps at
 * most MAX_SUBSCRIPTIONS_PER_USER rows per player (the oldest go).
 */
export async function saveSubscription(
  db: Executor,
  userId: number,
  sub: { endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...sub })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId,
        p256dh: sub.p256dh,
        auth: sub.auth,
        createdAt: sql`now()`,
        lastSuccessAt: null,
      },
    });
  const keep = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(sql`${pushSubscriptions.createdAt} desc`, sql`${pushSubscriptions.id} desc`)
    .limit(MAX_SUBSCRIPTIONS_PER_USER);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, keep)));
}

/** Deletes the caller's own subscription at `endpoint`; false when the caller has none there. */
export async function deleteOwnSubscription(
  db: Executor,
  userId: number,
  endpoint: string,
): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** A player's subscriptions, oldest first. */
export function subscriptionsOf(db: Executor, userId: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id));
}

/** How many subscribed browsers a player has. */
export async function subscriptionCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.n ?? 0;
}

/** Deletes subscriptions the push service no longer knows (404/410). */
export async function dropSubscriptions(db: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

/** Records that the push service accepted a message for these subscriptions. */
export async function markDelivered(db: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: sql`now()` })
    .where(inArray(pushSubscriptions.id, ids));
}

/** A player's switches (every kind on when they never saved any). */
export async function prefsOf(db: Executor, userId: number): Promise<NotificationPrefs> {
  const [row] = await db
    .select()
    .from(notificationPrefs)
    .where(eq(notificationPrefs.userId, userId));
  if (!row) return { ...DEFAULT_NOTIFICATION_PREFS };
  return {
    turn: row.turn,
    table_start: row.tableStart,
    invitation: row.invitation,
    payment: row.payment,
  };
}

/** Whether a player wants notifications of `type`. */
export async function wants(
  db: Executor,
  userId: number,
  type: NotificationType,
): Promise<boolean> {
  return (await prefsOf(db, userId))[type];
}

/** Stores a player's switches (all four). */
export async function savePrefs(
  db: Executor,
  userId: number,
  prefs: NotificationPrefs,
): Promise<void> {
  const values = {
    turn: prefs.turn,
    tableStart: prefs.table_start,
    invitation: prefs.invitation,
    payment: prefs.payment,
  };
  await db
    .insert(notificationPrefs)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: notificationPrefs.userId,
      set: { ...values, updatedAt: sql`now()` },
    });
}
