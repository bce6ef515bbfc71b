import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { riskItems } from '../../db/schema';
import { audit } from '../audit/audit';
import type { LinkGraph, LinkSignal } from './linked';
import { stakeOf, type AccountStake } from './stake';
import { DisjointSets } from '../../lib/disjoint-sets';

/**
 * Linked accounts as groups (docs/decisions/049-risk-scanning-and-groups.md): the connected
 * components of the link graph (risk/linked.ts: device, payout phone, bank account, cédula,
 * confirmed pattern) become one `linked` risk item per group, with every link that joins two of
 * its accounts, ranked by the group's money at stake. A shared client address is listed on the
 * links that also have it and adds weight only: it never joins accounts into a group (decision
 * 039). Rescans update a group's item in place; an item staff decided is reopened only when new
 * evidence appears (an account or a link it did not have).
 */

/** One link of a group: two accounts (`a < b`), what joins them, and whether they shared an address. */
export interface GroupLink {
  a: number;
  b: number;
  signals: LinkSignal[];
  shared_address: boolean;
}

/** Stored evidence of a `linked` group item (céntimos). */
export interface GroupFacts {
  /** Every signal any link of the group has, plus `address` when any link also shared one. */
  signals: (LinkSignal | 'address')[];
  links: GroupLink[];
  /** Each account's money at stake at the scan (user id -> céntimos). */
  stakes_cents: Record<string, number>;
}

/** A group of linked accounts as the scan found it. */
export interface LinkedGroup {
  /** Sorted ascending. */
  userIds: number[];
  links: GroupLink[];
}

/** What a shared client address adds to a link's weight (never a link on its own, decision 039). */
export const ADDRESS_WEIGHT = 0.5;

/**
 * The connected components of `graph` with at least two accounts, each with its links (sorted by
 * accounts), largest group first. Pure.
 */
export function linkedGroups(graph: LinkGraph): LinkedGroup[] {
  const sets = new DisjointSets<number>();
  for (const p of graph.pairs) sets.union(p.a, p.b);
  const groups = new Map<number, LinkedGroup>();
  for (const p of graph.pairs) {
    const root = sets.find(p.a);
    let g = groups.get(root);
    if (!g) groups.set(root, (g = { userIds: [], links: [] }));
    g.links.push({ a: p.a, b: p.b, signals: [...p.signals], shared_address: p.sharedAddress });
  }
  for (const g of groups.values()) {
    g.userIds = [...new Set(g.links.flatMap((l) => [l.a, l.b]))].sort((x, y) => x - y);
    g.links.sort((x, y) => x.a - y.a || x.b - y.b);
  }
  return [...groups.values()].sort(
    (x, y) => y.userIds.length - x.userIds.length || x.userIds[0]! - y.userIds[0]!,
  );
}

/** A group's score: per link, its signals plus {@link ADDRESS_WEIGHT} when it also shared an address. */
export function groupScore(links: readonly GroupLink[]): number {
  return links.reduce((s, l) => s + l.signals.length + (l.shared_address ? ADDRESS_WEIGHT : 0), 0);
}

/** The evidence stored for `group`. */
export function groupFacts(group: LinkedGroup, stakes: Map<number, AccountStake>): GroupFacts {
  const signals = new Set<LinkSignal | 'address'>();
  for (const l of group.links) for (const s of l.signals) signals.add(s);
  const order: (LinkSignal | 'address')[] = [
    'device',
    'payout_phone',
    'bank_account',
    'cedula',
    'confirmed_pattern',
    'address',
  ];
  if (group.links.some((l) => l.shared_address)) signals.add('address');
  return {
    signals: order.filter((s) => signals.has(s)),
    links: group.links,
    stakes_cents: Object.fromEntries(
      group.userIds.map((id) => [String(id), stakes.get(id)?.total_cents ?? 0]),
    ),
  };
}

type ItemRow = typeof riskItems.$inferSelect;

/**
 * The evidence an item already had, as `a:b:signal` strings. A legacy pair item (decision 032,
 * `{signals}` only) had its signals between its two accounts. `confirmed_pattern` is left out: an
 * item staff acted on makes its own accounts "confirmed" on the next scan, which is not new.
 */
function knownEdges(row: Pick<ItemRow, 'userIds' | 'evidence'>): Set<string> {
  const e = row.evidence as Partial<GroupFacts>;
  const out = new Set<string>();
  if (Array.isArray(e.links)) {
    for (const l of e.links) for (const s of l.signals) out.add(`${l.a}:${l.b}:${s}`);
  } else if (Array.isArray(e.signals) && row.userIds.length === 2) {
    const [a, b] = [...row.userIds].sort((x, y) => x - y) as [number, number];
    for (const s of e.signals) if (s !== 'address') out.add(`${a}:${b}:${s}`);
  }
  return out;
}

/** Whether `group` brings evidence `row` did not have: a new account, or a new link or signal. */
export function hasNewEvidence(
  row: Pick<ItemRow, 'userIds' | 'evidence'>,
  group: LinkedGroup,
): boolean {
  const members = new Set(row.userIds);
  if (group.userIds.some((id) => !members.has(id))) return true;
  const known = knownEdges(row);
  return group.links.some((l) =>
    l.signals.some((s) => s !== 'confirmed_pattern' && !known.has(`${l.a}:${l.b}:${s}`)),
  );
}

