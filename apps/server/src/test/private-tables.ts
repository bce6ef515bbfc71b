import { randomBytes, randomUUID } from 'node:crypto';
import { DEFAULT_RULES } from '@domino/contracts';
import type { Executor } from '../db/client';
import { gameTables, games, tableSeats } from '../db/schema';

/**
 * Test support for features that use private tables (migration 0017) without going through the
 * private tables API: a private table row written straight to the database, its seats, and a
 * running match row that makes a seat count as "playing".
 */

/** Options of {@link createPrivateTable}. */
export interface PrivateTableSpec {
  hostUserId: number;
  /** Players seated from seat 0 on (the host is not seated unless listed). */
  seated?: number[];
  name?: string;
  /** Entry in céntimos (0 = amistosa; seats then pay 0). */
  entryCents?: number;
  players?: 2 | 3 | 4;
  visibility?: 'private' | 'public';
  status?: 'open' | 'closed';
  expiresAt?: Date | null;
}

/** A 6-character invitation code, unique enough for tests. */
export function testInviteCode(): string {
  return randomBytes(6).toString('base64url').slice(0, 6).toUpperCase();
}

/**
 * Writes a table (private by default: host, invitation code, expiry in 30 min) and seats
 * `seated` at it, entry paid 0 (no ledger movement: tests that need money use the tables API).
 */
export async function createPrivateTable(
  db: Executor,
  spec: PrivateTableSpec,
): Promise<{ id: number; inviteCode: string | null; name: string }> {
  const visibility = spec.visibility ?? 'private';
  const players = spec.players ?? 4;
  const name = spec.name ?? 'Mesa de prueba';
  const rules = {
    ...DEFAULT_RULES,
    players,
    mode: players === 4 ? ('parejas' as const) : ('individual' as const),
  };
  const inviteCode = visibility === 'private' ? testInviteCode() : null;
  const [t] = await db
    .insert(gameTables)
    .values({
      name,
      entryPriceCents: spec.entryCents ?? (visibility === 'private' ? 0 : 10_000),
      rules,
      status: spec.status ?? 'open',
      visibility,
      hostUserId: visibility === 'private' ? spec.hostUserId : null,
      inviteCode,
      expiresAt: spec.expiresAt === undefined ? new Date(Date.now() + 30 * 60_000) : spec.expiresAt,
    })
    .returning({ id: gameTables.id });
  const id = t!.id;
  for (const [seat, userId] of (spec.seated ?? []).entries())
    await db.insert(tableSeats).values({ tableId: id, seat, userId, entryCents: 0 });
  return { id, inviteCode, name };
}

/** Writes a running match row for table `tableId` (its seats then count as playing). */
export async function startMatchRow(db: Executor, tableId: number): Promise<string> {
  const id = randomUUID();
  await db.insert(games).values({
    id,
    kind: 'table',
    tableId,
    storedState: {},
    commitment: 'test',
    rules: DEFAULT_RULES,
  });
  return id;
}
