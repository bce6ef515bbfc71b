import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { checkLedger } from '../modules/ledger/ledger';

/**
 * The bank test's workload and invariants (docs/architecture.md#how-a-payment-flows), written against a minimal HTTP
 * caller so it runs in-process (app.inject) or against a real server process (fetch), where the
 * process can be killed in the middle.
 */

export type Caller = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  opts?: { token?: string; body?: unknown; multipart?: Record<string, string>; key?: string },
) => Promise<{ status: number; body: unknown }>;

export interface WorkloadStats {
  recharges: number;
  approvals: number;
  rejections: number;
  withdrawals: number;
  payouts: number;
  withdrawalRejections: number;
  adjustments: number;
  conflicts: number;
  refused: number;
  networkErrors: number;
}

const pick = <T>(xs: T[]): T | undefined => xs[randomInt(0, Math.max(1, xs.length))];

/**
 * Runs `workers` concurrent loops, each doing a random recharge, approval, rejection,
 * withdrawal, payout or adjustment (with Idempotency-Keys and occasional duplicate requests and
 * racing staff decisions), until `operations` operations have started (all loops together), or
 * `durationMs` has passed, or `shouldStop()` says so, whichever comes first. A number of
 * operations makes the run the same work on any machine; the duration bounds it on a slow one.
 * Returns what was attempted and accepted.
 */
export async function runBankWorkload(
  call: Caller,
  players: { token: string; id: number }[],
  adminToken: string,
  opts: { workers: number; durationMs: number; operations?: number; shouldStop?: () => boolean },
): Promise<WorkloadStats> {
  const stats: WorkloadStats = {
    recharges: 0,
    approvals: 0,
    rejections: 0,
    withdrawals: 0,
    payouts: 0,
    withdrawalRejections: 0,
    adjustments: 0,
    conflicts: 0,
    refused: 0,
    networkErrors: 0,
  };
  const deadline = Date.now() + opts.durationMs;
  const safe = async (f: () => Promise<void>) => {
    try {
      await f();
    } catch {
      stats.networkErrors += 1;
    }
  };
  const count = (status: number, ok: keyof WorkloadStats) => {
    if (status >= 200 && status < 300) stats[ok] += 1;
    else if (status === 409) stats.conflicts += 1;
    else if (status === 422) stats.refused += 1;
    else if (status >= 500) throw new Error(`server error ${status}`);
  };
  const pending = async (kind: 'recharges' | 'withdrawals') => {
    const res = await call('GET', `/api/admin/${kind}?status=pendiente`, { token: adminToken });
    return (res.body as { id: number }[]) ?? [];
  };

  let started = 0;
  const worker = async () => {
    while (
      Date.now() < deadline &&
      started < (opts.operations ?? Infinity) &&
      !opts.shouldStop?.()
    ) {
      started += 1;
      const p = pick(players)!;
      const op = randomInt(0, 100);
      await safe(async () => {
        if (op < 25) {
          const res = await call('POST', '/api/recharge_api', {
            token: p.token,
            key: randomUUID(),
            multipart: {
              amount: `${randomInt(250, 3000)}.${String(randomInt(0, 100)).padStart(2, '0')}`,
              reference: `B${randomUUID().slice(0, 12)}`,
              account_id: '1',
            },
          });
          count(res.status, 'recharges');
        } else if (op < 45) {
          const item = pick(await pending('recharges'));
          if (!item) return;
          const approve = randomInt(0, 4) > 0;
          const url = `/api/admin/recharges/${item.id}/${approve ? 'approve' : 'reject'}`;
          const body = approve ? undefined : { reason: 'Referencia no encontrada' };
          // Two staff decide the same request at the same moment: one effect.
          const [a, b] = await Promise.all([
            call('POST', url, { token: adminToken, body, key: randomUUID() }),
            call('POST', url, { token: adminToken, body, key: randomUUID() }),
          ]);
          for (const r of [a, b]) count(r.status, approve ? 'approvals' : 'rejections');
        } else if (op < 65) {
          const key = randomUUID();
          const body = { amount: randomInt(500, 2500), bank_account: randomInt(1, 5) };
          const res = await call('POST', '/api/withdraw_api', { token: p.token, key, body });
          count(res.status, 'withdrawals');
          if (res.status === 201 && randomInt(0, 5) === 0) {
            // A client retry of the same request: replayed, never a second hold.
            const again = await call('POST', '/api/withdraw_api', { token: p.token, key, body });
            if (again.status !== 201) throw new Error(`retry was not replayed: ${again.status}`);
          }
        } else if (op < 85) {
          const item = pick(await pending('withdrawals'));
          if (!item) return;
          const pay = randomInt(0, 3) > 0;
          const url = `/api/admin/withdrawals/${item.id}/${pay ? 'pay' : 'reject'}`;
          const body = pay
            ? { payout_reference: `PM${randomInt(100000, 999999)}` }
            : { reason: 'Cuenta de pensionado' };
          const [a, b] = await Promise.all([
            call('POST', url, { token: adminToken, body, key: randomUUID() }),
            call('POST', url, { token: adminToken, body, key: randomUUID() }),
          ]);
          for (const r of [a, b]) count(r.status, pay ? 'payouts' : 'withdrawalRejections');
        } else {
          const amount = randomInt(0, 2) === 0 ? randomInt(1, 500) : -randomInt(1, 500);
          const res = await call('POST', `/api/admin/users/${p.id}/adjustments`, {
            token: adminToken,
            key: randomUUID(),
            body: { amount, reason: 'Ajuste de prueba' },
          });
          count(res.status, 'adjustments');
        }
      });
    }
  };
  await Promise.all(Array.from({ length: opts.workers }, worker));
  return stats;
}

