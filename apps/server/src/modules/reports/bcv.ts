import { desc, eq, lte } from 'drizzle-orm';
import {
  MSG_REPORTS,
  formatBcvRate,
  parseBcvRate,
  type BcvRate,
  type LatestBcvRate,
} from '@domino/contracts';
import type { Db, Executor } from '../../db/client';
import { pgErrorCode } from '../../db/client';
import { bcvRates, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import { caracasToday } from './daily';

/**
 * The BCV reference rate (docs/decisions/034-daily-report-and-bcv-rate.md): staff record one rate
 * per Caracas calendar day (bolívares per US$ × 10 000, an integer) and may correct it; both
 * are audited in the same transaction (`bcv_rate.record`, `bcv_rate.correct`). Anyone may read the
 * latest rate (GET /api/bcv-rate), used for the "≈ US$" figure beside the Bs. balance.
 */

/** How many recorded rates the staff history lists (newest first). */
export const BCV_HISTORY_LIMIT = 90;

async function rateRow(db: Executor, date: string): Promise<BcvRate | null> {
  const [row] = await db
    .select({
      date: bcvRates.rateDate,
      scaled: bcvRates.rateScaled,
      by: users.name,
      updatedAt: bcvRates.updatedAt,
    })
    .from(bcvRates)
    .leftJoin(users, eq(users.id, bcvRates.recordedBy))
    .where(eq(bcvRates.rateDate, date));
  return row ? toRate(row) : null;
}

function toRate(row: {
  date: string;
  scaled: number;
  by: string | null;
  updatedAt: Date;
}): BcvRate {
  return {
    date: row.date,
    rate_scaled: row.scaled,
    rate: formatBcvRate(row.scaled),
    recorded_by: row.by,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The staff history: the last BCV_HISTORY_LIMIT recorded dates, newest first. */
export async function listBcvRates(db: Executor): Promise<BcvRate[]> {
  const rows = await db
    .select({
      date: bcvRates.rateDate,
      scaled: bcvRates.rateScaled,
      by: users.name,
      updatedAt: bcvRates.updatedAt,
    })
    .from(bcvRates)
    .leftJoin(users, eq(users.id, bcvRates.recordedBy))
    .orderBy(desc(bcvRates.rateDate))
    .limit(BCV_HISTORY_LIMIT);
  return rows.map(toRate);
}

/** The latest rate whose date is not after today (Caracas), or null when none was recorded. */
export async function latestBcvRate(db: Executor, now = new Date()): Promise<LatestBcvRate> {
  const [row] = await db
    .select({ date: bcvRates.rateDate, scaled: bcvRates.rateScaled })
    .from(bcvRates)
    .where(lte(bcvRates.rateDate, caracasToday(now)))
    .orderBy(desc(bcvRates.rateDate))
    .limit(1);
  return { rate: row ? { date: row.date, rate_scaled: row.scaled } : null };
}

/** The scaled rate of validated text; the contracts schema already refused anything else. */
function scaledOf(rate: string): number {
  const scaled = parseBcvRate(rate);
  if (typeof scaled !== 'number') throw AppError.validation({ rate: [MSG_REPORTS.rateInvalid] });
  return scaled;
}

/**
 * Records the rate of `date` ('YYYY-MM-DD', not after today in Caracas: 422 on `date`). A date
 * that already has a rate is 409 `reports/rate_taken` (correct it instead). Audited.
 */
export async function recordBcvRate(
  db: Db,
  staffId: number,
  input: { date: string; rate: string },
  now = new Date(),
): Promise<BcvRate> {
  if (input.date > caracasToday(now)) throw AppError.validation({ date: [MSG_REPORTS.dateFuture] });
  const scaled = scaledOf(input.rate);
  try {
    await db.transaction(async (tx) => {
      await tx
        .insert(bcvRates)
        .values({ rateDate: input.date, rateScaled: scaled, recordedBy: staffId });
      await audit(tx, {
        actorUserId: staffId,
        action: 'bcv_rate.record',
        targetType: 'bcv_rate',
        targetId: input.date,
        before: null,
        after: { rate_scaled: scaled },
      });
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505')
      throw new AppError('reports/rate_taken', 409, MSG_REPORTS.rateTaken);
    throw err;
  }
  const saved = await rateRow(db, input.date);
  if (!saved) throw new Error('recorded BCV rate not found');
  return saved;
}

/**
 * Corrects the rate of a recorded date: 404 `reports/rate_not_found` when none, 409
 * `reports/rate_unchanged` when it is the same value. The row is locked; audited with before/after.
 */
export async function correctBcvRate(
  db: Db,
  staffId: number,
  date: string,
  rate: string,
): Promise<BcvRate> {
  const scaled = scaledOf(rate);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ scaled: bcvRates.rateScaled })
      .from(bcvRates)
      .where(eq(bcvRates.rateDate, date))
      .for('update');
    if (!row) throw new AppError('reports/rate_not_found', 404, MSG_REPORTS.rateNotFound);
    if (row.scaled === scaled)
      throw new AppError('reports/rate_unchanged', 409, MSG_REPORTS.rateUnchanged);
    await tx
      .update(bcvRates)
      .set({ rateScaled: scaled, recordedBy: staffId, updatedAt: new Date() })
      .where(eq(bcvRates.rateDate, date));
    await audit(tx, {
      actorUserId: staffId,
      action: 'bcv_rate.correct',
      targetType: 'bcv_rate',
      targetId: date,
      before: { rate_scaled: row.scaled },
      after: { rate_scaled: scaled },
    });
  });
  const saved = await rateRow(db, date);
  if (!saved) throw new Error('corrected BCV rate not found');
  return saved;
}
