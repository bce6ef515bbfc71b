import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconciliationApproveResponse, ReconciliationReport } from '@domino/contracts';
import {
  auditLog,
  bankStatementLines,
  ledgerTransactions,
  recharges,
  users,
} from '../../db/schema';
import { caracasDate } from '../../lib/time';
import { checkLedger } from '../ledger/ledger';
import { buildTestApp, newPlayer, postgresAvailable } from '../../test/helpers';
import type { TestApp } from '../../test/helpers';

/**
 * Bank reconciliation on real PostgreSQL (docs/decisions/033-bank-reconciliation.md): staff only,
 * the mapping, CSV and XLSX statements, the matching rules at their edges, approval through the
 * manual approval path, a repeated upload approving nothing, a 1,000-line statement and two staff
 * approving at once.
 */

const pad = (n: number) => String(n).padStart(2, '0');
function dayOffset(offset: number): { iso: string; ve: string } {
  const t = caracasDate(new Date());
  const d = new Date(Date.UTC(t.year, t.month - 1, t.day + offset));
  const [y, m, dd] = [d.getUTCFullYear(), pad(d.getUTCMonth() + 1), pad(d.getUTCDate())];
  return { iso: `${y}-${m}-${dd}`, ve: `${dd}/${m}/${y}` };
}