/**
 * Every invariant the bank test asserts, as numbers (all zero / true when the ledger is right):
 * sum of balances 0; no negative wallet; each balance equals the sum of its entries; each
 * recharge approved iff it has exactly one credit; each withdrawal held exactly once and settled
 * exactly once iff decided, in the direction of its decision.
 */
export async function bankInvariants(db: Executor) {
  const ledger = await checkLedger(db);
  const rows = (q: ReturnType<typeof sql>) =>
    db.execute(q).then((r) => (r as unknown as { rows: Record<string, unknown>[] }).rows);
  const [recharges] = await rows(sql`
    select
      count(*) filter (where r.status = 'aprobado' and c.n = 1 and c.amount = r.amount_cents) as approved_ok,
      count(*) filter (where r.status = 'aprobado') as approved,
      count(*) filter (where r.status <> 'aprobado' and c.n = 0) as open_ok,
      count(*) filter (where r.status <> 'aprobado') as open,
      count(*) as total
    from recharges r
    cross join lateral (
      select count(*)::int as n, coalesce(sum(e.amount_cents) filter (where e.amount_cents > 0), 0) as amount
      from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
      where t.reference_type = 'recharge' and t.reference_id = r.id::text and e.amount_cents > 0
    ) c`);
  const [withdrawals] = await rows(sql`
    select
      count(*) filter (where h.n = 1) as held_once,
      count(*) filter (where (w.status = 'pendiente' and s.kind is null)
                         or (w.status = 'completado' and s.kind = 'withdrawal_paid' and s.n = 1)
                         or (w.status = 'rechazado' and s.kind = 'withdrawal_returned' and s.n = 1)) as settled_ok,
      count(*) as total,
      count(*) filter (where w.status = 'pendiente') as pending,
      count(*) filter (where w.status = 'completado') as paid,
      count(*) filter (where w.status = 'rechazado') as rejected
    from withdrawals w
    cross join lateral (select count(*)::int as n from ledger_transactions t where t.idempotency_key = 'withdrawal:' || w.id || ':hold') h
    left join lateral (select min(t.kind) as kind, count(*)::int as n from ledger_transactions t where t.idempotency_key = 'withdrawal:' || w.id || ':settle') s on true`);
  const num = (v: unknown) => Number(v ?? 0);
  return {
    ledger,
    recharges: {
      total: num(recharges?.total),
      approved: num(recharges?.approved),
      approvedOk: num(recharges?.approved_ok),
      open: num(recharges?.open),
      openOk: num(recharges?.open_ok),
    },
    withdrawals: {
      total: num(withdrawals?.total),
      heldOnce: num(withdrawals?.held_once),
      settledOk: num(withdrawals?.settled_ok),
      pending: num(withdrawals?.pending),
      paid: num(withdrawals?.paid),
      rejected: num(withdrawals?.rejected),
    },
  };
}
