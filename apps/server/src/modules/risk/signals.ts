import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { HandSharingEvidence } from '@domino/contracts';
import type { Executor } from '../../db/client';
import { gamePlayers, games, recharges, users } from '../../db/schema';
import { linkedGroups, type LinkedGroup } from './groups';
import { linkedAmong, type LinkSignal } from './linked';
import { binomialUpperTail, poissonUpperTail } from './stats';

/**
 * The risk signals (docs/decisions/032-risk-signals.md): which accounts look linked, which pairs
 * sit together far more often than random seating gives, which pairs move money one way across
 * matches (chip dumping), and which Pago Móvil references were claimed by several accounts. Each
 * finding is a {@link RiskFinding}; queue.ts turns them into queue items. Money is in céntimos.
 */

/** How far back finished matches count: 90 days, in milliseconds. */
export const RISK_WINDOW_MS = 90 * 24 * 60 * 60 * 1000;
/** A pair is judged for co-seating only once it sat together (or as partners) this many times. */
export const CO_SEATING_MIN_COUNT = 5;
/**
 * Family-wise error rate of the co-seating tests: a pair is flagged when its Poisson tail times the
 * number of tests (two per pair that ever sat together: together, and as partners) is below this
 * (Bonferroni).
 */
export const CO_SEATING_ALPHA = 0.01;
/** Chip dumping: at least this many matches where the loser's side lost to the winner's side. */
export const CHIP_MIN_LOSSES = 5;
/** Chip dumping: the winner took at least this share of the matches one of the two won. */
export const CHIP_MIN_SHARE = 0.8;
/** Chip dumping: one-sided binomial tail (fair coin between the two) below this. */
export const CHIP_MAX_P = 0.01;
/** Chip dumping: net flow loser -> winner of at least this many céntimos (Bs 50). */
export const CHIP_MIN_NET_CENTS = 5_000;

/** One seat of a finished money match, as the analysis reads it. */
export interface SeatRow {
  gameId: string;
  mode: 'parejas' | 'individual';
  /** Seats of the match (2 to 4). */
  players: number;
  /** Entry per seat in céntimos. */
  entryCents: number;
  /** The Caracas-independent UTC day the match finished (YYYY-MM-DD): the seating pool's slice. */
  day: string;
  userId: number;
  seat: number;
  won: boolean;
  payoutCents: number;
}

/**
 * A finding keyed by kind + accounts (pairs, references). Linked accounts are groups instead
 * (groups.ts); `linked` stays here for items written by earlier scans and by tests.
 */
export type RiskFinding =
  | {
      kind: 'linked';
      userIds: number[];
      key: string;
      score: number;
      evidence: { signals: (LinkSignal | 'address')[] };
    }
  | { kind: 'co_seating'; userIds: number[]; key: string; score: number; evidence: CoSeatingFacts }
  | { kind: 'chip_dumping'; userIds: number[]; key: string; score: number; evidence: ChipFacts }
  | {
      kind: 'shared_reference';
      userIds: number[];
      key: string;
      score: number;
      evidence: ReferenceFacts;
    }
  | {
      /** Partners who share their hands (hand-sharing.ts, decision 059); score = z. */
      kind: 'hand_sharing';
      userIds: number[];
      key: string;
      score: number;
      evidence: HandSharingEvidence;
    };

/** Stored evidence of a co-seating finding (céntimos). */
export interface CoSeatingFacts {
  together: number;
  expected: number;
  p_value: number;
  partners: number;
  partners_expected: number;
  partners_p_value: number;
  opponents: number;
  matches: number[];
  stakes_cents: number[];
}

/** Stored evidence of a chip-dumping finding (céntimos). */
export interface ChipFacts {
  loser_id: number;
  winner_id: number;
  losses: number;
  decided: number;
  p_value: number;
  net_cents: number;
  stakes_cents: number[];
}

/** Stored evidence of a shared-reference finding (céntimos). */
export interface ReferenceFacts {
  reference: string;
  recharges: {
    id: number;
    user_id: number;
    amount_cents: number;
    status: string;
    created_at: string;
  }[];
}

const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);
/** -log10 of a p-value, capped so that p = 0 still sorts. */
const surprise = (p: number) => Math.min(300, -Math.log10(Math.max(p, 1e-300)));

