import { and, eq, gt, inArray, isNotNull, sql, type AnyColumn } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  authTokens,
  identityVerifications,
  loginDevices,
  riskItems,
  userBankAccounts,
  users,
  withdrawals,
} from '../../db/schema';

/**
 * Linked accounts (docs/decisions/039-an-address-is-not-a-person.md, which supersedes the address
 * rule of 027): which of a set of users look like one person, or one person's money, so that
 * quick play never seats them at one table and the risk queue flags them. This is the one place
 * that decides it. Two users are linked only by evidence that identifies a person or their money:
 *
 * - `device`: the same browser — the web app's device id (header `X-Device-Id`, kept in
 *   localStorage) on a session started in the last {@link DEVICE_WINDOW_MS} (90 days) or on the
 *   request being judged (the enqueue), or the same `domino_device` sign-in cookie
 *   (`login_devices`, seen in the same 90 days);
 * - `payout_phone`: the same Pago Móvil payout phone on any withdrawal ever requested;
 * - `bank_account`: the same bank account number registered by both (any time);
 * - `cedula`: the same cédula as an account's own, a withdrawal's payout cédula or an identity
 *   verification request (any time);
 * - `confirmed_pattern`: staff confirmed a pattern of play between the two (a co-seating,
 *   chip-dumping or linked risk item they acted on, risk/queue.ts).
 *
 * The client address is never a link: a carrier's NAT puts thousands of strangers behind one
 * address (RFC 6598, RFC 6888). With `withAddress`, pairs that are already linked also report
 * whether they shared an address in the last {@link ADDRESS_WINDOW_MS} (30 days), which only adds
 * weight to a risk finding.
 *
 * Every check is one indexed query over the given users only.
 */

/** Evidence that links two accounts. */
export type LinkSignal =
  'device' | 'payout_phone' | 'bank_account' | 'cedula' | 'confirmed_pattern';

/** Every linking signal, in the order findings list them. */
export const LINK_SIGNALS: readonly LinkSignal[] = [
  'device',
  'payout_phone',
  'bank_account',
  'cedula',
  'confirmed_pattern',
];

/** How far back sessions and sign-in cookies count for the device signal: 90 days, in ms. */
export const DEVICE_WINDOW_MS = 90 * 24 * 60 * 60 * 1000;
/** How far back sessions count for the shared-address weight: 30 days, in milliseconds. */
export const ADDRESS_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** Signals seen on a request now (not stored in a session): the enqueue's device and address. */
export interface RecentSignals {
  userId: number;
  deviceId?: string | null | undefined;
  /** Only used for the shared-address weight (`withAddress`); never links. */
  ip?: string | null | undefined;
}

/** Two linked users (`a < b`), the evidence they share, and whether they also shared an address. */
export interface LinkedPair {
  a: number;
  b: number;
  signals: LinkSignal[];
  /** Also seen on one client address (only computed with `withAddress`; weight, not evidence). */
  sharedAddress: boolean;
}

/** The pairs of linked users among a set, with a quick membership test. */
export interface LinkGraph {
  pairs: LinkedPair[];
  /** Whether `x` and `y` are linked (order does not matter; a user is not linked to itself). */
  linked(x: number, y: number): boolean;
}

/** Options of {@link linkedAmong}. */
export interface LinkOptions {
  /** Signals of requests not stored yet (quick play passes each queue entry's device id). */
  recent?: RecentSignals[];
  /** End of the time windows (tests move it). */
  now?: Date;
  /** Also report `sharedAddress` for linked pairs (the risk queue's weight). */
  withAddress?: boolean;
}

const pairKey = (x: number, y: number) => (x < y ? `${x}:${y}` : `${y}:${x}`);

/** Groups users by a shared value per signal: `${signal}\0${value}` → users. */
class ValueIndex<S extends string> {
  readonly byValue = new Map<string, Set<number>>();
  constructor(private readonly idSet: Set<number>) {}
  add(signal: S, value: string | null | undefined, userId: number): void {
    if (!value || !this.idSet.has(userId)) return;
    const key = `${signal}\u0000${value}`;
    let set = this.byValue.get(key);
    if (!set) this.byValue.set(key, (set = new Set()));
    set.add(userId);
  }
  /** Every pair of users sharing a value, with the signals they share. */
  pairs(): Map<string, { a: number; b: number; signals: S[] }> {
    const out = new Map<string, { a: number; b: number; signals: S[] }>();
    for (const [key, members] of this.byValue) {
      if (members.size < 2) continue;
      const signal = key.slice(0, key.indexOf('\u0000')) as S;
      const list = [...members].sort((x, y) => x - y);
      for (let i = 0; i < list.length; i++)
        for (let j = i + 1; j < list.length; j++) {
          const a = list[i] as number;
          const b = list[j] as number;
          const k = pairKey(a, b);
          const pair = out.get(k) ?? { a, b, signals: [] };
          if (!pair.signals.includes(signal)) pair.signals.push(signal);
          out.set(k, pair);
        }
    }
    return out;
  }
}

