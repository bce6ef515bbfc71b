import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { bankInvariants, runBankWorkload } from '../../test/bank-workload';
import type { Caller } from '../../test/bank-workload';
import { httpCaller, injectCaller } from '../../test/callers';
import { buildTestApp, createTestDatabase, newPlayer, postgresAvailable } from '../../test/helpers';
import { NO_IDENTITY_GATE } from '../../test/identity-helpers';
import { startNodeProcess } from '../../test/nodes';
import type { NodeProcess } from '../../test/nodes';
import { eventually } from '../../test/sockets';

/**
 * The bank test (docs/architecture.md#how-a-payment-flows) on real PostgreSQL: concurrent random recharges, approvals,
 * rejections, withdrawals, payouts and adjustments (with racing staff decisions and retried
 * requests), then every invariant; and the same with the server SIGKILLed mid-run and restarted.
 */

/**
 * The concurrent run's size: operations of 16 loops at once (about a quarter of them recharges),
 * bounded by BANK_MS on a slow machine. 30 s of operations were about 3,000 alone on a 2-core
 * machine and 460 beside the rest of the suite (docs/decisions/045, "Addendum 2026-12-01
 * (third)"); the invariants hold after any number.
 */
const BANK_OPERATIONS = Number(process.env.BANK_TEST_OPERATIONS ?? 400);
const BANK_MS = Number(process.env.BANK_TEST_MS ?? 30_000);

async function setup(call: Caller, players: number) {
  const out: { token: string; id: number }[] = [];
  for (let i = 0; i < players; i++) {
    const res = await call('POST', '/api/register_api', { body: newPlayer() });
    const body = res.body as { token: string; user: { id: number } };
    out.push({ token: body.token, id: body.user.id });
  }
  const admin = await call('POST', '/api/login_api', {
    body: { email: 'admin@test.local', password: 'AdminPass123' },
  });
  const token = (admin.body as { token: string }).token;
  // The workload is about money movements, not identity (docs/decisions/031).
  await call('PUT', '/api/admin/identity/settings', { token, body: NO_IDENTITY_GATE });
  return { players: out, admin: token };
}

function expectInvariants(inv: Awaited<ReturnType<typeof bankInvariants>>) {
  expect(inv.ledger).toMatchObject({
    ok: true,
    totalCents: 0,
    negativeAccounts: 0,
    mismatchedAccounts: 0,
    unbalancedTransactions: 0,
  });
  expect(inv.recharges.approvedOk).toBe(inv.recharges.approved);
  expect(inv.recharges.openOk).toBe(inv.recharges.open);
  expect(inv.withdrawals.heldOnce).toBe(inv.withdrawals.total);
  expect(inv.withdrawals.settledOk).toBe(inv.withdrawals.total);
}

