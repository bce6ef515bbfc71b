import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MSG_PAYMENTS } from '@domino/contracts';
import type { Db, Tx } from '../db/client';
import { isRetryableTxError } from '../db/client';
import { idempotencyRequests } from '../db/schema';
import { AppError } from './errors';

/**
 * HTTP idempotency for money-moving requests (docs/architecture.md#how-a-payment-flows): with an `Idempotency-Key`
 * header, the first response for (user, route, key) is stored in the SAME database transaction
 * as the effect, and a retry with the same key and body gets that response again without a second
 * effect. The same key with another body is refused (422 `idempotency/key_reuse`). Concurrent
 * duplicates race on a unique index: one commits, the other replays its response.
 */

export interface IdempotencyScope {
  userId: number;
  route: string;
  key: string;
  hash: string;
}

export interface StoredResponse<T> {
  status: number;
  body: T;
}

/** Reads the Idempotency-Key header (1-100 visible characters) into a scope, or null. */
export function idempotencyScope(
  request: FastifyRequest,
  userId: number,
  route: string,
  fingerprint: unknown,
): IdempotencyScope | null {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined) return null;
  if (!/^[\x21-\x7e]{1,100}$/.test(key)) {
    throw new AppError('idempotency/invalid_key', 400, 'La clave de idempotencia no es válida.');
  }
  const hash = createHash('sha256').update(JSON.stringify(fingerprint)).digest('hex');
  return { userId, route, key, hash };
}

async function stored<T>(db: Db | Tx, scope: IdempotencyScope): Promise<StoredResponse<T> | null> {
  const [row] = await db
    .select()
    .from(idempotencyRequests)
    .where(
      and(
        eq(idempotencyRequests.userId, scope.userId),
        eq(idempotencyRequests.route, scope.route),
        eq(idempotencyRequests.key, scope.key),
      ),
    );
  if (!row) return null;
  if (row.requestHash !== scope.hash)
    throw new AppError('idempotency/key_reuse', 422, MSG_PAYMENTS.idempotencyMismatch);
  return { status: row.responseStatus, body: row.responseBody as T };
}

/**
 * Runs `work` in one transaction (retrying serialization failures), storing its response under
 * the scope when given. Returns the stored response instead when the key was already used.
 */
export async function runIdempotent<T>(
  db: Db,
  scope: IdempotencyScope | null,
  work: (tx: Tx) => Promise<StoredResponse<T>>,
): Promise<StoredResponse<T> & { replayed: boolean }> {
  if (scope) {
    const previous = await stored<T>(db, scope);
    if (previous) return { ...previous, replayed: true };
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await db.transaction(async (tx) => {
        const out = await work(tx);
        if (scope) {
          await tx.insert(idempotencyRequests).values({
            userId: scope.userId,
            route: scope.route,
            key: scope.key,
            requestHash: scope.hash,
            responseStatus: out.status,
            responseBody: out.body as object,
          });
        }
        return out;
      });
      return { ...res, replayed: false };
    } catch (err) {
      // A concurrent request with the same key may have committed first (its effect can also be
      // why this one failed, e.g. a duplicate reference): answer with its stored response.
      if (scope) {
        const previous = await stored<T>(db, scope);
        if (previous) return { ...previous, replayed: true };
      }
      if (isRetryableTxError(err) && attempt < 5) continue;
      throw err;
    }
  }
}