/**
 * Which of `userIds` are linked to each other (never to users outside the set), by the evidence
 * listed above. Reads only; no errors of its own. `db` may be a transaction: the queries run one
 * after the other.
 */
export async function linkedAmong(
  db: Executor,
  userIds: number[],
  options: LinkOptions = {},
): Promise<LinkGraph> {
  const { recent = [], now = new Date(), withAddress = false } = options;
  const idSet = new Set(userIds);
  const ids = [...idSet];
  const evidence = new ValueIndex<LinkSignal>(idSet);
  const cedula = (type: string, n: string) => `${type.toUpperCase()}${n.replace(/\D/g, '')}`;
  if (ids.length > 1) {
    const deviceSince = new Date(now.getTime() - DEVICE_WINDOW_MS);
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
    const cookies = await db
      .selectDistinct({ userId: loginDevices.userId, value: loginDevices.deviceHash })
      .from(loginDevices)
      .where(and(inArray(loginDevices.userId, ids), gt(loginDevices.lastSeenAt, deviceSince)));
    const payouts = await db
      .selectDistinct({
        userId: withdrawals.userId,
        phone: withdrawals.payoutPhone,
        type: withdrawals.payoutTypeIdentification,
        n: withdrawals.payoutNIdentification,
      })
      .from(withdrawals)
      .where(inArray(withdrawals.userId, ids));
    const banks = await db
      .selectDistinct({ userId: userBankAccounts.userId, value: userBankAccounts.accountNumber })
      .from(userBankAccounts)
      .where(inArray(userBankAccounts.userId, ids));
    const owners = await db
      .select({ userId: users.id, type: users.typeIdentification, n: users.nIdentification })
      .from(users)
      .where(inArray(users.id, ids));
    const verifications = await db
      .selectDistinct({
        userId: identityVerifications.userId,
        type: identityVerifications.typeIdentification,
        n: identityVerifications.nIdentification,
      })
      .from(identityVerifications)
      .where(inArray(identityVerifications.userId, ids));
    const confirmed = await db
      .select({ id: riskItems.id, userIds: riskItems.userIds })
      .from(riskItems)
      .where(
        and(
          eq(riskItems.status, 'actioned'),
          inArray(riskItems.kind, ['linked', 'co_seating', 'chip_dumping']),
        ),
      );
    for (const r of devices) evidence.add('device', r.value, r.userId);
    for (const r of cookies) evidence.add('device', `cookie:${r.value}`, r.userId);
    for (const r of payouts) {
      evidence.add('payout_phone', r.phone, r.userId);
      evidence.add('cedula', cedula(r.type, r.n), r.userId);
    }
    for (const r of banks) evidence.add('bank_account', r.value.replace(/\D/g, ''), r.userId);
    for (const r of owners) evidence.add('cedula', cedula(r.type, r.n), r.userId);
    for (const r of verifications) evidence.add('cedula', cedula(r.type, r.n), r.userId);
    for (const item of confirmed)
      for (const u of item.userIds) evidence.add('confirmed_pattern', `item:${item.id}`, u);
    for (const r of recent) evidence.add('device', r.deviceId, r.userId);
  }
  const linkedPairs = evidence.pairs();
  let addressPairs = new Set<string>();
  if (withAddress && linkedPairs.size > 0) {
    const addressSince = new Date(now.getTime() - ADDRESS_WINDOW_MS);
    const addresses = new ValueIndex<'address'>(idSet);
    const rows = await db
      .selectDistinct({ userId: authTokens.userId, value: authTokens.ip })
      .from(authTokens)
      .where(
        and(
          inArray(authTokens.userId, ids),
          isNotNull(authTokens.ip),
          gt(authTokens.createdAt, addressSince),
        ),
      );
    for (const r of rows) addresses.add('address', r.value, r.userId);
    for (const r of recent) addresses.add('address', r.ip, r.userId);
    addressPairs = new Set(addresses.pairs().keys());
  }
  const pairs = [...linkedPairs].map(([k, p]) => ({
    a: p.a,
    b: p.b,
    signals: LINK_SIGNALS.filter((s) => p.signals.includes(s)),
    sharedAddress: addressPairs.has(k),
  }));
  return {
    pairs,
    linked: (x, y) => x !== y && linkedPairs.has(pairKey(x, y)),
  };
}

/**
 * Whether `userId` is linked to any of `others` (a table's seated players, a tournament's
 * registered players): the same rule as {@link linkedAmong}, for one newcomer.
 */
export async function linkedToAny(
  db: Executor,
  userId: number,
  others: number[],
  options: LinkOptions = {},
): Promise<boolean> {
  const rest = others.filter((o) => o !== userId);
  if (rest.length === 0) return false;
  const graph = await linkedAmong(db, [userId, ...rest], options);
  return rest.some((o) => graph.linked(userId, o));
}

