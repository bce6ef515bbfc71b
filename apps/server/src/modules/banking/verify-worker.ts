import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BANK_VERIFY, MSG_BANK_FLOWS } from '@domino/contracts';
import type { Db } from '../../db/client';
import { isRetryableTxError } from '../../db/client';
import { recharges } from '../../db/schema';
import { PeriodicJob } from '../../lib/periodic';
import type { VerifyResult } from './connector';
import { bankAnswer, creditRecharge, type CreditOutcome } from './credit';
import { noticeCredit, noticeToStaff, type PlayerNotices } from './notices';
import type { BankConnectors } from './port';

/**
 * Automatic verification of Pago Móvil recharges with the receiving bank
 * (docs/decisions/051-bank-connectors.md "Player flows"). A recharge requested on an
 * account whose connector verifies is `checking` with `verify_next_at = now`; every node's
 * verifier claims due ones (`FOR UPDATE SKIP LOCKED`, then a lease: `verify_next_at` moved
 * {@link VERIFY_LEASE_MS} ahead, so no other node asks the bank about it meanwhile), asks the bank
 * outside any transaction, then applies the answer:
 *
 * - verified (same amount) → `creditRecharge` (source 'verification'), the player notified;
 * - not_found or unavailable → tried again after 2 s, 4 s, 8 s … capped at 2 min
 *   (BANK_VERIFY), until the window (30 min from the request) ends → staff;
 * - mismatch, refused, no connector any more → staff, with what the bank said.
 *
 * A request kicks its recharge once right after its commit ({@link BankVerifier.kick}).
 */

/** How long a claimed recharge is left alone while its bank call runs, in ms. */
export const VERIFY_LEASE_MS = 60_000;
/** At most this many recharges per tick per node. */
const BATCH = 20;

/** The wait after the `attempts`-th try: 2 s, 4 s, 8 s … capped (BANK_VERIFY), in ms. */
export function verifyDelayMs(attempts: number): number {
  const n = Math.max(1, attempts);
  return Math.min(BANK_VERIFY.firstDelayMs * 2 ** Math.min(n - 1, 20), BANK_VERIFY.maxDelayMs);
}

type Claimed = typeof recharges.$inferSelect;

/** The recharges that await the bank's answer: Pago Móvil, pending, being checked. */
const awaitingBank = () =>
  and(
    eq(recharges.verificationState, 'checking'),
    eq(recharges.status, 'pendiente'),
    eq(recharges.method, 'pago_movil'),
  );

/** Claims up to `limit` due recharges (or the one given, when due) for a bank call; returns them. */
async function claimDue(
  db: Db,
  now: Date,
  onlyId?: number,
  limit: number = BATCH,
): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: recharges.id })
      .from(recharges)
      .where(
        and(
          awaitingBank(),
          sql`${recharges.verifyNextAt} <= ${now.toISOString()}::timestamptz`,
          onlyId === undefined ? sql`true` : eq(recharges.id, onlyId),
        ),
      )
      .orderBy(recharges.verifyNextAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const lease = new Date(now.getTime() + VERIFY_LEASE_MS).toISOString();
    return tx
      .update(recharges)
      .set({
        verifyAttempts: sql`${recharges.verifyAttempts} + 1`,
        verifyNextAt: sql`${lease}::timestamptz`,
      })
      .where(
        sql`${recharges.id} in (${sql.join(
          due.map((d) => sql`${d.id}`),
          sql`, `,
        )})`,
      )
      .returning();
  });
}

/**
 * The longest the verifier sleeps while no recharge awaits the bank (ms): a request on this node
 * kicks its own recharge, so this is the fallback for recharges of a node that died before
 * verifying them, and the C2P payments that wait for staff (docs/decisions/078-jobs-sleep-while-idle.md).
 */
export const VERIFY_IDLE_MS = 10_000;

/** The earliest `verify_next_at` among the recharges awaiting the bank, or null. */
async function nextVerifyAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ next: sql<string | null>`min(${recharges.verifyNextAt})` })
    .from(recharges)
    .where(awaitingBank());
  return row?.next ? new Date(row.next) : null;
}

/** Runs `work` in a transaction, retrying serialization failures and deadlocks. */
async function inTx<T>(db: Db, work: Parameters<Db['transaction']>[0]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return (await db.transaction(work)) as T;
    } catch (err) {
      if (isRetryableTxError(err) && attempt < 5) continue;
      throw err;
    }
  }
}

/** The outcome of one recharge's verification pass (for tests and logs). */
export type VerifyStep = 'credited' | 'retry' | 'to_staff' | 'skipped';