describe('the bank test on real PostgreSQL', async () => {
  const skip = !(await postgresAvailable());

  it.skipIf(skip)(
    `keeps every invariant through ${BANK_OPERATIONS} concurrent money movements`,
    { timeout: BANK_MS + 120_000 },
    async () => {
      const t = await buildTestApp('postgres');
      try {
        const call = injectCaller(t.app);
        const { players, admin } = await setup(call, 12);
        const stats = await runBankWorkload(call, players, admin, {
          workers: 16,
          durationMs: BANK_MS,
          operations: BANK_OPERATIONS,
        });
        const inv = await bankInvariants(t.database.db);
        console.warn(
          `[bank test] ${JSON.stringify({ stats, recharges: inv.recharges, withdrawals: inv.withdrawals, ledger: inv.ledger })}`,
        );
        expect(stats.recharges).toBeGreaterThan(50);
        expect(stats.approvals).toBeGreaterThan(10);
        expect(stats.payouts + stats.withdrawalRejections).toBeGreaterThan(5);
        expect(stats.networkErrors).toBe(0);
        expectInvariants(inv);
      } finally {
        await t.close();
      }
    },
  );

  it.skipIf(skip)(
    'credits a recharge once when many staff approve it at the same moment',
    async () => {
      const t = await buildTestApp('postgres');
      try {
        const call = injectCaller(t.app);
        const { players, admin } = await setup(call, 1);
        const p = players[0]!;
        const rec = await call('POST', '/api/recharge_api', {
          token: p.token,
          multipart: { amount: '777.77', reference: 'RACE-1', account_id: '1' },
        });
        const id = (rec.body as { id: number }).id;
        const results = await Promise.all(
          Array.from({ length: 10 }, () =>
            call('POST', `/api/admin/recharges/${id}/approve`, { token: admin }),
          ),
        );
        expect(results.filter((r) => r.status === 200)).toHaveLength(1);
        expect(results.filter((r) => r.status === 409)).toHaveLength(9);
        expect((await call('GET', '/api/user/balance', { token: p.token })).body).toEqual({
          balance: 777.77,
        });
        expectInvariants(await bankInvariants(t.database.db));
      } finally {
        await t.close();
      }
    },
  );

  it.skipIf(skip)('accepts exactly floor(B/d) of M concurrent withdrawals', async () => {
    const t = await buildTestApp('postgres');
    try {
      const call = injectCaller(t.app);
      const { players, admin } = await setup(call, 1);
      const p = players[0]!;
      await call('POST', `/api/admin/users/${p.id}/adjustments`, {
        token: admin,
        body: { amount: 5000, reason: 'Saldo de prueba' },
      });
      const d = 700;
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          call('POST', '/api/withdraw_api', {
            token: p.token,
            body: { amount: d, bank_account: 1 },
          }),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(Math.floor(5000 / d));
      for (const r of results.filter((x) => x.status !== 201)) expect(r.status).toBe(422);
      expect((await call('GET', '/api/user/balance', { token: p.token })).body).toEqual({
        balance: 5000 - 7 * d,
      });
      expectInvariants(await bankInvariants(t.database.db));
    } finally {
      await t.close();
    }
  });

  it.skipIf(skip)(
    'keeps every invariant when the server is SIGKILLed mid-run and restarted',
    { timeout: 240_000 },
    async () => {
      const database = await createTestDatabase('postgres');
      // From the run's bundle of the server when there is one (half the CPU of tsx at start);
      // no Redis, no sweeper: the workload alone moves the money.
      let node: NodeProcess | null = null;
      const start = async () => {
        node = await startNodeProcess(database.url!, { REDIS_URL: '', SWEEPER_INTERVAL_MS: '0' });
      };
      try {
        await start();
        // The restarted node listens on another port: the caller asks for the current one.
        const call = httpCaller(() => (node as NodeProcess | null)!.url);
        const { players, admin } = await setup(call, 8);
        // Killed mid-run: once the workload has recorded some recharges and withdrawals, however
        // long that takes on a loaded machine; the workload goes on for a second after the kill
        // (so its requests meet the dead server) and then stops.
        let killedAt = 0;
        const before = runBankWorkload(call, players, admin, {
          workers: 12,
          durationMs: 90_000,
          shouldStop: () => killedAt > 0 && Date.now() - killedAt > 1_000,
        });
        await eventually(
          'the workload under way',
          async () => {
            const now = await bankInvariants(database.db);
            return now.recharges.total >= 20 && now.withdrawals.total >= 5;
          },
          60_000,
          100,
        );
        (node as NodeProcess | null)?.child.kill('SIGKILL');
        killedAt = Date.now();
        const statsBefore = await before;
        expect(statsBefore.networkErrors).toBeGreaterThan(0);
        const midway = await bankInvariants(database.db);
        expectInvariants(midway);
        await start();
        const after = await runBankWorkload(call, players, admin, {
          workers: 12,
          durationMs: 30_000,
          operations: 100,
        });
        expect(after.networkErrors).toBe(0);
        const inv = await bankInvariants(database.db);
        console.warn(
          `[bank crash test] ${JSON.stringify({ before: statsBefore, after, recharges: inv.recharges, withdrawals: inv.withdrawals })}`,
        );
        expectInvariants(inv);
      } finally {
        const last = (node as NodeProcess | null)?.child;
        last?.kill('SIGKILL');
        if (last && last.exitCode === null && last.signalCode === null) await once(last, 'exit');
        await database.close();
      }
    },
  );
});
