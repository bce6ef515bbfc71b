import { createHash } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MSG_RECONCILIATION,
  centsToBolivares,
  type ReconciliationAccount,
  type ReconciliationMapping,
  type ReconciliationRecharge,
  type ReconciliationReport,
  type StatementLine,
} from '@domino/contracts';
import type { Db, Executor } from '../../db/client';
import { pgErrorCode } from '../../db/client';
import {
  bankStatementLines,
  bankStatements,
  banks,
  rechargeAccounts,
  recharges,
  reconciliationMappings,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import { creditRecharge } from '../banking/credit';
import { daysBetween } from '../banking/references';
import { matchLines } from './match';
import { parseStatementOffThread } from './parse-runner';

/**
 * Bank reconciliation (docs/decisions/033-bank-reconciliation.md): the column mappings, the
 * upload of a statement (stored once per content hash, its credit lines with it), the report
 * (matched, ambiguous, unmatched, already reconciled) and the approval of matched pairs, each
 * through banking's `creditRecharge` (the credit-once key, decision 051) in its own transaction.
 */

const INSERT_BATCH = 500;

const accountMissing = () =>
  new AppError('reconciliation/account_not_found', 404, MSG_RECONCILIATION.accountNotFound);

function mappingOf(row: typeof reconciliationMappings.$inferSelect): ReconciliationMapping {
  return {
    header_row: row.headerRow,
    date_column: row.dateColumn,
    date_format: row.dateFormat as ReconciliationMapping['date_format'],
    reference_column: row.referenceColumn,
    amount_mode: row.amountMode,
    amount_column: row.amountColumn,
    credit_column: row.creditColumn,
    debit_column: row.debitColumn,
    amount_format: row.amountFormat,
    description_column: row.descriptionColumn,
  };
}

/** Every recharge account (active first) with its pending recharge count and mapping (or null). */
export async function listReconciliationAccounts(db: Executor): Promise<ReconciliationAccount[]> {
  const rows = await db
    .select({
      a: rechargeAccounts,
      bankName: banks.name,
      m: reconciliationMappings,
      pending: sql<number>`(select count(*)::int from ${recharges} r where r.recharge_account_id = ${rechargeAccounts.id} and r.status = 'pendiente')`,
    })
    .from(rechargeAccounts)
    .innerJoin(banks, eq(banks.id, rechargeAccounts.bankId))
    .leftJoin(
      reconciliationMappings,
      eq(reconciliationMappings.rechargeAccountId, rechargeAccounts.id),
    )
    .orderBy(sql`${rechargeAccounts.active} desc`, asc(rechargeAccounts.id));
  return rows.map(({ a, bankName, m, pending }) => ({
    id: a.id,
    bank_name: bankName,
    account_number: a.accountNumber,
    holder_name: a.holderName,
    active: a.active,
    pending_recharges: Number(pending),
    mapping: m ? mappingOf(m) : null,
  }));
}

/**
 * Saves (creates or replaces) the mapping of a recharge account, audited as
 * `reconciliation.mapping` with the previous and new mapping. 404 for an unknown account.
 */
export async function saveMapping(
  db: Db,
  staffId: number,
  accountId: number,
  mapping: ReconciliationMapping,
): Promise<ReconciliationMapping> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: rechargeAccounts.id })
      .from(rechargeAccounts)
      .where(eq(rechargeAccounts.id, accountId))
      .for('update');
    if (!account) throw accountMissing();
    const [before] = await tx
      .select()
      .from(reconciliationMappings)
      .where(eq(reconciliationMappings.rechargeAccountId, accountId));
    const values = {
      headerRow: mapping.header_row,
      dateColumn: mapping.date_column,
      dateFormat: mapping.date_format,
      referenceColumn: mapping.reference_column,
      amountMode: mapping.amount_mode,
      amountColumn: mapping.amount_mode === 'signed' ? mapping.amount_column : null,
      creditColumn: mapping.amount_mode === 'split' ? mapping.credit_column : null,
      debitColumn: mapping.amount_mode === 'split' ? mapping.debit_column : null,
      amountFormat: mapping.amount_format,
      descriptionColumn: mapping.description_column,
      updatedBy: staffId,
    };
    const [saved] = await tx
      .insert(reconciliationMappings)
      .values({ rechargeAccountId: accountId, ...values })
      .onConflictDoUpdate({
        target: reconciliationMappings.rechargeAccountId,
        set: { ...values, updatedAt: sql`now()` },
      })
      .returning();
    const after = mappingOf(saved!);
    await audit(tx, {
      actorUserId: staffId,
      action: 'reconciliation.mapping',
      targetType: 'recharge_account',
      targetId: accountId,
      before: before ? mappingOf(before) : null,
      after,
    });
    return after;
  });
}