/**
 * The users who share a linking value (linked.ts evidence: a device id or sign-in cookie in the
 * last {@link DEVICE_WINDOW_MS}, a payout phone, a bank account number, a cédula, an `actioned`
 * risk item) with any of `userIds`, the given users included. One step of the graph's edges, used
 * by the risk queue's incremental scan to find the whole group of a match's players (repeat until
 * nothing new; docs/decisions/049-risk-scanning-and-groups.md). Reads only.
 */
export async function linkNeighbours(
  db: Executor,
  userIds: number[],
  now: Date = new Date(),
): Promise<Set<number>> {
  const ids = [...new Set(userIds)];
  const out = new Set<number>(ids);
  if (ids.length === 0) return out;
  const since = new Date(now.getTime() - DEVICE_WINDOW_MS);
  const addAll = (rows: { userId: number | null }[]) => {
    for (const r of rows) if (r.userId !== null) out.add(Number(r.userId));
  };
  // Same browser: the web app's device id on a recent session, or the sign-in cookie.
  const myDevices = db
    .selectDistinct({ v: authTokens.deviceId })
    .from(authTokens)
    .where(
      and(
        inArray(authTokens.userId, ids),
        isNotNull(authTokens.deviceId),
        gt(authTokens.createdAt, since),
      ),
    );
  addAll(
    await db
      .selectDistinct({ userId: authTokens.userId })
      .from(authTokens)
      .where(and(inArray(authTokens.deviceId, myDevices), gt(authTokens.createdAt, since))),
  );
  const myCookies = db
    .selectDistinct({ v: loginDevices.deviceHash })
    .from(loginDevices)
    .where(and(inArray(loginDevices.userId, ids), gt(loginDevices.lastSeenAt, since)));
  addAll(
    await db
      .selectDistinct({ userId: loginDevices.userId })
      .from(loginDevices)
      .where(and(inArray(loginDevices.deviceHash, myCookies), gt(loginDevices.lastSeenAt, since))),
  );
  // Same payout phone.
  const myPhones = db
    .selectDistinct({ v: withdrawals.payoutPhone })
    .from(withdrawals)
    .where(inArray(withdrawals.userId, ids));
  addAll(
    await db
      .selectDistinct({ userId: withdrawals.userId })
      .from(withdrawals)
      .where(inArray(withdrawals.payoutPhone, myPhones)),
  );
  // Same bank account number (digits only, as linkedAmong compares them).
  const digits = sql`regexp_replace(${userBankAccounts.accountNumber}, '\\D', '', 'g')`;
  const myBanks = await db
    .selectDistinct({ v: sql<string>`${digits}` })
    .from(userBankAccounts)
    .where(inArray(userBankAccounts.userId, ids));
  const bankValues = myBanks.map((r) => r.v).filter(Boolean);
  if (bankValues.length > 0)
    addAll(
      await db
        .selectDistinct({ userId: userBankAccounts.userId })
        .from(userBankAccounts)
        .where(inArray(digits, bankValues)),
    );
  // Same cédula: an account's own, a withdrawal's payout cédula or an identity request.
  const ced = (type: AnyColumn, n: AnyColumn) =>
    sql<string>`upper(${type}) || regexp_replace(${n}, '\\D', '', 'g')`;
  const ownCed = ced(users.typeIdentification, users.nIdentification);
  const payoutCed = ced(withdrawals.payoutTypeIdentification, withdrawals.payoutNIdentification);
  const verCed = ced(
    identityVerifications.typeIdentification,
    identityVerifications.nIdentification,
  );
  const cedulas = new Set<string>();
  for (const r of await db.select({ v: ownCed }).from(users).where(inArray(users.id, ids)))
    cedulas.add(r.v);
  for (const r of await db
    .selectDistinct({ v: payoutCed })
    .from(withdrawals)
    .where(inArray(withdrawals.userId, ids)))
    cedulas.add(r.v);
  for (const r of await db
    .selectDistinct({ v: verCed })
    .from(identityVerifications)
    .where(inArray(identityVerifications.userId, ids)))
    cedulas.add(r.v);
  const cedList = [...cedulas];
  if (cedList.length > 0) {
    addAll(await db.select({ userId: users.id }).from(users).where(inArray(ownCed, cedList)));
    addAll(
      await db
        .selectDistinct({ userId: withdrawals.userId })
        .from(withdrawals)
        .where(inArray(payoutCed, cedList)),
    );
    addAll(
      await db
        .selectDistinct({ userId: identityVerifications.userId })
        .from(identityVerifications)
        .where(inArray(verCed, cedList)),
    );
  }
  // A pattern staff confirmed: every account of an actioned item naming one of them.
  const anyOf = sql.join(
    ids.map((id) => sql`${riskItems.userIds} @> ${JSON.stringify([id])}::jsonb`),
    sql` or `,
  );
  for (const item of await db
    .select({ userIds: riskItems.userIds })
    .from(riskItems)
    .where(
      and(
        eq(riskItems.status, 'actioned'),
        inArray(riskItems.kind, ['linked', 'co_seating', 'chip_dumping']),
        sql`(${anyOf})`,
      ),
    ))
    for (const u of item.userIds) out.add(u);
  return out;
}
