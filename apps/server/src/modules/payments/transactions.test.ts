import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG_WALLET,
  TRANSACTION_STATUS_SPELLINGS,
  TRANSACTION_TYPE_SPELLINGS,
  type Transaction,
} from '@domino/contracts';
import type { TestApp } from '../../test/helpers';
import { buildTestApp } from '../../test/helpers';
import type { Player } from '../../test/wallet-helpers';
import {
  auth,
  fundPlayer,
  loginAdmin,
  registerPlayer,
  requestRecharge,
} from '../../test/wallet-helpers';
import { systemAccount, transfer, walletAccountId } from '../ledger/ledger';
import { liftIdentityGate } from '../../test/identity-helpers';

/**
 * GET /api/transactions (docs/decisions/003 and 016): every spelling docs/product.md §3
 * gives for a type or a status filters as its canonical value, and each item says what it did to
 * the balance (`effect`), so a pending or rejected recharge is never shown as credited.
 */
describe('the transaction list', () => {
  let t: TestApp;
  let admin: string;
  let p: Player;
  /** The player's movements by what they are, filled in beforeAll. */
  const ids: Record<string, string> = {};

  const get = (url: string, token = p.token) =>
    t.app.inject({ method: 'GET', url, headers: auth(token) });
  const post = (url: string, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: auth(admin),
      payload: payload as Record<string, unknown>,
    });
  const list = async (query: string): Promise<Transaction[]> => {
    const res = await get(`/api/transactions?${query}`);
    expect(res.statusCode, query).toBe(200);
    return res.json().transactions;
  };
  const idsOf = async (query: string) => (await list(query)).map((x) => x.id).sort();

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    admin = await loginAdmin(t);
    await liftIdentityGate(t, admin);
    p = await registerPlayer(t);
    // An approved recharge of Bs. 3.000 (fundPlayer), a pending one and a rejected one.
    await fundPlayer(t, p, admin, '3000');
    const pending = await requestRecharge(t, p.token, '300', { reference: 'PEND-1' });
    const rejected = await requestRecharge(t, p.token, '350', { reference: 'REJ-1' });
    await post(`/api/admin/recharges/${rejected.json().id}/reject`, {
      reason: 'Referencia no encontrada',
    });
    ids.rechargePending = `R-${pending.json().id}`;
    ids.rechargeRejected = `R-${rejected.json().id}`;
    // Three withdrawals: pending, paid (completed) and rejected (returned).
    const withdraw = async (amount: number) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/withdraw_api',
          headers: auth(p.token),
          payload: { amount, bank_account: 1 },
        })
      ).json().id as number;
    const w1 = await withdraw(500);
    const w2 = await withdraw(600);
    const w3 = await withdraw(700);
    await post(`/api/admin/withdrawals/${w2}/pay`, { payout_reference: 'PM-1' });
    await post(`/api/admin/withdrawals/${w3}/reject`, { reason: 'Cuenta de pensionado' });
    ids.withdrawalPending = `W-${w1}`;
    ids.withdrawalCompleted = `W-${w2}`;
    ids.withdrawalRejected = `W-${w3}`;
    // An entry fee and its refund (join, then leave before the start), and a prize.
    await t.app.inject({
      method: 'POST',
      url: '/api/tables/1/join',
      headers: auth(p.token),
      payload: { entry_price: 500 },
    });
    await t.app.inject({ method: 'POST', url: '/api/tables/1/leave', headers: auth(p.token) });
    await t.database.db.transaction(async (tx) => {
      const wallet = await walletAccountId(tx, p.id);
      const pot = await systemAccount(tx, 'adjustments');
      await transfer(tx, {
        kind: 'pot_payout',
        idempotencyKey: `test-prize-${p.id}`,
        postings: [
          { accountId: pot, amountCents: -12_345 },
          { accountId: wallet, amountCents: 12_345 },
        ],
        description: 'Premio del Pote del Mes',
      });
    });
    const all = await list('page=1');
    const page2 = await list('page=2');
    for (const x of [...all, ...page2]) {
      if (x.type_transaction === 'deposito' && x.status === 'approved') ids.rechargeApproved = x.id;
      if (x.type_transaction === 'apuesta') ids.bet = x.id;
      if (x.type_transaction === 'reembolso') ids.refund = x.id;
      if (x.type_transaction === 'premio') ids.win = x.id;
    }
  });
  afterAll(() => t.close());

  it('has one movement of each kind to filter', () => {
    expect(Object.keys(ids).sort()).toEqual(
      [
        'bet',
        'rechargeApproved',
        'rechargePending',
        'rechargeRejected',
        'refund',
        'win',
        'withdrawalCompleted',
        'withdrawalPending',
        'withdrawalRejected',
      ].sort(),
    );
  });

  // Every spelling of docs/product.md §3 (and ours), with the movements it must return.
  const byType: [string, string[]][] = [
    ['deposito', ['rechargeApproved', 'rechargePending', 'rechargeRejected']],
    ['retiro', ['withdrawalCompleted', 'withdrawalPending', 'withdrawalRejected']],
    ['apuesta', ['bet']],
    ['premio', ['win']],
    ['reembolso', ['refund']],
    ['ajuste', []],
  ];
  const typeCases = byType.flatMap(([type, expected]) =>
    TRANSACTION_TYPE_SPELLINGS[type as keyof typeof TRANSACTION_TYPE_SPELLINGS].map(
      (spelling) => [spelling, expected] as const,
    ),
  );

  it('documents every type spelling docs/product.md §3 gives', () => {
    expect(typeCases.map(([s]) => s)).toEqual(
      expect.arrayContaining(['dep', 'deposito', 'withdrawal', 'retiro', 'recharge', 'bet', 'win']),
    );
  });

  it.each(typeCases)('filters type=%s', async (spelling, expected) => {
    const want = expected.map((k) => ids[k]).sort();
    expect(await idsOf(`type=${encodeURIComponent(spelling)}`)).toEqual(want);
    // Case and accents do not matter.
    expect(await idsOf(`type=${encodeURIComponent(spelling.toUpperCase())}`)).toEqual(want);
  });

  const byStatus: [string, string[]][] = [
    ['pending', ['rechargePending', 'withdrawalPending']],
    ['approved', ['rechargeApproved']],
    ['rejected', ['rechargeRejected', 'withdrawalRejected']],
    ['completed', ['bet', 'refund', 'win', 'withdrawalCompleted']],
  ];
  const statusCases = byStatus.flatMap(([status, expected]) =>
    TRANSACTION_STATUS_SPELLINGS[status as keyof typeof TRANSACTION_STATUS_SPELLINGS].map(
      (spelling) => [spelling, expected] as const,
    ),
  );

  it('documents every status spelling docs/product.md §3 gives', () => {
    expect(statusCases.map(([s]) => s)).toEqual(
      expect.arrayContaining([
        'pending',
        'pendiente',
        'approved',
        'aprobado',
        'rejected',
        'rechazado',
        'completed',
      ]),
    );
  });

  it.each(statusCases)('filters status=%s', async (spelling, expected) => {
    const want = expected.map((k) => ids[k]).sort();
    expect(await idsOf(`status=${encodeURIComponent(spelling)}`)).toEqual(want);
    expect(
      await idsOf(`status=${encodeURIComponent(spelling[0]!.toUpperCase() + spelling.slice(1))}`),
    ).toEqual(want);
  });

  it('combines spellings of type and status, with accents and spaces', async () => {
    expect(await idsOf('type=dep&status=pendiente')).toEqual([ids.rechargePending]);
    expect(await idsOf('type=withdrawal&status=rechazado')).toEqual([ids.withdrawalRejected]);
    expect(await idsOf(`type=${encodeURIComponent(' Depósito ')}&status=aprobado`)).toEqual([
      ids.rechargeApproved,
    ]);
    // Empty means all.
    expect((await get('/api/transactions?type=&status=')).json().total).toBe(9);
  });

  it('refuses unknown values and repeated parameters with a Spanish 422 on the field', async () => {
    for (const [query, field, message] of [
      ['type=robo', 'type', MSG_WALLET.typeInvalid],
      ['type=deposit', 'type', MSG_WALLET.typeInvalid],
      ['type=dep&type=retiro', 'type', MSG_WALLET.typeInvalid],
      ['status=pagado', 'status', MSG_WALLET.statusInvalid],
    ] as const) {
      const res = await get(`/api/transactions?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors[field], query).toEqual([message]);
    }
  });

  it('says what each movement did to the balance: only money that moved is credited', async () => {
    const all = [...(await list('page=1')), ...(await list('page=2'))];
    const effect = (key: string) => all.find((x) => x.id === ids[key])?.effect;
    expect({
      rechargeApproved: effect('rechargeApproved'),
      rechargePending: effect('rechargePending'),
      rechargeRejected: effect('rechargeRejected'),
      withdrawalPending: effect('withdrawalPending'),
      withdrawalCompleted: effect('withdrawalCompleted'),
      withdrawalRejected: effect('withdrawalRejected'),
      bet: effect('bet'),
      refund: effect('refund'),
      win: effect('win'),
    }).toEqual({
      rechargeApproved: 'credit',
      rechargePending: 'none',
      rechargeRejected: 'none',
      withdrawalPending: 'debit',
      withdrawalCompleted: 'debit',
      withdrawalRejected: 'none',
      bet: 'debit',
      refund: 'credit',
      win: 'credit',
    });
    // The credits and debits add up to the balance: nothing shown as moved that did not.
    const signed = all.reduce(
      (sum, x) =>
        sum +
        (x.effect === 'credit' ? 1 : x.effect === 'debit' ? -1 : 0) * Math.round(x.amount * 100),
      0,
    );
    const balance = (await get('/api/user/balance')).json().balance as number;
    expect(signed).toBe(Math.round(balance * 100));
    // The rejected recharge keeps its reason for the player.
    expect(all.find((x) => x.id === ids.rechargeRejected)?.details.Motivo).toBe(
      'Referencia no encontrada',
    );
  });

  it('names the ledger kind of each ledger row and none for a request row', async () => {
    const all = [...(await list('page=1')), ...(await list('page=2'))];
    const kind = (key: string) => all.find((x) => x.id === ids[key])?.kind;
    expect({
      rechargeApproved: kind('rechargeApproved'),
      withdrawalRejected: kind('withdrawalRejected'),
      bet: kind('bet'),
      refund: kind('refund'),
      win: kind('win'),
    }).toEqual({
      rechargeApproved: null,
      withdrawalRejected: null,
      bet: 'entry_fee',
      refund: 'entry_refund',
      win: 'pot_payout',
    });
    // Ledger rows are the L- ones, and only they carry a kind.
    for (const x of all) expect(x.kind === null, x.id).toBe(!x.id.startsWith('L-'));
    // The totals read their kinds from the same display: bet 500 refunded, prize 123,45.
    const summary = (await get('/api/transactions')).json().summary;
    expect({ bets: summary.totalBets, wins: summary.totalWins }).toEqual({
      bets: 0,
      wins: 123.45,
    });
  });
});