/**
 * Applies one bank answer to claimed recharge `row` at `now`; notifies the player after commit.
 */
async function apply(
  db: Db,
  notices: PlayerNotices,
  row: Claimed,
  result: VerifyResult | { kind: 'no_connector' },
  now: Date,
): Promise<VerifyStep> {
  if (result.kind === 'verified' && result.movement.amountCents === row.amountCents) {
    const out = await inTx<CreditOutcome>(db, (tx) =>
      creditRecharge(tx, row.id, result.movement, 'verification', { system: true }),
    );
    noticeCredit(notices, out);
    return out.kind === 'credited'
      ? 'credited'
      : out.kind === 'already_decided'
        ? 'skipped'
        : 'to_staff';
  }
  const windowOver = now.getTime() - row.createdAt.getTime() >= BANK_VERIFY.windowMs;
  const retry = (result.kind === 'not_found' || result.kind === 'unavailable') && !windowOver;
  const answer =
    result.kind === 'verified'
      ? bankAnswer('mismatch', {
          detail: `El banco reporta ${result.movement.amountCents} céntimos, no ${row.amountCents}.`,
        })
      : result.kind === 'no_connector'
        ? bankAnswer('no_connector', { detail: MSG_BANK_FLOWS.bankUnavailable })
        : result.kind === 'not_found'
          ? bankAnswer('not_found', {
              detail: windowOver ? MSG_BANK_FLOWS.windowOver : null,
              bankCode: result.bankCode,
              bankMessage: result.bankMessage,
            })
          : result.kind === 'refused'
            ? bankAnswer('refused', {
                detail: result.detail,
                bankCode: result.bankCode,
                bankMessage: result.bankMessage,
              })
            : bankAnswer(result.kind, {
                detail:
                  windowOver && result.kind === 'unavailable'
                    ? MSG_BANK_FLOWS.windowOver
                    : result.detail,
              });
  if (retry) {
    const next = new Date(now.getTime() + verifyDelayMs(row.verifyAttempts)).toISOString();
    await db
      .update(recharges)
      .set({ verifyNextAt: sql`${next}::timestamptz`, bankAnswer: answer })
      .where(
        and(
          eq(recharges.id, row.id),
          eq(recharges.status, 'pendiente'),
          eq(recharges.verificationState, 'checking'),
        ),
      );
    return 'retry';
  }
  const moved = await db
    .update(recharges)
    .set({ verificationState: 'needs_staff', verifyNextAt: null, bankAnswer: answer })
    .where(
      and(
        eq(recharges.id, row.id),
        eq(recharges.status, 'pendiente'),
        eq(recharges.verificationState, 'checking'),
      ),
    )
    .returning({ id: recharges.id });
  if (moved.length === 0) return 'skipped';
  noticeToStaff(notices, row.userId, row.id);
  return 'to_staff';
}

/** Asks the bank about one claimed recharge and applies the answer. */
async function verifyClaimed(
  db: Db,
  connectors: BankConnectors,
  notices: PlayerNotices,
  row: Claimed,
  now: Date,
): Promise<VerifyStep> {
  const bound = await connectors.forAccount(db, row.rechargeAccountId);
  if (!bound?.connector.verify || !bound.connector.capabilities.verify) {
    return apply(db, notices, row, { kind: 'no_connector' }, now);
  }
  let result: VerifyResult;
  try {
    result = await bound.connector.verify(
      bound.config,
      {
        reference: row.reference,
        amountCents: row.amountCents,
        day: row.paidOn,
        payerPhone: row.payerPhone ?? '',
        payerBankCode: row.payerBankCode ?? '',
      },
      bound.http,
    );
  } catch {
    // A connector throws only for a programming error; the recharge waits like an outage.
    result = { kind: 'unavailable', detail: MSG_BANK_FLOWS.bankUnavailable };
  }
  return apply(db, notices, row, result, now);
}

/** A C2P reservation older than this without an outcome (a node stopped mid-charge) goes to staff. */
export const C2P_STUCK_MS = 5 * 60_000;

/**
 * C2P charges whose request stopped between the reservation and the outcome (a crash during the
 * bank call): their result is unknown, so staff confirm with the bank; never charged again.
 */
