/**
 * Bank reconciliation of a large statement on real PostgreSQL (docs/decisions/033): LINES pending
 * recharges are stored for one recharge account, a CSV statement with one matching credit line
 * each (Venezuelan amounts, longer bank references) is parsed and stored, matched, and every
 * match is approved through the production `approveMatches` (one transaction per recharge through
 * payments' `approveRecharge`). Then the same file is uploaded and approved again (nothing must be
 * approved). Prints the time of each phase and checks the ledger balances.
 *
 * Run: npx tsx bench/src/reconciliation.ts [--lines 1000]
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import { eq } from 'drizzle-orm';
import { rechargeAccounts, recharges, users } from '../../apps/server/src/db/schema';
import { bootstrap } from '../../apps/server/src/modules/catalog/bootstrap';
import { checkLedger } from '../../apps/server/src/modules/ledger/ledger';
import { parseStatement } from '../../apps/server/src/modules/reconciliation/parse';
import {
  approveMatches,
  saveMapping,
  uploadStatement,
} from '../../apps/server/src/modules/reconciliation/service';
import { caracasDate } from '../../apps/server/src/lib/time';
import { createTestDatabase } from '../../apps/server/src/test/helpers';
import { makePlayers } from '../../apps/server/src/test/tournaments';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const LINES = arg('--lines', 1000);

const pad = (n: number) => String(n).padStart(2, '0');

async function main() {
  const database = await createTestDatabase('postgres');
  try {
    const db = database.db;
    await bootstrap(db, {
      adminEmail: 'admin@bench.local',
      adminPassword: 'AdminPass123',
      seedDemo: true,
    });
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.rol, 'admin'));
    const [account] = await db
      .select({ id: rechargeAccounts.id })
      .from(rechargeAccounts)
      .where(eq(rechargeAccounts.active, true));
    await saveMapping(db, admin!.id, account!.id, {
      header_row: 1,
      date_column: 'Fecha',
      date_format: 'dd/mm/yyyy',
      reference_column: 'Referencia',
      amount_mode: 'signed',
      amount_column: 'Monto',
      credit_column: null,
      debit_column: null,
      amount_format: 've',
      description_column: 'Descripción',
    });
    const players = await makePlayers(db, 20, 0);
    const rows = Array.from({ length: LINES }, (_, i) => ({
      userId: players[i % players.length]!,
      amountCents: 25_000 + i * 13,
      reference: `7${String(i).padStart(7, '0')}`,
      rechargeAccountId: account!.id,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db.insert(recharges).values(rows.slice(i, i + 500));
    const t = caracasDate(new Date());
    const day = `${pad(t.day)}/${pad(t.month)}/${t.year}`;
    let csv = 'Fecha;Referencia;Descripción;Monto\n';
    for (const r of rows) {
      const whole = Math.floor(r.amountCents / 100).toLocaleString('de-DE');
      csv += `${day};0105${r.reference};PAGO MOVIL RECIBIDO;${whole},${pad(r.amountCents % 100)}\n`;
    }
    const bytes = Buffer.from(csv);

    let t0 = performance.now();
    const parsed = await parseStatement(bytes, {
      header_row: 1,
      date_column: 'Fecha',
      date_format: 'dd/mm/yyyy',
      reference_column: 'Referencia',
      amount_mode: 'signed',
      amount_column: 'Monto',
      credit_column: null,
      debit_column: null,
      amount_format: 've',
      description_column: 'Descripción',
    });
    const parseMs = performance.now() - t0;

    t0 = performance.now();
    const report = await uploadStatement(db, admin!.id, account!.id, {
      name: 'bench.csv',
      bytes,
    });
    const uploadMs = performance.now() - t0;

    t0 = performance.now();
    const pairs = report.matched.map((m) => ({ line_id: m.line.id, recharge_id: m.recharge.id }));
    const out = await approveMatches(db, admin!.id, report.statement.id, pairs);
    const approveMs = performance.now() - t0;

    t0 = performance.now();
    const again = await uploadStatement(db, admin!.id, account!.id, { name: 'bench.csv', bytes });
    const replay = await approveMatches(db, admin!.id, report.statement.id, pairs);
    const againMs = performance.now() - t0;
    const ledger = await checkLedger(db);

    console.log(
      JSON.stringify(
        {
          lines: LINES,
          parsed_lines: parsed.lines.length,
          parse_ms: Math.round(parseMs),
          upload_parse_store_match_ms: Math.round(uploadMs),
          matched: report.matched.length,
          approve_ms: Math.round(approveMs),
          approved: out.approved.length,
          approvals_per_s: Math.round((out.approved.length / approveMs) * 1000),
          second_upload_repeated: again.statement.repeated,
          second_upload_matched: again.matched.length,
          second_approval_approved: replay.approved.length,
          second_upload_and_approve_ms: Math.round(againMs),
          ledger_ok: ledger.ok,
        },
        null,
        2,
      ),
    );
    if (out.approved.length !== LINES || replay.approved.length !== 0 || !ledger.ok)
      throw new Error('reconciliation bench: wrong result');
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