/**
 * Reads and stores a statement for a recharge account, then answers its report. The same file
 * content for the same account is stored once (`repeated: true` answers the stored one, nothing
 * new is written). Errors: 404 unknown account; 409 `reconciliation/mapping_missing`; 422 on
 * `statement` for unreadable files (parse.ts), 413 for one that inflates too far, and the
 * refusals of parse-runner.ts (a reading over its time limit).
 */
export async function uploadStatement(
  db: Db,
  staffId: number,
  accountId: number,
  file: { name: string; bytes: Buffer },
): Promise<ReconciliationReport> {
  const [found] = await db
    .select({ a: rechargeAccounts, m: reconciliationMappings })
    .from(rechargeAccounts)
    .leftJoin(
      reconciliationMappings,
      eq(reconciliationMappings.rechargeAccountId, rechargeAccounts.id),
    )
    .where(eq(rechargeAccounts.id, accountId));
  if (!found) throw accountMissing();
  if (!found.m)
    throw new AppError('reconciliation/mapping_missing', 409, MSG_RECONCILIATION.mappingMissing);
  const contentHash = createHash('sha256').update(file.bytes).digest('hex');
  const [stored] = await db
    .select({ id: bankStatements.id })
    .from(bankStatements)
    .where(
      and(
        eq(bankStatements.rechargeAccountId, accountId),
        eq(bankStatements.contentHash, contentHash),
      ),
    );
  if (stored) return statementReport(db, stored.id, true);

  // Read off the event loop with a time and memory limit (decision 046).
  const parsed = await parseStatementOffThread(file.bytes, mappingOf(found.m));
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(bankStatements)
      .values({
        rechargeAccountId: accountId,
        contentHash,
        fileName: file.name.slice(0, 200) || 'estado-de-cuenta',
        kind: parsed.kind,
        rejectedRows: parsed.rejected,
        ignoredRows: parsed.ignored,
        uploadedBy: staffId,
      })
      .onConflictDoNothing()
      .returning({ id: bankStatements.id });
    // A concurrent upload of the same file stored it first: use that one.
    if (!created) return null;
    for (let i = 0; i < parsed.lines.length; i += INSERT_BATCH) {
      await tx
        .insert(bankStatementLines)
        .values(
          parsed.lines.slice(i, i + INSERT_BATCH).map((l) => ({
            statementId: created.id,
            rechargeAccountId: accountId,
            rowNumber: l.row,
            postedOn: l.postedOn,
            reference: l.reference,
            amountCents: l.amountCents,
            description: l.description,
          })),
        )
        // The same bank line twice in one file is one line.
        .onConflictDoNothing();
    }
    await audit(tx, {
      actorUserId: staffId,
      action: 'reconciliation.upload',
      targetType: 'bank_statement',
      targetId: created.id,
      before: null,
      after: {
        recharge_account_id: accountId,
        file_name: file.name,
        content_hash: contentHash,
        credit_lines: parsed.lines.length,
        rejected_rows: parsed.rejected.length,
        ignored_rows: parsed.ignored,
      },
    });
    return created.id;
  });
  if (id === null) {
    const [other] = await db
      .select({ id: bankStatements.id })
      .from(bankStatements)
      .where(
        and(
          eq(bankStatements.rechargeAccountId, accountId),
          eq(bankStatements.contentHash, contentHash),
        ),
      );
    return statementReport(db, other!.id, true);
  }
  return statementReport(db, id, false);
}

type LineRow = typeof bankStatementLines.$inferSelect;

const lineOut = (l: LineRow): StatementLine => ({
  id: l.id,
  row: l.rowNumber,
  date: l.postedOn,
  reference: l.reference,
  amount: centsToBolivares(l.amountCents),
  description: l.description,
});

interface PendingRecharge {
  id: number;
  userId: number;
  userName: string;
  userEmail: string;
  reference: string;
  amountCents: number;
  createdAt: Date;
  requestedOn: string;
}

