import { and, gt, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { authTokens, userBankAccounts, withdrawals } from '../../db/schema';

/**
 * Linked accounts (docs/decisions/027-quick-play.md "Linked accounts"): which of a set of users
 * look like one person or one household playing together, so that quick play never seats them
 * at one table (and the risk queue of issue 15 can flag them). Two users are linked when they
 * share any of these signals:
 *
 * - `device`: the same web-app device id (header `X-Device-Id`, kept in localStorage) on a session
 *   started in the last {@link DEVICE_WINDOW_MS} (90 days), or on the request being judged (the
 *   enqueue);
 * - `address`: the same client address on a session started in the last
 *   {@link ADDRESS_WINDOW_MS} (30 days), or on the request being judged;
 * - `payout_phone`: the same Pago Móvil payout phone on any withdrawal ever requested (a payout
 *   destination is a strong, lasting tie);
 * - `bank_account`: the same bank account number registered by both (any time).
 *
 * Every check is one indexed query over the given users only (migration 0022 adds the indexes).
 */

/** A signal two accounts share. */
export type LinkSignal = 'device' | 'address' | 'payout_phone' | 'bank_account';

/** How far back sessions count for the device signal: 90 days, in milliseconds. */
export const DEVICE_WINDOW_MS = 90 * 24 * 60 * 60 * 1000;
/** How far back sessions count for the address signal: 30 days, in milliseconds. */
export const ADDRESS_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** Signals seen on a request now (not stored in a session): the enqueue's device and address. */
export interface RecentSignals {
  userId: number;
  deviceId?: string | null | undefined;
  ip?: string | null | undefined;
}

/** Two linked users (`a < b`) and every signal they share. */
export interface LinkedPair {
  a: number;
  b: number;
  signals: LinkSignal[];
}

/** The pairs of linked users among a set, with a quick membership test. */
export interface LinkGraph {
  pairs: LinkedPair[];
  /** Whether `x` and `y` are linked (order does not matter; a user is not linked to itself). */
  linked(x: number, y: number): boolean;
}

const pairKey = (x: number, y: number) => (x < y ? `${x}:${y}` : `${y}:${x}`);

/**
 * Which of `userIds` are linked to each other (never to users outside the set). `recent` adds
 * signals of requests not stored in `auth_tokens` (quick play passes each queue entry's device id
 * and address). `now` is the end of the session windows. Reads only; no errors of its own.
 */
export async function linkedAmong(
  db: Executor,
  userIds: number[],
  recent: RecentSignals[] = [],
  now: Date = new Date(),
): Promise<LinkGraph> {
  const idSet = new Set(userIds);
  const ids = [...idSet];
  const byValue = new Map<string, Set<number>>();
  const add = (signal: LinkSignal, value: string | null | undefined, userId: number) => {
    if (!value || !idSet.has(userId)) return;
    const key = `${signal}\u0000${value}`;
    let set = byValue.get(key);
    if (!set) byValue.set(key, (set = new Set()));
    set.add(userId);
  };
  if (ids.length > 1) {
    const deviceSince = new Date(now.getTime() - DEVICE_WINDOW_MS);
    const addressSince = new Date(now.getTime() - ADDRESS_WINDOW_MS);
    // One after the other: `db` may be a transaction (one connection).
    const devices = await db
      .selectDistinct({ userId: authTokens.userId, value: authTokens.deviceId })
      .from(authTokens)
      .where(
        and(
          inArray(authTokens.userId, ids),
          isNotNull(authTokens.deviceId),
          gt(authTokens.createdAt, deviceSince),
        ),
      );
    const addresses = await db
      .selectDistinct({ userId: authTokens.userId, value: authTokens.ip })
      .from(authTokens)
      .where(
        and(
          inArray(authTokens.userId, ids),
          isNotNull(authTokens.ip),
          gt(authTokens.createdAt, addressSince),
        ),
      );
    const phones = await db
      .selectDistinct({ userId: withdrawals.userId, value: withdrawals.payoutPhone })
      .from(withdrawals)
      .where(inArray(withdrawals.userId, ids));
    const banks = await db
      .selectDistinct({ userId: userBankAccounts.userId, value: userBankAccounts.accountNumber })
      .from(userBankAccounts)
      .where(inArray(userBankAccounts.userId, ids));
    for (const r of devices) add('device', r.value, r.userId);
    for (const r of addresses) add('address', r.value, r.userId);
    for (const r of phones) add('payout_phone', r.value, r.userId);
    for (const r of banks) add('bank_account', r.value.replace(/\D/g, ''), r.userId);
    for (const r of recent) {
      add('device', r.deviceId, r.userId);
      add('address', r.ip, r.userId);
    }
  }
  const pairs = new Map<string, LinkedPair>();
  for (const [key, users] of byValue) {
    if (users.size < 2) continue;
    const signal = key.slice(0, key.indexOf('\u0000')) as LinkSignal;
    const list = [...users].sort((x, y) => x - y);
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i] as number;
        const b = list[j] as number;
        const k = pairKey(a, b);
        const pair = pairs.get(k) ?? { a, b, signals: [] };
        if (!pair.signals.includes(signal)) pair.signals.push(signal);
        pairs.set(k, pair);
      }
  }
  return {
    pairs: [...pairs.values()],
    linked: (x, y) => x !== y && pairs.has(pairKey(x, y)),
  };
}
