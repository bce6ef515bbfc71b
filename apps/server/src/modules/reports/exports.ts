import { asc, eq } from 'drizzle-orm';
import {
  LEDGER_KIND_DISPLAY,
  formatIsoDay,
  isLedgerKind,
  type DailyReport,
} from '@domino/contracts';
import type { Executor } from '../../db/client';
import { ledgerEntries, ledgerTransactions } from '../../db/schema';
import { audit } from '../audit/audit';
import { walletAccountId } from '../ledger/ledger';
import { csvDateTime, toCsv, type CsvCell } from './csv';

/**
 * The two CSV exports of the staff console (docs/decisions/034-daily-report-and-bcv-rate.md):
 * the daily report, and every posting of one player's wallet (for disputes). Format: csv.ts.
 */

/** A JSON amount in bolívares (two decimals at most) back to céntimos, exactly. */
const cents = (bolivares: number) => ({ cents: Math.round(bolivares * 100) });

/** The daily report as CSV rows `Sección;Concepto;Cantidad;Monto (Bs.)`. */
export function dailyReportCsv(r: DailyReport): Buffer {
  const rows: CsvCell[][] = [];
  const row = (section: string, concept: string, count: number | null, amount: number | null) =>
    rows.push([
      section,
      concept,
      count === null ? '' : { int: count },
      amount === null ? '' : cents(amount),
    ]);
  rows.push([
    'Informe diario',
    `Día ${formatIsoDay(r.date)} (hora de Caracas)${r.complete ? '' : ', en curso'}`,
    '',
    '',
  ]);
  row('Recargas', 'Aprobadas', r.recharges.count, r.recharges.amount);
  row('Retiros', 'Solicitados', r.withdrawals.requested.count, r.withdrawals.requested.amount);
  row('Retiros', 'Pagados', r.withdrawals.paid.count, r.withdrawals.paid.amount);
  row('Retiros', 'Devueltos al saldo', r.withdrawals.returned.count, r.withdrawals.returned.amount);
  row('Retiros', 'Pendientes al cierre', r.withdrawals.pending.count, r.withdrawals.pending.amount);
  row('Comisiones de la casa', 'Cobradas en el día', null, r.house_fees.collected);
  row('Comisiones de la casa', 'Saldo al cierre', null, r.house_fees.balance);
  for (const m of r.pot.movements) row('Pote del Mes', m.label, m.count, m.amount);
  row('Pote del Mes', `Saldo del pote ${r.pot.month} al cierre`, null, r.pot.month_balance);
  row('Custodia', 'Mesas', null, r.escrow.tables);
  row('Custodia', 'Torneos', null, r.escrow.tournaments);
  row('Adeudado a jugadores', 'Saldos al abrir', null, r.owed.opening);
  for (const m of r.wallet_statement) row('Adeudado a jugadores', m.label, m.count, m.amount);
  row('Adeudado a jugadores', 'Saldos al cierre', null, r.owed.closing);
  for (const a of r.accounts) {
    row(`Cuadre: ${a.label}`, 'Apertura', null, a.opening);
    row(`Cuadre: ${a.label}`, 'Movimientos', null, a.movements);
    row(`Cuadre: ${a.label}`, 'Cierre esperado', null, a.expected);
    row(`Cuadre: ${a.label}`, 'Cierre registrado', null, a.closing);
    row(`Cuadre: ${a.label}`, 'Diferencia', null, a.difference);
  }
  rows.push(['Cuadre', r.check.label, '', cents(r.check.difference)]);
  for (const p of r.check.problems) rows.push(['Cuadre', p, '', '']);
  return toCsv(['Sección', 'Concepto', 'Cantidad', 'Monto (Bs.)'], rows);
}

const REFERENCE_LABELS: Record<string, string> = {
  recharge: 'Recarga',
  withdrawal: 'Retiro',
  table: 'Mesa',
  game: 'Partida',
  pot: 'Pote',
  tournament: 'Torneo',
  user: 'Usuario',
};

/**
 * Every posting of a player's wallet, oldest first, as CSV: `Fecha;Transacción;Tipo;Descripción;
 * Monto (Bs.);Saldo (Bs.);Referencia`. The balance is the ledger's stored running balance after
 * the posting. The caller has checked that `userId` exists and that the reader is staff; the
 * export is recorded in the audit log (action `reports.user_csv`) with the number of rows.
 */
export async function userLedgerCsv(
  db: Executor,
  staffId: number,
  userId: number,
): Promise<Buffer> {
  const wallet = await walletAccountId(db, userId);
  const rows = await db
    .select({
      at: ledgerEntries.createdAt,
      transactionId: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      description: ledgerTransactions.description,
      amountCents: ledgerEntries.amountCents,
      balanceCents: ledgerEntries.balanceAfterCents,
      refType: ledgerTransactions.referenceType,
      refId: ledgerTransactions.referenceId,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(eq(ledgerEntries.accountId, wallet))
    .orderBy(asc(ledgerEntries.accountVersion));
  await audit(db, {
    actorUserId: staffId,
    action: 'reports.user_csv',
    targetType: 'user',
    targetId: userId,
    before: null,
    after: { rows: rows.length },
  });
  return toCsv(
    ['Fecha', 'Transacción', 'Tipo', 'Descripción', 'Monto (Bs.)', 'Saldo (Bs.)', 'Referencia'],
    rows.map((r) => [
      csvDateTime(r.at),
      { int: r.transactionId },
      isLedgerKind(r.kind) ? LEDGER_KIND_DISPLAY[r.kind].label : r.kind,
      r.description,
      { cents: r.amountCents },
      { cents: r.balanceCents },
      r.refType ? `${REFERENCE_LABELS[r.refType] ?? r.refType} ${r.refId ?? ''}`.trim() : '',
    ]),
  );
}