const rechargeOut = (r: PendingRecharge): ReconciliationRecharge => ({
  id: r.id,
  user_id: r.userId,
  user_name: r.userName,
  user_email: r.userEmail,
  reference: r.reference,
  amount: centsToBolivares(r.amountCents),
  requested_at: r.createdAt.toISOString(),
  requested_on: r.requestedOn,
});

/** The pending recharges of an account with their Caracas request day. */
async function pendingRecharges(db: Executor, accountId: number): Promise<PendingRecharge[]> {
  return db
    .select({
      id: recharges.id,
      userId: recharges.userId,
      userName: users.name,
      userEmail: users.email,
      reference: recharges.reference,
      amountCents: recharges.amountCents,
      createdAt: recharges.createdAt,
      requestedOn: sql<string>`to_char(${recharges.createdAt} at time zone 'America/Caracas', 'YYYY-MM-DD')`,
    })
    .from(recharges)
    .innerJoin(users, eq(users.id, recharges.userId))
    .where(and(eq(recharges.rechargeAccountId, accountId), eq(recharges.status, 'pendiente')))
    .orderBy(asc(recharges.id));
}

interface Analysis {
  report: ReconciliationReport;
  /** `${lineId}:${rechargeId}` of every matched pair. */
  matchedKeys: Set<string>;
}

async function analyse(db: Executor, statementId: number, repeated: boolean): Promise<Analysis> {
  const [statement] = await db
    .select()
    .from(bankStatements)
    .where(eq(bankStatements.id, statementId));
  if (!statement)
    throw new AppError(
      'reconciliation/statement_not_found',
      404,
      MSG_RECONCILIATION.statementNotFound,
    );
  // Each line with the recharge its bank line (same account, day, reference and amount) approved,
  // in this statement or any other.
  const lines = await db
    .select()
    .from(bankStatementLines)
    .where(eq(bankStatementLines.statementId, statementId))
    .orderBy(asc(bankStatementLines.rowNumber));
  const used = alias(bankStatementLines, 'used');
  const usedRows = await db
    .select({ id: bankStatementLines.id, rechargeId: used.rechargeId })
    .from(bankStatementLines)
    .innerJoin(
      used,
      and(
        eq(used.rechargeAccountId, bankStatementLines.rechargeAccountId),
        eq(used.postedOn, bankStatementLines.postedOn),
        eq(used.reference, bankStatementLines.reference),
        eq(used.amountCents, bankStatementLines.amountCents),
        isNotNull(used.rechargeId),
      ),
    )
    .where(eq(bankStatementLines.statementId, statementId));
  const usedBy = new Map(usedRows.map((r) => [r.id, r.rechargeId]));
  const rows = lines.map((line) => ({ line, usedBy: usedBy.get(line.id) ?? null }));
  const open = rows.filter((r) => r.usedBy === null).map((r) => r.line);
  const reconciled = rows
    .filter((r) => r.usedBy !== null)
    .map((r) => ({ line: lineOut(r.line), recharge_id: Number(r.usedBy) }));
  const days = rows.map((r) => r.line.postedOn).sort();
  const firstDay = days[0] ?? null;
  const lastDay = days[days.length - 1] ?? null;

  const pending = await pendingRecharges(db, statement.rechargeAccountId);
  const result = matchLines(
    open.map((l) => ({
      id: l.id,
      postedOn: l.postedOn,
      reference: l.reference,
      amountCents: l.amountCents,
    })),
    pending.map((r) => ({
      id: r.id,
      reference: r.reference,
      amountCents: r.amountCents,
      requestedOn: r.requestedOn,
    })),
  );
  const lineById = new Map(open.map((l) => [l.id, l]));
  const rechargeById = new Map(pending.map((r) => [r.id, r]));
  // Unmatched recharges: only those requested within the statement's days (±1): others belong
  // to another period's statement.
  const inPeriod = (r: PendingRecharge) =>
    firstDay !== null &&
    lastDay !== null &&
    daysBetween(firstDay, r.requestedOn) >= -1 &&
    daysBetween(r.requestedOn, lastDay) >= -1;

  const report: ReconciliationReport = {
    statement: {
      id: statement.id,
      account_id: statement.rechargeAccountId,
      file_name: statement.fileName,
      kind: statement.kind,
      uploaded_at: statement.createdAt.toISOString(),
      repeated,
      credit_lines: rows.length,
      first_day: firstDay,
      last_day: lastDay,
    },
    matched: result.matched.map((m) => ({
      line: lineOut(lineById.get(m.lineId)!),
      recharge: rechargeOut(rechargeById.get(m.rechargeId)!),
    })),
    ambiguous: result.ambiguous.map((g) => ({
      lines: g.lineIds.map((id) => lineOut(lineById.get(id)!)),
      recharges: g.rechargeIds.map((id) => rechargeOut(rechargeById.get(id)!)),
    })),
    unmatched_lines: result.unmatchedLines.map((id) => lineOut(lineById.get(id)!)),
    unmatched_recharges: result.unmatchedRecharges
      .map((id) => rechargeById.get(id)!)
      .filter(inPeriod)
      .map(rechargeOut),
    reconciled,
    rejected_rows: statement.rejectedRows,
    ignored_rows: statement.ignoredRows,
  };
  return {
    report,
    matchedKeys: new Set(result.matched.map((m) => `${m.lineId}:${m.rechargeId}`)),
  };
}

