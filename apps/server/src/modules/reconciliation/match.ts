import { RECONCILIATION_DAY_TOLERANCE } from '@domino/contracts';
import { daysBetween, referenceKey } from '../banking/references';

import { DisjointSets } from '../../lib/disjoint-sets';

/**
 * The matching rules (docs/decisions/033-bank-reconciliation.md), pure: a statement line and a
 * pending recharge are candidates when
 * - the last RECONCILIATION_REFERENCE_DIGITS digits of their references agree (only digits count;
 *   a reference with fewer digits is never matched automatically),
 * - their amounts are equal in céntimos, and
 * - the bank's day is within RECONCILIATION_DAY_TOLERANCE days of the recharge's Caracas request day.
 * Lines and recharges joined by candidate links form groups: a group of exactly one line and one
 * recharge is a match; a larger group is ambiguous (never approved automatically).
 */

export interface MatchLine {
  id: number;
  /** `YYYY-MM-DD` */
  postedOn: string;
  reference: string;
  amountCents: number;
}

export interface MatchRecharge {
  id: number;
  reference: string;
  amountCents: number;
  /** Caracas day of the request, `YYYY-MM-DD`. */
  requestedOn: string;
}

export interface MatchResult {
  matched: { lineId: number; rechargeId: number }[];
  ambiguous: { lineIds: number[]; rechargeIds: number[] }[];
  unmatchedLines: number[];
  unmatchedRecharges: number[];
}

/** Matches lines to recharges; linear in their number (recharges are indexed by key + amount). */
export function matchLines(lines: MatchLine[], recharges: MatchRecharge[]): MatchResult {
  const index = new Map<string, MatchRecharge[]>();
  for (const r of recharges) {
    const key = referenceKey(r.reference);
    if (!key) continue;
    const bucket = `${key}|${r.amountCents}`;
    const list = index.get(bucket);
    if (list) list.push(r);
    else index.set(bucket, [r]);
  }

  // Lines and recharges as nodes "l<id>" and "r<id>" of one graph.
  const sets = new DisjointSets<string>();
  const linked = new Set<string>();

  for (const l of lines) {
    const key = referenceKey(l.reference);
    if (!key) continue;
    for (const r of index.get(`${key}|${l.amountCents}`) ?? []) {
      if (Math.abs(daysBetween(r.requestedOn, l.postedOn)) > RECONCILIATION_DAY_TOLERANCE) continue;
      linked.add(`l${l.id}`);
      linked.add(`r${r.id}`);
      sets.union(`l${l.id}`, `r${r.id}`);
    }
  }

  const groups = new Map<string, { lineIds: number[]; rechargeIds: number[] }>();
  const group = (node: string) => {
    const root = sets.find(node);
    let g = groups.get(root);
    if (!g) groups.set(root, (g = { lineIds: [], rechargeIds: [] }));
    return g;
  };
  const result: MatchResult = {
    matched: [],
    ambiguous: [],
    unmatchedLines: [],
    unmatchedRecharges: [],
  };
  for (const l of lines) {
    if (linked.has(`l${l.id}`)) group(`l${l.id}`).lineIds.push(l.id);
    else result.unmatchedLines.push(l.id);
  }
  for (const r of recharges) {
    if (linked.has(`r${r.id}`)) group(`r${r.id}`).rechargeIds.push(r.id);
    else result.unmatchedRecharges.push(r.id);
  }
  for (const g of groups.values()) {
    if (g.lineIds.length === 1 && g.rechargeIds.length === 1)
      result.matched.push({ lineId: g.lineIds[0]!, rechargeId: g.rechargeIds[0]! });
    else result.ambiguous.push(g);
  }
  return result;
}
