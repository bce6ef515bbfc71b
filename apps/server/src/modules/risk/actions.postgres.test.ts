import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG_RISK } from '@domino/contracts';
import { auditLog, riskAccountMarks, riskItems, users } from '../../db/schema';
import type { TestApp } from '../../test/helpers';
import { liftIdentityGate } from '../../test/identity-helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import { fundedPlayer, loginAdmin, routeCallers } from '../../test/wallet-helpers';
import { upsertFindings } from './queue';

/**
 * Staff actions of the risk queue through the HTTP routes on real PostgreSQL
 * (docs/decisions/032-risk-signals.md "Actions"): the withdrawal hold refuses new requests and the
 * payment of pending ones until lifted, flag, suspend from an item, dismiss with a note, every
 * action audited with the staff id and reason; players get 403; bad input is a Spanish 422.
 */
describe('risk queue actions on postgres', async () => {
  const skip = !(await postgresAvailable());
  let t: TestApp;
  let admin: string;
  let adminId: number;
  const { get, post } = routeCallers(() => t.app);

  beforeAll(async () => {
    if (skip) return;
    t = await buildTestApp('postgres');
    admin = await loginAdmin(t);
    // Withdrawals here are about this module, not identity (decision 031).
    await liftIdentityGate(t, admin);
    const [row] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, t.config.ADMIN_EMAIL));
    adminId = row!.id;
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  const auditRows = (action: string, targetId: number | string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));

  it.skipIf(skip)('a player cannot read the queue nor act on an account (403)', async () => {
    const p = await fundedPlayer(t, admin, 100);
    const q = await fundedPlayer(t, admin, 100);
    for (const res of [
      await get('/api/admin/risk/items', p.token),
      await get(`/api/admin/risk/accounts/${q.id}`, p.token),
      await post(`/api/admin/risk/accounts/${q.id}/actions`, p.token, {
        action: 'flag',
        reason: 'porque sí',
      }),
      await post('/api/admin/risk/scan', p.token),
      await post('/api/admin/risk/items/1/dismiss', p.token, { note: 'nada' }),
    ])
      expect(res.statusCode).toBe(403);
    expect((await get('/api/admin/risk/items')).statusCode).toBe(401);
    expect(await t.database.db.select().from(riskAccountMarks)).toHaveLength(0);
  });

  it.skipIf(skip)(
    'hold refuses new withdrawals and the payment of pending ones until released',
    async () => {
      const p = await fundedPlayer(t, admin, 3_000);
      const pending = await post('/api/withdraw_api', p.token, { amount: 600, bank_account: 1 });
      expect(pending.statusCode).toBe(201);

      const bad = await post(`/api/admin/risk/accounts/${p.id}/actions`, admin, {
        action: 'hold',
        reason: 'x',
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.reason).toEqual([MSG_RISK.reasonRequired]);
      const held = await post(`/api/admin/risk/accounts/${p.id}/actions`, admin, {
        action: 'hold',
        reason: 'Referencia repetida en recargas',
      });
      expect(held.statusCode).toBe(200);
      expect(held.json()).toMatchObject({
        message: MSG_RISK.actionDone.hold,
        marks: { withdrawals_held: true, hold_reason: 'Referencia repetida en recargas' },
      });
      const twice = await post(`/api/admin/risk/accounts/${p.id}/actions`, admin, {
        action: 'hold',
        reason: 'otra vez',
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(MSG_RISK.alreadyInState);

      const balanceBefore = (await get('/api/user/balance', p.token)).json().balance;
      const refused = await post('/api/withdraw_api', p.token, { amount: 600, bank_account: 1 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'risk/withdrawals_held',
        message: MSG_RISK.withdrawalsHeld,
      });
      expect((await get('/api/user/balance', p.token)).json().balance).toBe(balanceBefore);

      const pay = await post(`/api/admin/withdrawals/${pending.json().id}/pay`, admin, {
        payout_reference: 'PAGO123',
      });
      expect(pay.statusCode).toBe(409);
      expect(pay.json().message).toBe(MSG_RISK.payoutHeld);

      const released = await post(`/api/admin/risk/accounts/${p.id}/actions`, admin, {
        action: 'release',
        reason: 'Revisado con el titular',
      });
      expect(released.json().marks).toMatchObject({ withdrawals_held: false, hold_reason: null });
      expect(
        (
          await post(`/api/admin/withdrawals/${pending.json().id}/pay`, admin, {
            payout_reference: 'PAGO123',
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (await post('/api/withdraw_api', p.token, { amount: 600, bank_account: 1 })).statusCode,
      ).toBe(201);

      const holds = await auditRows('risk.hold', p.id);
      expect(holds).toHaveLength(1);
      expect(holds[0]).toMatchObject({
        actorUserId: adminId,
        reason: 'Referencia repetida en recargas',
        before: { withdrawals_held: false },
        after: { withdrawals_held: true },
      });
      expect(await auditRows('risk.release', p.id)).toHaveLength(1);
    },
  );

  it.skipIf(skip)(
    'flag, suspend from an item and dismiss are audited; items are not duplicated by scans',
    async () => {
      const a = await fundedPlayer(t, admin, 100);
      const b = await fundedPlayer(t, admin, 100);
      const c = await fundedPlayer(t, admin, 100);
      await upsertFindings(t.database.db, [
        {
          kind: 'chip_dumping',
          userIds: [a.id, b.id],
          key: `chip_dumping:${a.id}:${b.id}`,
          score: 9,
          evidence: {
            loser_id: a.id,
            winner_id: b.id,
            losses: 9,
            decided: 9,
            p_value: 0.002,
            net_cents: 45_000,
            stakes_cents: [5_000],
          },
        },
        {
          kind: 'linked',
          userIds: [b.id, c.id],
          key: `linked:${b.id}:${c.id}`,
          score: 1,
          evidence: { signals: ['device'] },
        },
      ]);
      // The registrations all came from one address, which links nobody; a re-scan never copies.
      const scan = await post('/api/admin/risk/scan', admin);
      expect(scan.statusCode).toBe(200);
      const again = await post('/api/admin/risk/scan', admin);
      expect(again.json()).toMatchObject({ created: 0, total: scan.json().total });

      const list = await get(`/api/admin/risk/items?status=open&user_id=${a.id}`, admin);
      expect(list.statusCode).toBe(200);
      const dump = list.json().data.find((i: { kind: string }) => i.kind === 'chip_dumping');
      expect(dump).toMatchObject({
        evidence: { net: 450, stakes: [50], losses: 9 },
        accounts: [{ id: a.id, flagged: false }, { id: b.id }],
      });

      const flag = await post(`/api/admin/risk/accounts/${b.id}/actions`, admin, {
        action: 'flag',
        reason: 'Gana siempre a la misma cuenta',
        item_id: dump.id,
      });
      expect(flag.statusCode).toBe(200);
      expect(flag.json().marks).toMatchObject({
        flagged: true,
        flag_reason: 'Gana siempre a la misma cuenta',
      });
      const [item] = await t.database.db.select().from(riskItems).where(eq(riskItems.id, dump.id));
      expect(item).toMatchObject({ status: 'actioned', decidedBy: adminId });
      expect(await auditRows('risk.flag', b.id)).toHaveLength(1);
      expect(await auditRows('risk.item.action', dump.id)).toHaveLength(1);

      // An item that does not name the account is refused, and nothing changes.
      const linkedItem = (await get(`/api/admin/risk/items?user_id=${c.id}`, admin))
        .json()
        .data.find(
          (i: { kind: string; accounts: { id: number }[] }) =>
            i.kind === 'linked' && i.accounts.some((x) => x.id === b.id),
        );
      const wrong = await post(`/api/admin/risk/accounts/${a.id}/actions`, admin, {
        action: 'suspend',
        reason: 'cuenta duplicada',
        item_id: linkedItem.id,
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().message).toBe(MSG_RISK.itemNotForUser);

      const suspend = await post(`/api/admin/risk/accounts/${c.id}/actions`, admin, {
        action: 'suspend',
        reason: 'Cuenta duplicada de otra',
        item_id: linkedItem.id,
      });
      expect(suspend.statusCode).toBe(200);
      expect(suspend.json().marks.status).toBe('suspendido');
      const [cRow] = await t.database.db.select().from(users).where(eq(users.id, c.id));
      expect(cRow!.status).toBe('suspendido');
      expect((await get('/api/user/balance', c.token)).statusCode).toBe(401);
      expect(await auditRows('user.suspend', c.id)).toHaveLength(1);
      expect(await auditRows('risk.item.action', linkedItem.id)).toHaveLength(1);
      const [aRow] = await t.database.db.select().from(users).where(eq(users.id, a.id));
      expect(aRow!.status).toBe('activo');

      // The chip dumping staff acted on is a confirmed pattern of play: the next scan links a
      // and b (docs/decisions/039), with the address they share only as added weight. b and c
      // are confirmed too (the linked item acted on), so a, b and c are one group: the group's
      // item is the acted-on item, reopened because a is new evidence (decision 049).
      expect((await post('/api/admin/risk/scan', admin)).statusCode).toBe(200);
      const open = (await get(`/api/admin/risk/items?status=open&user_id=${a.id}`, admin)).json()
        .data[0];
      expect(open).toMatchObject({
        id: linkedItem.id,
        kind: 'linked',
        evidence: { signals: ['confirmed_pattern', 'address'] },
      });
      expect(open.accounts.map((x: { id: number }) => x.id)).toEqual(
        [a.id, b.id, c.id].sort((x, y) => x - y),
      );
      expect(await auditRows('risk.item.reopen', linkedItem.id)).toHaveLength(1);

      // Dismiss: a note is required; a decided item cannot be dismissed.
      expect(
        (await post(`/api/admin/risk/items/${open.id}/dismiss`, admin, { note: '' })).json().errors
          .note,
      ).toEqual([MSG_RISK.noteRequired]);
      const dismissed = await post(`/api/admin/risk/items/${open.id}/dismiss`, admin, {
        note: 'Misma casa, ya verificado',
      });
      expect(dismissed.json()).toMatchObject({
        message: MSG_RISK.dismissed,
        item: { status: 'dismissed', note: 'Misma casa, ya verificado' },
      });
      expect(
        (await post(`/api/admin/risk/items/${open.id}/dismiss`, admin, { note: 'otra nota' }))
          .statusCode,
      ).toBe(409);
      expect(
        (
          await post(`/api/admin/risk/items/${dump.id}/dismiss`, admin, { note: 'otra nota' })
        ).json().message,
      ).toBe(MSG_RISK.itemDecided);
      expect(
        (await post('/api/admin/risk/items/999999/dismiss', admin, { note: 'otra nota' }))
          .statusCode,
      ).toBe(404);
      expect(await auditRows('risk.item.dismiss', open.id)).toHaveLength(1);
      // After a scan the dismissed item is still dismissed and there is no second copy.
      await post('/api/admin/risk/scan', admin);
      const copies = await t.database.db
        .select()
        .from(riskItems)
        .where(eq(riskItems.key, `chip_dumping:${a.id}:${b.id}`));
      expect(copies).toHaveLength(1);
      expect((await get(`/api/admin/risk/accounts/${b.id}`, admin)).json()).toMatchObject({
        flagged: true,
        withdrawals_held: false,
      });
      expect((await get('/api/admin/risk/accounts/999999', admin)).statusCode).toBe(404);
    },
  );
});