const groupKey = (userIds: number[]) =>
  `linked:group:${createHash('sha256').update(userIds.join(',')).digest('hex').slice(0, 32)}`;

/** What writing groups did. */
export interface GroupWrite {
  created: number;
  updated: number;
  reopened: number;
  merged: number;
}

/**
 * Writes `groups` as `linked` items inside `tx` (the caller holds the scan claim, queue.ts, so no
 * other scan writes at once). For each group, largest first, the existing `linked` items that name
 * any of its accounts (open or decided, a legacy pair item included) are candidates: the one that
 * shares the most accounts (then the oldest) becomes the group's item and is rewritten with the
 * group's accounts, links, score and money at stake; an item is the item of one group only. A
 * decided candidate is reopened (audited `risk.item.reopen`, no actor) only when the group brings
 * new evidence. Other open candidates whose accounts all belong to the group are `merged` into
 * it (audited `risk.item.merge`). A group without a candidate inserts a new item.
 */
export async function writeGroups(
  tx: Tx,
  groups: LinkedGroup[],
  stakes: Map<number, AccountStake>,
): Promise<GroupWrite> {
  const out: GroupWrite = { created: 0, updated: 0, reopened: 0, merged: 0 };
  if (groups.length === 0) return out;
  const everyone = [...new Set(groups.flatMap((g) => g.userIds))];
  const anyOf = sql.join(
    everyone.map((id) => sql`${riskItems.userIds} @> ${JSON.stringify([id])}::jsonb`),
    sql` or `,
  );
  // Locked so a staff decision on one of them waits for this write (and is not overwritten).
  const rows = await tx
    .select()
    .from(riskItems)
    .where(
      and(
        eq(riskItems.kind, 'linked'),
        inArray(riskItems.status, ['open', 'dismissed', 'actioned']),
        sql`(${anyOf})`,
      ),
    )
    .orderBy(riskItems.id)
    .for('update');
  const claimed = new Set<number>();
  const merged = new Set<number>();
  for (const group of groups) {
    const members = new Set(group.userIds);
    const overlap = (r: ItemRow) => r.userIds.filter((id) => members.has(id)).length;
    const candidates = rows
      .filter((r) => !claimed.has(r.id) && !merged.has(r.id) && overlap(r) > 0)
      .sort((x, y) => overlap(y) - overlap(x) || x.id - y.id);
    const facts = groupFacts(group, stakes);
    const values = {
      userIds: group.userIds,
      evidence: facts as unknown as Record<string, unknown>,
      score: groupScore(group.links),
      stakeCents: stakeOf(stakes, group.userIds),
    };
    const primary = candidates[0];
    let primaryId: number;
    if (!primary) {
      // The key only has to be unique: a group is found by its accounts, not by its key. An old
      // item absorbed under the same accounts keeps its key, so a clash takes a fresh suffix.
      const key = groupKey(group.userIds);
      const [row] = await tx
        .insert(riskItems)
        .values({ kind: 'linked', key, ...values })
        .onConflictDoNothing()
        .returning({ id: riskItems.id });
      const inserted =
        row ??
        (
          await tx
            .insert(riskItems)
            .values({ kind: 'linked', key: `${key}:${randomUUID()}`, ...values })
            .returning({ id: riskItems.id })
        )[0]!;
      primaryId = inserted.id;
      out.created += 1;
    } else {
      primaryId = primary.id;
      const reopen = primary.status !== 'open' && hasNewEvidence(primary, group);
      await tx
        .update(riskItems)
        .set({
          ...values,
          lastSeenAt: sql`now()`,
          ...(reopen ? { status: 'open' as const, decidedBy: null, decidedAt: null } : {}),
        })
        .where(eq(riskItems.id, primary.id));
      if (reopen) {
        out.reopened += 1;
        await audit(tx, {
          actorUserId: null,
          action: 'risk.item.reopen',
          targetType: 'risk_item',
          targetId: primary.id,
          before: {
            status: primary.status,
            user_ids: primary.userIds,
            note: primary.note,
            decided_by: primary.decidedBy,
          },
          after: { status: 'open', user_ids: group.userIds },
        });
      } else out.updated += 1;
    }
    claimed.add(primaryId);
    for (const other of candidates.slice(1)) {
      if (other.status !== 'open' || !other.userIds.every((id) => members.has(id))) continue;
      merged.add(other.id);
      out.merged += 1;
      await tx
        .update(riskItems)
        .set({ status: 'merged', mergedInto: primaryId, lastSeenAt: sql`now()` })
        .where(eq(riskItems.id, other.id));
      await audit(tx, {
        actorUserId: null,
        action: 'risk.item.merge',
        targetType: 'risk_item',
        targetId: other.id,
        before: { status: 'open', user_ids: other.userIds },
        after: { status: 'merged', merged_into: primaryId },
      });
    }
  }
  return out;
}
