import { alias } from 'drizzle-orm/pg-core';
import { desc, eq, sql } from 'drizzle-orm';
import type { AdminIdentityRequest } from '@domino/contracts';
import { namesMatch } from '@domino/contracts';
import type { Executor } from '../../db/client';
import { identityVerifications, users } from '../../db/schema';

const decider = alias(users, 'identity_decider');

/** The URL of one image of a request (served to its owner and to staff only, routes.ts). */
export function identityImageUrl(id: number, which: 'document' | 'selfie'): string {
  return `/api/identity/requests/${id}/${which}`;
}

/**
 * The staff queue of identity requests (docs/decisions/031-identity-verification.md), like the
 * recharge queue: pending first (oldest first), then decided (newest first), at most 200 rows.
 * Each row carries the account's name and cédula beside what the player stated, and whether the
 * names agree word for word (`namesMatch`), so staff compare both with the photo.
 */
export async function listIdentityRequests(
  db: Executor,
  status?: string,
): Promise<AdminIdentityRequest[]> {
  const v = identityVerifications;
  const rows = await db
    .select({ v, u: users, decider: decider.name })
    .from(v)
    .innerJoin(users, eq(users.id, v.userId))
    .leftJoin(decider, eq(decider.id, v.decidedBy))
    .where(status ? eq(v.status, status as 'pendiente') : sql`true`)
    .orderBy(
      sql`case when ${v.status} = 'pendiente' then 0 else 1 end`,
      sql`case when ${v.status} = 'pendiente' then ${v.createdAt} end asc`,
      desc(v.createdAt),
    )
    .limit(200);
  return rows.map(({ v: r, u, decider: deciderName }) => ({
    id: r.id,
    user: {
      id: u.id,
      name: u.name,
      email: u.email,
      type_identification: u.typeIdentification,
      n_identification: u.nIdentification,
    },
    stated: {
      type_identification: r.typeIdentification,
      n_identification: r.nIdentification,
      full_name: r.fullName,
    },
    name_matches: namesMatch(u.name, r.fullName),
    document_url: identityImageUrl(r.id, 'document'),
    selfie_url: identityImageUrl(r.id, 'selfie'),
    status: r.status,
    reason: r.reason,
    decided_by: deciderName,
    decided_at: r.decidedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  }));
}