/** The current report of a stored statement (matching is computed afresh). 404 when unknown. */
export async function statementReport(
  db: Executor,
  statementId: number,
  repeated = false,
): Promise<ReconciliationReport> {
  return (await analyse(db, statementId, repeated)).report;
}

/** One approval made: who to notify after the commit. */
export interface ReconciledApproval {
  rechargeId: number;
  userId: number;
  balanceCents: number;
}

/**
 * Approves the given pairs of a statement. The matching is computed again first and only pairs
 * that are still a match are approved (a pair that no longer is, is skipped with a Spanish
 * reason). Each approval is its own transaction: lock the line (unused), `creditRecharge` with the
 * line as the bank movement (the same credit-once key, ledger transfer `recharge:{id}` and audit
 * row as a manual approval; decision 051), mark the line used.
 * A failure (recharge decided meanwhile: 409; bank line used by another statement's line: unique
 * index) rolls back only that pair. Two staff approving at once approve each recharge once.
 */
export async function approveMatches(
  db: Db,
  staffId: number,
  statementId: number,
  pairs: { line_id: number; recharge_id: number }[],
): Promise<{
  approved: ReconciledApproval[];
  skipped: { line_id: number; recharge_id: number; message: string }[];
}> {
  const { matchedKeys } = await analyse(db, statementId, false);
  const approved: ReconciledApproval[] = [];
  const skipped: { line_id: number; recharge_id: number; message: string }[] = [];
  const seen = new Set<string>();
  for (const pair of pairs) {
    const key = `${pair.line_id}:${pair.recharge_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (!matchedKeys.has(key)) {
      skipped.push({ ...pair, message: MSG_RECONCILIATION.skippedNoLongerMatches });
      continue;
    }
    try {
      const done = await db.transaction(async (tx) => {
        const [line] = await tx
          .select({
            id: bankStatementLines.id,
            reference: bankStatementLines.reference,
            postedOn: bankStatementLines.postedOn,
            amountCents: bankStatementLines.amountCents,
          })
          .from(bankStatementLines)
          .where(
            and(
              eq(bankStatementLines.id, pair.line_id),
              eq(bankStatementLines.statementId, statementId),
              isNull(bankStatementLines.rechargeId),
            ),
          )
          .for('update');
        if (!line) return null;
        // The statement line is the bank movement: the credit-once key it shares with a
        // verification, a notification or a manual approval (decision 051).
        const out = await creditRecharge(
          tx,
          pair.recharge_id,
          {
            reference: line.reference,
            day: line.postedOn,
            amountCents: line.amountCents,
            payerPhone: null,
            payerBankCode: null,
            payerIdentification: null,
          },
          'statement',
          { staffId },
        );
        if (out.kind !== 'credited') throw new Error(`statement credit ended as ${out.kind}`);
        await tx
          .update(bankStatementLines)
          .set({ rechargeId: pair.recharge_id, approvedBy: staffId, approvedAt: sql`now()` })
          .where(eq(bankStatementLines.id, pair.line_id));
        return { rechargeId: pair.recharge_id, userId: out.userId, balanceCents: out.balanceCents };
      });
      if (done) approved.push(done);
      else skipped.push({ ...pair, message: MSG_RECONCILIATION.skippedUsed });
    } catch (err) {
      if (err instanceof AppError && err.status < 500) {
        skipped.push({ ...pair, message: err.message });
      } else if (pgErrorCode(err) === '23505') {
        skipped.push({ ...pair, message: MSG_RECONCILIATION.skippedUsed });
      } else throw err;
    }
  }
  return { approved, skipped };
}
