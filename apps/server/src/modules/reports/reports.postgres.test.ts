import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_REPORTS, type DailyReport, type TableDetail } from '@domino/contracts';
import { auditLog, games } from '../../db/schema';
import type { TestApp } from '../../test/helpers';
import { liftIdentityGate } from '../../test/identity-helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import { playMatchToEnd } from '../../test/play';
import {
  auth,
  fundPlayer,
  loginAdmin,
  registerPlayer,
  routeCallers,
  type Player,
} from '../../test/wallet-helpers';
import { checkLedger, systemAccount, transfer, walletAccountId } from '../ledger/ledger';
import { caracasToday } from './daily';

/**
 * The daily report, its CSV exports and the BCV rate on real PostgreSQL (decision 034). A
 * scripted day (recharges approved, one withdrawal paid and one pending, a table match settled
 * with its house fee and pot share, an entry still in escrow) gives exact figures and "Cuadra";
 * an unbalanced posting written behind the ledger's back makes it "No cuadra".
 */
describe('daily report, CSV exports and BCV rate on postgres', async () => {
  const skip = !(await postgresAvailable());
  let t: TestApp;
  let admin: string;
  let players: Player[];
  let late: Player;
  let gameId: string;
  const { get, post } = routeCallers(() => t.app);
  const put = (url: string, token: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url,
      headers: auth(token),
      payload: payload as Record<string, unknown>,
    });
  const today = () => caracasToday();

  beforeAll(async () => {
    if (skip) return;
    t = await buildTestApp('postgres', {
      BOT_MIN_DELAY_MS: '0',
      BOT_MAX_DELAY_MS: '0',
      HAND_PAUSE_MS: '0',
    });
    admin = await loginAdmin(t);
    // Withdrawals here are about this module, not identity (decision 031).
    await liftIdentityGate(t, admin);
    // The scripted day: four players recharge Bs. 1.500 each and play a Bs. 1.000 match; a
    // fifth recharges Bs. 2.000, withdraws 600 (paid) and 500 (left pending), and sits at the
    // Bs. 500 table, whose entry stays in escrow.
    players = [];
    for (let i = 0; i < 4; i++) {
      const p = await registerPlayer(t);
      await fundPlayer(t, p, admin, '1500');
      players.push(p);
    }
    late = await registerPlayer(t);
    await fundPlayer(t, late, admin, '2000');
    const paid = await post('/api/withdraw_api', late.token, { amount: 600, bank_account: 1 });
    expect(paid.statusCode).toBe(201);
    const pay = await post(`/api/admin/withdrawals/${paid.json().id}/pay`, admin, {
      payout_reference: 'PM-123456',
    });
    expect(pay.statusCode).toBe(200);
    expect(
      (await post('/api/withdraw_api', late.token, { amount: 500, bank_account: 1 })).statusCode,
    ).toBe(201);
    expect((await post('/api/tables/1/join', late.token, { entry_price: 500 })).statusCode).toBe(
      200,
    );
    for (const p of players)
      expect((await post('/api/tables/2/join', p.token, { entry_price: 1000 })).statusCode).toBe(
        200,
      );
    const detail: TableDetail = (await get('/api/tables/2')).json();
    gameId = detail.game_id!;
    await playMatchToEnd(t, gameId, players);
  }, 240_000);
  afterAll(async () => {
    if (!skip) await t.close();
  });

  /** The settlement facts the finished match recorded (céntimos). */
  async function settlement() {
    const [row] = await t.database.db
      .select({ s: games.settlement })
      .from(games)
      .where(eq(games.id, gameId));
    return row!.s as {
      potCents: number;
      houseFeeCents: number;
      potShareCents: number;
      prizeCents: number;
      remainderCents: number;
      winnerSeats: number[];
      month: string;
    };
  }

  it.skipIf(skip)('gives the exact figures of the scripted day and says it squares', async () => {
    const res = await get(`/api/admin/reports/daily?date=${today()}`, admin);
    expect(res.statusCode).toBe(200);
    const r: DailyReport = res.json();
    const s = await settlement();
    const house = s.houseFeeCents + s.remainderCents;
    const prizes = s.prizeCents * s.winnerSeats.length;
    expect(s.potCents).toBe(400_000);
    expect(house).toBeGreaterThan(0);
    expect(s.potShareCents).toBeGreaterThan(0);

    expect(r.date).toBe(today());
    expect(r.complete).toBe(false);
    expect(r.recharges).toEqual({ count: 5, amount: 8000 });
    expect(r.withdrawals).toEqual({
      requested: { count: 2, amount: 1100 },
      paid: { count: 1, amount: 600 },
      returned: { count: 0, amount: 0 },
      pending: { count: 1, amount: 500 },
    });
    expect(r.house_fees).toEqual({ collected: house / 100, balance: house / 100 });
    expect(r.pot.month).toBe(s.month);
    expect(r.pot.month_balance).toBe(s.potShareCents / 100);
    expect(r.pot.movements).toEqual([
      {
        kind: 'game_payout',
        label: 'Premio de la partida',
        count: 1,
        amount: s.potShareCents / 100,
      },
    ]);
    expect(r.escrow).toEqual({ tables: 500, tournaments: 0 });
    const closingOwed = 800_000 - 110_000 - 450_000 + prizes;
    expect(r.owed).toEqual({ opening: 0, closing: closingOwed / 100 });
    expect(r.wallet_statement).toEqual([
      { kind: 'entry_fee', label: 'Entrada a una mesa', count: 5, amount: -4500 },
      { kind: 'game_payout', label: 'Premio de la partida', count: 1, amount: prizes / 100 },
      { kind: 'recharge', label: 'Recarga aprobada', count: 5, amount: 8000 },
      { kind: 'withdrawal_hold', label: 'Retiro solicitado', count: 2, amount: -1100 },
    ]);
    // Money in the platform = what came in minus what went out.
    expect(closingOwed + 50_000 + 50_000 + house + s.potShareCents).toBe(800_000 - 60_000);
    const wallets = r.accounts.find((a) => a.kind === 'wallet')!;
    expect(wallets).toMatchObject({ opening: 0, closing: closingOwed / 100, difference: 0 });
    expect(r.accounts.every((a) => a.difference === 0)).toBe(true);
    expect(r.check).toEqual({
      ok: true,
      label: 'Cuadra',
      difference: 0,
      day_unbalanced_transactions: 0,
      problems: [],
    });

    // The day before had nothing; a day in the future is refused in Spanish.
    const yesterday = new Date(Date.parse(`${today()}T12:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const before: DailyReport = (
      await get(`/api/admin/reports/daily?date=${yesterday}`, admin)
    ).json();
    expect(before.recharges).toEqual({ count: 0, amount: 0 });
    expect(before.check.ok).toBe(true);
    expect(before.complete).toBe(true);
    const bad = await get('/api/admin/reports/daily?date=2026-02-30', admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.date).toEqual([MSG_REPORTS.dateInvalid]);
    const future = await get('/api/admin/reports/daily.csv?date=2999-01-01', admin);
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.date).toEqual([MSG_REPORTS.dateFuture]);
  });

  it.skipIf(skip)(
    'refuses every staff route to a player (403) and to a visitor (401)',
    async () => {
      const p = players[0]!;
      for (const url of [
        `/api/admin/reports/daily?date=${today()}`,
        `/api/admin/reports/daily.csv?date=${today()}`,
        `/api/admin/users/${p.id}/ledger.csv`,
        `/api/admin/users/${late.id}/ledger.csv`,
        '/api/admin/bcv-rates',
      ]) {
        const res = await get(url, p.token);
        expect(res.statusCode, url).toBe(403);
        expect(res.headers['content-type'], url).toMatch(/json/);
        expect((await get(url)).statusCode, url).toBe(401);
      }
      expect(
        (await post('/api/admin/bcv-rates', p.token, { date: today(), rate: '36,52' })).statusCode,
      ).toBe(403);
      expect(
        (await put(`/api/admin/bcv-rates/${today()}`, p.token, { rate: '1' })).statusCode,
      ).toBe(403);
    },
  );

  it.skipIf(skip)(
    'exports the daily report as CSV with a BOM, Spanish headers and ; cells',
    async () => {
      const res = await get(`/api/admin/reports/daily.csv?date=${today()}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="informe-diario-${today()}.csv"`,
      );
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('Sección;Concepto;Cantidad;Monto (Bs.)');
      expect(lines).toContain('Recargas;Aprobadas;5;8000,00');
      expect(lines).toContain('Retiros;Pagados;1;600,00');
      expect(lines).toContain('Retiros;Pendientes al cierre;1;500,00');
      expect(lines).toContain('Custodia;Mesas;;500,00');
      expect(lines).toContain('Adeudado a jugadores;Retiro solicitado;2;-1100,00');
      expect(lines).toContain('Cuadre;Cuadra;;0,00');
    },
  );

  it.skipIf(skip)(
    "exports every posting of one player's wallet, guarded against formulas, and audits it",
    async () => {
      // A description that a spreadsheet would run as a formula, moved through the real ledger.
      await t.database.db.transaction(async (tx) =>
        transfer(tx, {
          kind: 'adjustment',
          idempotencyKey: 'reports-test-injection',
          postings: [
            { accountId: await systemAccount(tx, 'adjustments'), amountCents: -1_050 },
            { accountId: await walletAccountId(tx, late.id), amountCents: 1_050 },
          ],
          description: '=HYPERLINK("http://malo.example")',
          actorUserId: null,
        }),
      );
      const res = await get(`/api/admin/users/${late.id}/ledger.csv`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(
          `^attachment; filename="movimientos-usuario-${late.id}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`,
        ),
      );
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Fecha;Transacción;Tipo;Descripción;Monto (Bs.);Saldo (Bs.);Referencia',
      );
      const cells = lines.slice(1).map((l) => l.split(';'));
      // recharge, withdrawal hold, withdrawal hold, entry, adjustment (5 postings), oldest first.
      expect(cells.map((c) => c[2])).toEqual([
        'Recarga aprobada',
        'Retiro solicitado',
        'Retiro solicitado',
        'Entrada a una mesa',
        'Ajuste del personal',
      ]);
      expect(cells.map((c) => c[4])).toEqual(['2000,00', '-600,00', '-500,00', '-500,00', '10,50']);
      expect(cells.map((c) => c[5])).toEqual(['2000,00', '1400,00', '900,00', '400,00', '410,50']);
      for (const c of cells) expect(c[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
      expect(cells[0]![6]).toMatch(/^Recarga \d+$/);
      // The formula is text (a leading apostrophe), quoted because it holds quotes.
      expect(res.body).toContain('"\'=HYPERLINK(""http://malo.example"")"');
      expect(res.body).not.toMatch(/(^|;)=HYPERLINK/m);
      const [row] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'reports.user_csv'));
      expect(row).toMatchObject({
        targetType: 'user',
        targetId: String(late.id),
        after: { rows: 5 },
      });
      // An unknown user is a Spanish 404.
      const missing = await get('/api/admin/users/999999/ledger.csv', admin);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('El usuario no existe.');
    },
  );

  it.skipIf(skip)(
    'records one BCV rate per date, validates it, audits it and serves the latest',
    async () => {
      expect((await get('/api/bcv-rate')).json()).toEqual({ rate: null });
      const cases: [unknown, string][] = [
        ['', MSG_REPORTS.rateRequired],
        ['abc', MSG_REPORTS.rateInvalid],
        ['36,52101', MSG_REPORTS.rateInvalid],
        ['-36,5', MSG_REPORTS.rateInvalid],
        ['1.234,56', MSG_REPORTS.rateInvalid],
        ['0', MSG_REPORTS.rateOutOfRange],
        ['0,0000', MSG_REPORTS.rateOutOfRange],
        ['1000000', MSG_REPORTS.rateOutOfRange],
        [36.52, MSG_REPORTS.rateRequired],
      ];
      for (const [rate, message] of cases) {
        const res = await post('/api/admin/bcv-rates', admin, { date: today(), rate });
        expect(res.statusCode, String(rate)).toBe(422);
        expect(res.json().errors.rate, String(rate)).toEqual([message]);
      }
      const future = await post('/api/admin/bcv-rates', admin, { date: '2999-01-01', rate: '40' });
      expect(future.statusCode).toBe(422);
      expect(future.json().errors.date).toEqual([MSG_REPORTS.dateFuture]);
      expect((await get('/api/admin/bcv-rates', admin)).json()).toEqual({ rates: [] });

      const older = await post('/api/admin/bcv-rates', admin, { date: '2026-11-01', rate: '36.1' });
      expect(older.statusCode).toBe(201);
      expect((await get('/api/bcv-rate')).json()).toEqual({
        rate: { date: '2026-11-01', rate_scaled: 361000 },
      });
      const created = await post('/api/admin/bcv-rates', admin, { date: today(), rate: '36,5210' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        message: MSG_REPORTS.rateRecorded,
        rate: { date: today(), rate_scaled: 365210, rate: '36,5210' },
      });
      const again = await post('/api/admin/bcv-rates', admin, { date: today(), rate: '37' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: MSG_REPORTS.rateTaken, code: 'reports/rate_taken' });
      // Two staff recording the same new date at once: exactly one wins.
      const race = await Promise.all([
        post('/api/admin/bcv-rates', admin, { date: '2026-11-02', rate: '36,2' }),
        post('/api/admin/bcv-rates', admin, { date: '2026-11-02', rate: '36,3' }),
      ]);
      expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);

      expect((await get('/api/bcv-rate')).json()).toEqual({
        rate: { date: today(), rate_scaled: 365210 },
      });
      const fixed = await put(`/api/admin/bcv-rates/${today()}`, admin, { rate: '36,6000' });
      expect(fixed.statusCode).toBe(200);
      expect(fixed.json().rate).toMatchObject({ rate_scaled: 366000, rate: '36,6000' });
      expect(
        (await put(`/api/admin/bcv-rates/${today()}`, admin, { rate: '36,6' })).statusCode,
      ).toBe(409);
      expect((await put('/api/admin/bcv-rates/2020-01-01', admin, { rate: '1' })).json()).toEqual({
        message: MSG_REPORTS.rateNotFound,
        code: 'reports/rate_not_found',
      });
      const history = (await get('/api/admin/bcv-rates', admin)).json().rates as {
        date: string;
        recorded_by: string;
      }[];
      expect(history.map((h) => h.date)).toEqual([today(), '2026-11-02', '2026-11-01']);
      expect(history[0]!.recorded_by).toBeTruthy();
      const audits = await t.database.db
        .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(eq(auditLog.targetType, 'bcv_rate'));
      expect(audits.filter((a) => a.action === 'bcv_rate.record')).toHaveLength(3);
      expect(audits.find((a) => a.action === 'bcv_rate.correct')).toMatchObject({
        before: { rate_scaled: 365210 },
        after: { rate_scaled: 366000 },
      });
      expect((await get('/api/bcv-rate')).json().rate.rate_scaled).toBe(366000);
    },
  );

  // Last: it breaks the ledger on purpose.
  it.skipIf(skip)(
    'says "No cuadra" with the difference when a posting bypasses the ledger',
    async () => {
      const db = t.database.db;
      const wallet = await db.transaction((tx) => walletAccountId(tx, late.id));
      await db.transaction(async (tx) => {
        // Skip the append-only and balanced-transaction triggers, as a broken writer would.
        await tx.execute(sql`set local session_replication_role = replica`);
        const res = await tx.execute(sql`
        insert into ledger_transactions (kind, idempotency_key, request_hash, description)
        values ('adjustment', 'reports-test-broken', 'x', 'Asiento roto') returning id`);
        const txId = Number((res as unknown as { rows: { id: unknown }[] }).rows[0]!.id);
        await tx.execute(sql`
        insert into ledger_entries (transaction_id, account_id, amount_cents, balance_after_cents, account_version)
        select ${txId}, a.id, 500, a.balance_cents + 500, a.version + 1 from accounts a where a.id = ${wallet}`);
      });
      expect((await checkLedger(db)).ok).toBe(false);
      const r: DailyReport = (await get(`/api/admin/reports/daily?date=${today()}`, admin)).json();
      expect(r.check.ok).toBe(false);
      expect(r.check.label).toBe('No cuadra');
      expect(r.check.difference).toBe(5);
      expect(r.check.day_unbalanced_transactions).toBe(1);
      expect(r.check.problems).toContain(
        'Los saldos al cierre suman Bs. 5,00; en un libro de doble entrada deben sumar Bs. 0,00.',
      );
      expect(r.check.problems).toContain(
        '1 transacción del día no suma cero (descuadre Bs. 5,00).',
      );
      expect(r.check.problems.some((p) => p.startsWith('Libro mayor completo:'))).toBe(true);
      const csv = await get(`/api/admin/reports/daily.csv?date=${today()}`, admin);
      expect(csv.body).toContain('Cuadre;No cuadra;;5,00');
    },
  );
});