async function c2pStuckToStaff(db: Db, notices: PlayerNotices, now: Date): Promise<void> {
  const before = new Date(now.getTime() - C2P_STUCK_MS).toISOString();
  const moved = await db
    .update(recharges)
    .set({
      verificationState: 'needs_staff',
      bankAnswer: bankAnswer('unavailable', { detail: MSG_BANK_FLOWS.c2pConfirming }, now),
    })
    .where(
      and(
        eq(recharges.method, 'c2p'),
        eq(recharges.status, 'pendiente'),
        eq(recharges.verificationState, 'checking'),
        sql`${recharges.createdAt} < ${before}::timestamptz`,
      ),
    )
    .returning({ id: recharges.id, userId: recharges.userId });
  for (const r of moved) noticeToStaff(notices, r.userId, r.id);
}

/**
 * One pass: verifies every due recharge this node can claim, their bank calls at the same time
 * (each applies its own answer in its own transaction), so one bank call that hangs until the
 * HTTP time limit (BANK_HTTP_TIMEOUT_MS) delays no other recharge of the pass by that long.
 * Returns what each became, in claim order.
 */
export async function verifyDue(
  db: Db,
  connectors: BankConnectors,
  notices: PlayerNotices,
  now: Date = new Date(),
  onlyId?: number,
): Promise<VerifyStep[]> {
  const claimed = await claimDue(db, now, onlyId);
  return Promise.all(claimed.map((row) => verifyClaimed(db, connectors, notices, row, now)));
}

/**
 * At most this many bank lookups of the timer's passes run at once on a node (kicks count too),
 * so a bank that hangs until the time limit on every call cannot pile up calls without bound.
 */
export const VERIFY_MAX_IN_FLIGHT = 40;

/**
 * The verifier of this node: a periodic pass every BANK_VERIFY_INTERVAL_MS while recharges
 * await the bank (0 disables the timer; tests call `tick`), at the earliest retry and at most
 * VERIFY_IDLE_MS apart while none is due, and `kick(id)` right after a recharge request's commit.
 *
 * A pass claims the due recharges and starts their bank lookups without waiting for them: the
 * next pass comes one interval later even while a lookup hangs until BANK_HTTP_TIMEOUT_MS, so a
 * retry that falls due meanwhile is not held behind it (each claimed recharge is leased for
 * {@link VERIFY_LEASE_MS}, so no pass claims it twice). At most {@link VERIFY_MAX_IN_FLIGHT}
 * lookups run at once.
 */
export class BankVerifier extends PeriodicJob<number> {
  private readonly lookups = new Set<Promise<unknown>>();
  /** The sleep after the last pass when it found nothing to do (ms), else null. */
  private idleMs: number | null = null;

  constructor(
    private readonly db: Db,
    private readonly connectors: BankConnectors,
    private readonly notices: PlayerNotices,
    intervalMs: number,
    log: FastifyBaseLogger,
  ) {
    super('bank verifier', intervalMs, log);
  }

  /** One pass: claims due recharges and starts their lookups; returns how many it started. */
  async tick(now: Date = new Date()): Promise<number> {
    await c2pStuckToStaff(this.db, this.notices, now);
    const room = VERIFY_MAX_IN_FLIGHT - this.lookups.size;
    if (room <= 0) return 0;
    const claimed = await claimDue(this.db, now, undefined, Math.min(BATCH, room));
    for (const row of claimed)
      this.track(verifyClaimed(this.db, this.connectors, this.notices, row, now));
    this.idleMs = null;
    if (claimed.length === 0 && this.lookups.size === 0) {
      const next = await nextVerifyAt(this.db);
      const wait = next === null ? VERIFY_IDLE_MS : next.getTime() - now.getTime();
      this.idleMs = Math.min(Math.max(wait, this.intervalMs), VERIFY_IDLE_MS);
    }
    return claimed.length;
  }

  /**
   * After a pass that claimed nothing with no lookup running: until the earliest retry it read,
   * at most VERIFY_IDLE_MS; otherwise the interval.
   */
  protected override nextDelayMs(): number {
    return this.idleMs ?? this.intervalMs;
  }

  /**
   * Verifies recharge `id` now, off the request path; a failure is logged (the timer retries).
   * The timer leaves its idle sleep, so the retry of a lookup that fails is on time.
   */
  kick(id: number): void {
    this.track(verifyDue(this.db, this.connectors, this.notices, new Date(), id));
    this.runSoon();
  }

  /** Keeps `work` until it ends; a failure is logged (the lease ends and a later pass retries). */
  private track(work: Promise<unknown>): void {
    const p = work
      .catch((err: unknown) => this.log.error({ err }, 'bank verification failed'))
      .finally(() => this.lookups.delete(p));
    this.lookups.add(p);
  }

  /** Waits for the kicks and lookups in progress (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.lookups.size > 0) await Promise.all([...this.lookups]);
  }

  override async stop(): Promise<void> {
    await super.stop();
    await this.settled();
  }
}