function form(fields: Record<string, string>, file?: { name: string; data: Buffer }) {
  const boundary = `----rec${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  if (file)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="statement"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const veMapping = {
  header_row: 1,
  date_column: 'Fecha',
  date_format: 'dd/mm/yyyy',
  reference_column: 'Referencia',
  amount_mode: 'signed',
  amount_column: 'Monto',
  amount_format: 've',
  description_column: 'Descripción',
};

describe('bank reconciliation on real PostgreSQL', async () => {
  const skip = !(await postgresAvailable());
  let t: TestApp;
  let admin: string;
  let accountId: number;

  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token?: string,
    body?: unknown,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };
  const upload = async (token: string, account: number | string, name: string, data: Buffer) => {
    const f = form({ account_id: String(account) }, { name, data });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reconciliation/statements',
      headers: { authorization: `Bearer ${token}`, ...f.headers },
      payload: f.payload,
    });
    return {
      status: res.statusCode,
      body: res.json() as ReconciliationReport & { errors?: unknown },
    };
  };
  const approveAll = async (token: string, report: ReconciliationReport) => {
    const res = await call(
      'POST',
      `/api/admin/reconciliation/statements/${report.statement.id}/approve`,
      token,
      { pairs: report.matched.map((m) => ({ line_id: m.line.id, recharge_id: m.recharge.id })) },
    );
    return res as { status: number; body: ReconciliationApproveResponse & Record<string, unknown> };
  };
  const player = async () => {
    const res = await call('POST', '/api/register_api', undefined, newPlayer());
    return res.body as { token: string; user: { id: number } };
  };
  const recharge = async (token: string, amount: string, reference: string) => {
    const f = form({ amount, reference, account_id: String(accountId) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recharge_api',
      headers: { authorization: `Bearer ${token}`, ...f.headers },
      payload: f.payload,
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const balance = async (token: string) =>
    ((await call('GET', '/api/user/balance', token)).body as { balance: number }).balance;
  const statusOf = async (id: number) =>
    (
      await t.database.db
        .select({ s: recharges.status })
        .from(recharges)
        .where(eq(recharges.id, id))
    )[0]!.s;

  beforeAll(async () => {
    if (skip) return;
    t = await buildTestApp('postgres');
    const login = await call('POST', '/api/login_api', undefined, {
      email: 'admin@test.local',
      password: 'AdminPass123',
    });
    admin = (login.body as { token: string }).token;
    const accounts = await call('GET', '/api/admin/reconciliation/accounts', admin);
    accountId = (accounts.body as unknown as { id: number; active: boolean }[]).find(
      (a) => a.active,
    )!.id;
  }, 60_000);
  afterAll(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)('is staff only: 401 without a session, 403 for a player', async () => {
    const p = await player();
    const routes: ['GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['GET', '/api/admin/reconciliation/accounts'],
      ['PUT', `/api/admin/reconciliation/accounts/${accountId}/mapping`, veMapping],
      ['GET', '/api/admin/reconciliation/statements/1'],
      [
        'POST',
        '/api/admin/reconciliation/statements/1/approve',
        { pairs: [{ line_id: 1, recharge_id: 1 }] },
      ],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, undefined, body)).status).toBe(401);
      const res = await call(method, url, p.token, body);
      expect(res.status).toBe(403);
      expect(typeof res.body.message).toBe('string');
    }
    const up = await upload(p.token, accountId, 'e.csv', Buffer.from('Fecha;Referencia;Monto\n'));
    expect(up.status).toBe(403);
    const rows = await t.database.db.execute(sql`select count(*)::int as n from bank_statements`);
    expect((rows as unknown as { rows: unknown[] }).rows[0]).toEqual({ n: 0 });
  });

  it.skipIf(skip)('keeps the mapping per account, refusing bad input in Spanish', async () => {
    const bad = await call(
      'PUT',
      `/api/admin/reconciliation/accounts/${accountId}/mapping`,
      admin,
      { ...veMapping, header_row: 0, reference_column: ' ', amount_column: '' },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      header_row: ['La fila de encabezados debe ser un número entre 1 y 100.'],
      reference_column: ['Indica el nombre de la columna.'],
      amount_column: ['Indica la columna del monto.'],
    });
    // No mapping yet: an upload is refused and nothing is stored.
    const early = await upload(admin, accountId, 'a.csv', Buffer.from('Fecha;Referencia;Monto\n'));
    expect(early.status).toBe(409);
    expect((early.body as unknown as { message: string }).message).toMatch(/columnas/);
    expect(
      (await call('PUT', '/api/admin/reconciliation/accounts/99999/mapping', admin, veMapping))
        .status,
    ).toBe(404);
    const ok = await call(
      'PUT',
      `/api/admin/reconciliation/accounts/${accountId}/mapping`,
      admin,
      veMapping,
    );
    expect(ok.status).toBe(200);
    const accounts = (await call('GET', '/api/admin/reconciliation/accounts', admin))
      .body as unknown as { id: number; mapping: unknown }[];
    expect(accounts.find((a) => a.id === accountId)!.mapping).toMatchObject({
      date_column: 'Fecha',
      amount_format: 've',
      credit_column: null,
    });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'reconciliation.mapping'));
    expect(row?.targetId).toBe(String(accountId));
  });

  it.skipIf(skip)('refuses unreadable files in Spanish and stores nothing', async () => {
    const pdf = await upload(admin, accountId, 'x.pdf', Buffer.from('%PDF-1.7 binary'));
    expect(pdf.status).toBe(422);
    expect(pdf.body.errors).toEqual({
      statement: ['El archivo debe ser un estado de cuenta en CSV o Excel (XLSX).'],
    });
    const noColumn = await upload(admin, accountId, 'y.csv', Buffer.from('Fecha;Ref;Monto\n1;2;3'));
    expect(noColumn.status).toBe(422);
    const missing = await call('POST', '/api/admin/reconciliation/statements', admin, {});
    expect(missing.status).toBe(422);
    const rows = await t.database.db.execute(sql`select count(*)::int as n from bank_statements`);
    expect((rows as unknown as { rows: unknown[] }).rows[0]).toEqual({ n: 0 });
  });

  it.skipIf(skip)(
    'matches a CSV at the rule edges, approves the matches once, and a repeated upload approves nothing',
    async () => {
      const [a, b, c] = [await player(), await player(), await player()];
      const today = dayOffset(0);
      const suffix = await recharge(a.token, '1234.56', 'PM000123456789'); // bank has 123456789
      const offByOne = await recharge(a.token, '500', '55500001'); // bank says 500,01
      const dayBefore = await recharge(b.token, '300', '66600002'); // bank day -1: match
      const twoDaysAfter = await recharge(b.token, '300', '66600003'); // bank day +2: no
      const amb1 = await recharge(c.token, '800', '11777777'); // one line fits both
      const amb2 = await recharge(c.token, '800', '22777777');
      const short = await recharge(c.token, '250', '12345'); // five digits: never automatic
      const csv =
        'Fecha;Referencia;Descripción;Monto\n' +
        `${today.ve};123456789;PAGO MOVIL;1.234,56\n` +
        `${today.ve};55500001;PAGO MOVIL;500,01\n` +
        `${dayOffset(-1).ve};0066600002;PAGO MOVIL;300,00\n` +
        `${dayOffset(2).ve};66600003;PAGO MOVIL;300,00\n` +
        `${today.ve};777777;PAGO MOVIL;800,00\n` +
        `${today.ve};12345;PAGO MOVIL;250,00\n` +
        `${today.ve};99999999;COMISION;-15,00\n` +
        `${today.ve};44444444;DESCONOCIDO;90,00\n` +
        `fecha mala;1;X;1,00\n`;
      const first = await upload(admin, accountId, 'noviembre.csv', Buffer.from(csv));
      expect(first.status).toBe(200);
      const rep = first.body;
      expect(rep.statement).toMatchObject({ kind: 'csv', repeated: false, credit_lines: 7 });
      expect(rep.matched.map((m) => [m.recharge.id, m.line.reference]).sort()).toEqual(
        [
          [suffix, '123456789'],
          [dayBefore, '0066600002'],
        ].sort(),
      );
      expect(rep.ambiguous).toHaveLength(1);
      expect(rep.ambiguous[0]!.recharges.map((r) => r.id).sort()).toEqual([amb1, amb2].sort());
      expect(rep.unmatched_lines.map((l) => l.reference).sort()).toEqual(
        ['12345', '44444444', '55500001', '66600003'].sort(),
      );
      const unmatchedIds = rep.unmatched_recharges.map((r) => r.id);
      expect(unmatchedIds).toEqual(expect.arrayContaining([offByOne, twoDaysAfter, short]));
      expect(rep.rejected_rows).toEqual([{ row: 10, message: 'Fecha no válida: «fecha mala».' }]);
      expect(rep.ignored_rows).toBe(1);

      const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
      // An ambiguous pair sent by hand is not approved.
      const forged = await call(
        'POST',
        `/api/admin/reconciliation/statements/${rep.statement.id}/approve`,
        admin,
        { pairs: [{ line_id: rep.ambiguous[0]!.lines[0]!.id, recharge_id: amb1 }] },
      );
      expect(forged.body).toMatchObject({ approved: 0 });
      const approved = await approveAll(admin, rep);
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({
        approved: 2,
        skipped: [],
        message: 'Se aprobaron 2 recargas.',
      });
      expect(approved.body.report.matched).toEqual([]);
      expect(approved.body.report.reconciled).toHaveLength(2);
      expect(await balance(a.token)).toBe(1234.56);
      expect(await balance(b.token)).toBe(300);
      expect(await balance(c.token)).toBe(0);
      for (const id of [suffix, dayBefore]) expect(await statusOf(id)).toBe('aprobado');
      for (const id of [offByOne, twoDaysAfter, amb1, amb2, short])
        expect(await statusOf(id)).toBe('pendiente');
      // The audit rows are those of a manual approval, one per recharge.
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'recharge.approve'));
      expect(audits.map((r) => r.targetId).sort()).toEqual(
        [String(suffix), String(dayBefore)].sort(),
      );
      const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
      expect(after[0]!.n - before[0]!.n).toBe(2);

      // The same file again: the stored statement, nothing to approve, nothing approved.
      const again = await upload(admin, accountId, 'otra-vez.csv', Buffer.from(csv));
      expect(again.body.statement).toMatchObject({ id: rep.statement.id, repeated: true });
      expect(again.body.matched).toEqual([]);
      expect(again.body.reconciled).toHaveLength(2);
      const replay = await approveAll(admin, rep);
      expect(replay.body).toMatchObject({ approved: 0 });
      expect(replay.body.skipped).toHaveLength(2);
      // The same lines in a different file (an overlapping statement) approve nothing either.
      const overlap = await upload(admin, accountId, 'parcial.csv', Buffer.from(csv + '\n'));
      expect(overlap.body.statement.repeated).toBe(false);
      expect(overlap.body.matched).toEqual([]);
      expect(overlap.body.reconciled).toHaveLength(2);
      expect(await balance(a.token)).toBe(1234.56);
      expect(await checkLedger(t.database.db)).toMatchObject({ ok: true, totalCents: 0 });
    },
  );

  it.skipIf(skip)('reads an XLSX made by exceljs with split credit and debit columns', async () => {
    const p = await player();
    const id = await recharge(p.token, '2500.75', '987654321');
    await call('PUT', `/api/admin/reconciliation/accounts/${accountId}/mapping`, admin, {
      header_row: 3,
      date_column: 'FECHA',
      date_format: 'dd/mm/yyyy',
      reference_column: 'Nro. Referencia',
      amount_mode: 'split',
      credit_column: 'Crédito',
      debit_column: 'Débito',
      amount_format: 'plain',
      description_column: null,
    });
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Movimientos');
    ws.addRow(['Banco de Prueba, C.A.']);
    ws.addRow(['Estado de cuenta']);
    ws.addRow(['Fecha', 'Nro. Referencia', 'Débito', 'Crédito']);
    const [y, m, d] = dayOffset(0).iso.split('-').map(Number) as [number, number, number];
    ws.addRow([new Date(Date.UTC(y, m - 1, d)), 4987654321, null, 2500.75]);
    ws.addRow([new Date(Date.UTC(y, m - 1, d)), 111, 50, null]);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const up = await upload(admin, accountId, 'estado.xlsx', data);
    expect(up.status).toBe(200);
    expect(up.body.statement).toMatchObject({ kind: 'xlsx', credit_lines: 1 });
    expect(up.body.ignored_rows).toBe(1);
    expect(up.body.matched.map((x) => x.recharge.id)).toEqual([id]);
    expect((await approveAll(admin, up.body)).body.approved).toBe(1);
    expect(await balance(p.token)).toBe(2500.75);
    await call('PUT', `/api/admin/reconciliation/accounts/${accountId}/mapping`, admin, veMapping);
  });

  it.skipIf(skip)(
    'reconciles a 1,000-line statement against 1,000 pending recharges, once, with two staff approving at once',
    { timeout: 240_000 },
    async () => {
      const players = await Promise.all(Array.from({ length: 10 }, () => player()));
      const today = dayOffset(0);
      const n = 1000;
      const rows = Array.from({ length: n }, (_, i) => ({
        userId: players[i % players.length]!.user.id,
        amountCents: 25_000 + i * 7,
        reference: `9${String(100_000 + i).padStart(7, '0')}`,
        rechargeAccountId: accountId,
      }));
      const inserted = await t.database.db
        .insert(recharges)
        .values(rows)
        .returning({ id: recharges.id });
      let csv = 'Fecha;Referencia;Descripción;Monto\n';
      rows.forEach((r) => {
        const bs = Math.floor(r.amountCents / 100);
        const whole = bs.toLocaleString('de-DE');
        csv += `${today.ve};0102${r.reference};PAGO MOVIL;${whole},${pad(r.amountCents % 100)}\n`;
      });
      const started = performance.now();
      const up = await upload(admin, accountId, 'grande.csv', Buffer.from(csv));
      const uploadMs = performance.now() - started;
      expect(up.status).toBe(200);
      expect(up.body.matched).toHaveLength(n);

      // A second staff member approves the same statement at the same moment.
      const second = await player();
      await t.database.db.update(users).set({ rol: 'admin' }).where(eq(users.id, second.user.id));
      const approveStarted = performance.now();
      const [one, two] = await Promise.all([
        approveAll(admin, up.body),
        approveAll(second.token, up.body),
      ]);
      const approveMs = performance.now() - approveStarted;
      expect(one.status).toBe(200);
      expect(two.status).toBe(200);
      expect(one.body.approved + two.body.approved).toBe(n);
      expect(one.body.skipped.length + two.body.skipped.length).toBe(n);

      const ids = inserted.map((r) => r.id);
      const approvedRows = await t.database.db.execute(
        sql`select count(*)::int as n from recharges where id in ${ids} and status = 'aprobado'`,
      );
      expect((approvedRows as unknown as { rows: unknown[] }).rows[0]).toEqual({ n });
      const credits = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.kind, 'recharge'),
            sql`${ledgerTransactions.idempotencyKey} like 'recharge:%'`,
          ),
        );
      // Every approved recharge moved money exactly once (earlier tests approved 3).
      expect(credits[0]!.n).toBe(n + 3);
      const used = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(bankStatementLines)
        .where(
          and(
            eq(bankStatementLines.statementId, up.body.statement.id),
            sql`${bankStatementLines.rechargeId} is not null`,
          ),
        );
      expect(used[0]!.n).toBe(n);
      const expected = rows.reduce((s, r) => s + r.amountCents, 0);
      const totals = await Promise.all(players.map((p) => balance(p.token)));
      expect(Math.round(totals.reduce((s, x) => s + x, 0) * 100)).toBe(expected);

      const again = await upload(admin, accountId, 'grande.csv', Buffer.from(csv));
      expect(again.body.matched).toEqual([]);
      expect(again.body.reconciled).toHaveLength(n);
      expect((await approveAll(admin, up.body)).body.approved).toBe(0);
      expect(await checkLedger(t.database.db)).toMatchObject({
        ok: true,
        totalCents: 0,
        negativeAccounts: 0,
        mismatchedAccounts: 0,
        unbalancedTransactions: 0,
      });
      console.warn(
        `[reconciliation] 1,000 lines: upload+match ${uploadMs.toFixed(0)} ms, two staff approving ${approveMs.toFixed(0)} ms`,
      );
    },
  );
});