function byGame(rows: SeatRow[]): Map<string, SeatRow[]> {
  const out = new Map<string, SeatRow[]>();
  for (const r of rows) {
    const list = out.get(r.gameId);
    if (list) list.push(r);
    else out.set(r.gameId, [r]);
  }
  return out;
}

/**
 * Pairs who sit at the same match far more often than chance (decision 032 "Co-seating"). The
 * seating pool of a match is (mode, seats, entry, UTC day). In a pool with S human seats over its
 * matches of P seats, where the two players hold n_a and n_b seats, random seating puts them in
 * one match n_a·n_b·(P−1)/(S−1) times on average, and as partners (parejas: seats i and i+2)
 * n_a·n_b/(S−1) times. Summed over the pools both played in, the observed count is tested against
 * a Poisson with that mean; flagged when the count reaches {@link CO_SEATING_MIN_COUNT} and the
 * tail, times the number of tests, is below {@link CO_SEATING_ALPHA}. Pure; rows of any order.
 */
export function coSeatingFindings(rows: SeatRow[]): RiskFinding[] {
  const pools = new Map<string, { seats: number; players: number; parejas: boolean }>();
  const userPools = new Map<number, Map<string, number>>();
  const matchesOf = new Map<number, number>();
  const pairs = new Map<
    string,
    { a: number; b: number; together: number; partners: number; stakes: Set<number> }
  >();
  for (const seats of byGame(rows).values()) {
    const first = seats[0]!;
    const pool = `${first.mode}|${first.players}|${first.entryCents}|${first.day}`;
    const p = pools.get(pool) ?? {
      seats: 0,
      players: first.players,
      parejas: first.mode === 'parejas',
    };
    p.seats += seats.length;
    pools.set(pool, p);
    for (const s of seats) {
      let m = userPools.get(s.userId);
      if (!m) userPools.set(s.userId, (m = new Map()));
      m.set(pool, (m.get(pool) ?? 0) + 1);
      matchesOf.set(s.userId, (matchesOf.get(s.userId) ?? 0) + 1);
    }
    for (let i = 0; i < seats.length; i++)
      for (let j = i + 1; j < seats.length; j++) {
        const x = seats[i]!;
        const y = seats[j]!;
        if (x.userId === y.userId) continue;
        const k = pairKey(x.userId, y.userId);
        let pair = pairs.get(k);
        if (!pair) {
          pair = {
            a: Math.min(x.userId, y.userId),
            b: Math.max(x.userId, y.userId),
            together: 0,
            partners: 0,
            stakes: new Set(),
          };
          pairs.set(k, pair);
        }
        pair.together += 1;
        if (first.mode === 'parejas' && x.seat % 2 === y.seat % 2) pair.partners += 1;
        pair.stakes.add(first.entryCents);
      }
  }
  const tests = 2 * pairs.size;
  const out: RiskFinding[] = [];
  for (const pair of pairs.values()) {
    if (pair.together < CO_SEATING_MIN_COUNT && pair.partners < CO_SEATING_MIN_COUNT) continue;
    const pa = userPools.get(pair.a)!;
    const pb = userPools.get(pair.b)!;
    let expected = 0;
    let partnersExpected = 0;
    for (const [pool, na] of pa) {
      const nb = pb.get(pool);
      if (!nb) continue;
      const p = pools.get(pool)!;
      if (p.seats < 2) continue;
      expected += (na * nb * (p.players - 1)) / (p.seats - 1);
      if (p.parejas) partnersExpected += (na * nb) / (p.seats - 1);
    }
    const pTogether = poissonUpperTail(pair.together, expected);
    const pPartners = poissonUpperTail(pair.partners, partnersExpected);
    const together = pair.together >= CO_SEATING_MIN_COUNT && pTogether * tests < CO_SEATING_ALPHA;
    const partners = pair.partners >= CO_SEATING_MIN_COUNT && pPartners * tests < CO_SEATING_ALPHA;
    if (!together && !partners) continue;
    out.push({
      kind: 'co_seating',
      userIds: [pair.a, pair.b],
      key: `co_seating:${pair.a}:${pair.b}`,
      score: surprise(Math.min(pTogether, pPartners)),
      evidence: {
        together: pair.together,
        expected: round(expected),
        p_value: pTogether,
        partners: pair.partners,
        partners_expected: round(partnersExpected),
        partners_p_value: pPartners,
        opponents: pair.together - pair.partners,
        matches: [matchesOf.get(pair.a) ?? 0, matchesOf.get(pair.b) ?? 0],
        stakes_cents: [...pair.stakes].sort((x, y) => x - y),
      },
    });
  }
  return out;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Chip dumping (decision 032 "Chip dumping"): money flowing one way between two accounts. For two
 * opponents in a match (individual: any two seats; parejas: different sides), when one's side
 * lost and the other's won, the loser "lost to" the winner, and the loser's loss (entry minus
 * payout) split over the match's winners flowed to each winner. Flagged for a (loser, winner)
 * when the loser lost to the winner at least {@link CHIP_MIN_LOSSES} times, the winner took at
 * least {@link CHIP_MIN_SHARE} of the matches either of them won against the other, the one-sided
 * binomial tail with a fair coin is below {@link CHIP_MAX_P}, and the net flow reaches
 * {@link CHIP_MIN_NET_CENTS}. Pure.
 */
export function chipDumpingFindings(rows: SeatRow[]): RiskFinding[] {
  const lost = new Map<string, number>(); // "loser>winner" -> count
  const flow = new Map<string, number>(); // "loser>winner" -> céntimos
  const stakes = new Map<string, Set<number>>(); // unordered pair -> entries
  for (const seats of byGame(rows).values()) {
    const winners = seats.filter((s) => s.won);
    if (winners.length === 0) continue;
    const parejas = seats[0]!.mode === 'parejas';
    for (const l of seats) {
      if (l.won) continue;
      const loss = Math.max(0, l.entryCents - l.payoutCents);
      for (const w of winners) {
        if (w.userId === l.userId) continue;
        if (parejas && w.seat % 2 === l.seat % 2) continue;
        const k = `${l.userId}>${w.userId}`;
        lost.set(k, (lost.get(k) ?? 0) + 1);
        flow.set(k, (flow.get(k) ?? 0) + loss / winners.length);
        const pk = pairKey(l.userId, w.userId);
        let set = stakes.get(pk);
        if (!set) stakes.set(pk, (set = new Set()));
        set.add(l.entryCents);
      }
    }
  }
  const out: RiskFinding[] = [];
  for (const [k, losses] of lost) {
    if (losses < CHIP_MIN_LOSSES) continue;
    const [loser, winner] = k.split('>').map(Number) as [number, number];
    const back = lost.get(`${winner}>${loser}`) ?? 0;
    const decided = losses + back;
    if (losses / decided < CHIP_MIN_SHARE) continue;
    const p = binomialUpperTail(losses, decided, 0.5);
    if (p >= CHIP_MAX_P) continue;
    const net = Math.round((flow.get(k) ?? 0) - (flow.get(`${winner}>${loser}`) ?? 0));
    if (net < CHIP_MIN_NET_CENTS) continue;
    out.push({
      kind: 'chip_dumping',
      userIds: [Math.min(loser, winner), Math.max(loser, winner)],
      key: `chip_dumping:${loser}:${winner}`,
      score: surprise(p),
      evidence: {
        loser_id: loser,
        winner_id: winner,
        losses,
        decided,
        p_value: p,
        net_cents: net,
        stakes_cents: [...(stakes.get(pairKey(loser, winner)) ?? [])].sort((x, y) => x - y),
      },
    });
  }
  return out;
}

/**
 * The seats of finished money matches (`games.kind = 'table'`, entry > 0) that finished after
 * `since`, human seats only (bots are left out of the pools). With `players`, only the matches
 * where one of them sat (every seat of those matches).
 */
export async function loadSeatRows(
  db: Executor,
  since: Date,
  players?: number[],
): Promise<SeatRow[]> {
  const theirGames = players
    ? db
        .selectDistinct({ id: gamePlayers.gameId })
        .from(gamePlayers)
        .where(inArray(gamePlayers.userId, players))
    : undefined;
  const rows = await db
    .select({
      gameId: games.id,
      mode: sql<string>`${games.rules}->>'mode'`,
      players: sql<number>`(${games.rules}->>'players')::int`,
      entryCents: games.entryCents,
      day: sql<string>`to_char(${games.finishedAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      userId: gamePlayers.userId,
      seat: gamePlayers.seat,
      result: gamePlayers.result,
      payoutCents: gamePlayers.payoutCents,
    })
    .from(games)
    .innerJoin(gamePlayers, eq(gamePlayers.gameId, games.id))
    .where(
      and(
        eq(games.kind, 'table'),
        eq(games.status, 'finished'),
        gt(games.finishedAt, since),
        gt(games.entryCents, 0),
        isNotNull(gamePlayers.userId),
        theirGames ? inArray(games.id, theirGames) : undefined,
      ),
    );
  return rows.map((r) => ({
    gameId: r.gameId,
    mode: r.mode === 'parejas' ? 'parejas' : 'individual',
    players: Number(r.players),
    entryCents: Number(r.entryCents),
    day: r.day,
    userId: Number(r.userId),
    seat: r.seat,
    won: r.result === 'win',
    payoutCents: Number(r.payoutCents ?? 0),
  }));
}

/**
 * The groups of linked accounts among the players (linked.ts evidence: device, payout phone, bank
 * account, cédula, confirmed pattern): the connected components of the link graph, each with
 * every link and whether its two accounts also shared a client address, which adds weight and
 * never links on its own (docs/decisions/039-an-address-is-not-a-person.md, 049). With `among`,
 * only those players are judged (the incremental scan passes a closure, queue.ts).
 */
export async function linkedGroupsOf(
  db: Executor,
  now: Date,
  among?: number[],
): Promise<LinkedGroup[]> {
  const players = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.rol, 'jugador'), among ? inArray(users.id, among) : undefined));
  const graph = await linkedAmong(
    db,
    players.map((p) => p.id),
    { now, withAddress: true },
  );
  return linkedGroups(graph);
}

/**
 * Pago Móvil references claimed by more than one account (any status, any recharge account;
 * compared without case and spaces), one finding per reference with every recharge that used it.
 */
export async function sharedReferenceFindings(db: Executor): Promise<RiskFinding[]> {
  const ref = sql<string>`upper(regexp_replace(${recharges.reference}, '\\s', '', 'g'))`;
  const shared = db
    .select({ ref: sql<string>`${ref}`.as('ref') })
    .from(recharges)
    .groupBy(ref)
    .having(sql`count(distinct ${recharges.userId}) > 1`)
    .as('shared');
  const rows = await db
    .select({
      ref: shared.ref,
      id: recharges.id,
      userId: recharges.userId,
      amountCents: recharges.amountCents,
      status: recharges.status,
      createdAt: recharges.createdAt,
    })
    .from(recharges)
    .innerJoin(shared, eq(shared.ref, ref))
    .orderBy(recharges.id);
  const byRef = new Map<string, ReferenceFacts>();
  for (const r of rows) {
    let facts = byRef.get(r.ref);
    if (!facts) byRef.set(r.ref, (facts = { reference: r.ref, recharges: [] }));
    facts.recharges.push({
      id: r.id,
      user_id: r.userId,
      amount_cents: Number(r.amountCents),
      status: r.status,
      created_at: r.createdAt.toISOString(),
    });
  }
  return [...byRef.values()].map((facts) => {
    const ids = [...new Set(facts.recharges.map((r) => r.user_id))].sort((a, b) => a - b);
    return {
      kind: 'shared_reference' as const,
      userIds: ids,
      key: `shared_reference:${facts.reference}`,
      score: 10 * ids.length,
      evidence: facts,
    };
  });
}

/**
 * Every pair and reference finding of a scan at `now` (matches of the last
 * {@link RISK_WINDOW_MS}); linked accounts come from {@link linkedGroupsOf}.
 */
export async function findSignals(db: Executor, now: Date = new Date()): Promise<RiskFinding[]> {
  const seats = await loadSeatRows(db, new Date(now.getTime() - RISK_WINDOW_MS));
  return [
    ...coSeatingFindings(seats),
    ...chipDumpingFindings(seats),
    ...(await sharedReferenceFindings(db)),
  ];
}
