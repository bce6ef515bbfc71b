import { asc, eq, inArray } from 'drizzle-orm';
import { compareDuplicate, type BoardComparison, type MatchState } from '@domino/domino';
import type { Executor } from '../../db/client';
import { duplicateSets } from '../duplicate/schema';
import { games, rowState } from '../games/schema';
import type { PlaceGroup } from './logic';
import { tournamentMatches } from './schema';

/**
 * Duplicate tournaments (docs/decisions/062-duplicate-domino.md, addendum "Duplicate
 * tournaments"). The pairs are drawn into sets of four; set k is two matches of the tournament:
 * slot 2k is table 1 (entrant A at seats 0/2 = team x's first pair, entrant B at 1/3 = team y's
 * first pair) and slot 2k + 1 is table 2 (entrant A at seats 0/2 = team y's second pair, entrant
 * B at 1/3 = team x's second pair). A pair is compared with the pair that held the same tiles at
 * the other table: table 1's A with table 2's A (the seats-0/2 tiles), table 1's B with table 2's
 * B (the seats-1/3 tiles).
 */

/** One set of a duplicate tournament as the director and the detail read it. */
export interface DuplicateTournamentSet {
  setId: number | null;
  /** Entrants at table 1 (A at seats 0/2, B at 1/3) and at table 2. */
  table1: { matchId: number; a: number; b: number; gameId: string | null; finished: boolean };
  table2: { matchId: number; a: number; b: number; gameId: string | null; finished: boolean };
  /** The boards BOTH tables finished (never one only one table played: decision 062). */
  boards: readonly BoardComparison[];
}

/** A pair's duplicate score: point difference with its counterpart, boards gained and lost. */
export interface DuplicateScore {
  points: number;
  wins: number;
  losses: number;
}

/**
 * The pairs' scores from the compared boards of every set: on board k, table 1's A scores
 * `side0Diff` and table 2's A its negation (the seats-0/2 tiles); table 2's B scores `side1Diff`
 * and table 1's B its negation (the seats-1/3 tiles). `wins`/`losses`: boards with a positive /
 * negative difference. Every entrant of a set gets a row (0 before any board is compared).
 */
export function duplicatePairScores(
  sets: readonly DuplicateTournamentSet[],
): Map<number, DuplicateScore> {
  const out = new Map<number, DuplicateScore>();
  const add = (entrant: number, diff: number) => {
    const s = out.get(entrant) ?? { points: 0, wins: 0, losses: 0 };
    s.points += diff;
    if (diff > 0) s.wins += 1;
    if (diff < 0) s.losses += 1;
    out.set(entrant, s);
  };
  for (const set of sets) {
    for (const e of [set.table1.a, set.table1.b, set.table2.a, set.table2.b])
      if (!out.has(e)) out.set(e, { points: 0, wins: 0, losses: 0 });
    for (const b of set.boards) {
      add(set.table1.a, b.side0Diff);
      add(set.table2.a, -b.side0Diff);
      add(set.table2.b, b.side1Diff);
      add(set.table1.b, -b.side1Diff);
    }
  }
  return out;
}

/**
 * Final places by score, highest first; pairs with the same score share the place (and the sum
 * of those places' prizes, planPrizes), the better seed first within a group.
 */
export function duplicatePlaces(
  scores: ReadonlyMap<number, DuplicateScore>,
  entrants: readonly { id: number; seed: number }[],
): PlaceGroup[] {
  const seedOf = new Map(entrants.map((e) => [e.id, e.seed]));
  const ranked = [...scores.entries()].sort(
    (x, y) => y[1].points - x[1].points || (seedOf.get(x[0]) ?? 0) - (seedOf.get(y[0]) ?? 0),
  );
  const groups: PlaceGroup[] = [];
  let place = 1;
  for (let i = 0; i < ranked.length;) {
    const points = (ranked[i] as [number, DuplicateScore])[1].points;
    const ids: number[] = [];
    while (i < ranked.length && (ranked[i] as [number, DuplicateScore])[1].points === points) {
      ids.push((ranked[i] as [number, DuplicateScore])[0]);
      i += 1;
    }
    groups.push({ place, entrants: ids });
    place += ids.length;
  }
  return groups;
}

/**
 * Reads the sets of duplicate tournament `tournamentId` (its matches by slot, both games'
 * histories, the set ids) and compares each set's boards that both tables finished.
 */
export async function duplicateSetsOf(
  db: Executor,
  tournamentId: number,
  boards: number,
): Promise<DuplicateTournamentSet[]> {
  const matches = await db
    .select()
    .from(tournamentMatches)
    .where(eq(tournamentMatches.tournamentId, tournamentId))
    .orderBy(asc(tournamentMatches.round), asc(tournamentMatches.slot));
  const gameIds = matches.flatMap((m) => (m.gameId ? [m.gameId] : []));
  const rows =
    gameIds.length === 0
      ? []
      : await db
          .select({
            id: games.id,
            status: games.status,
            storedState: games.storedState,
            history: games.history,
          })
          .from(games)
          .where(inArray(games.id, gameIds));
  const setRows =
    gameIds.length === 0
      ? []
      : await db
          .select({ id: duplicateSets.id, game1Id: duplicateSets.game1Id })
          .from(duplicateSets)
          .where(inArray(duplicateSets.game1Id, gameIds));
  const game = (id: string | null) => rows.find((r) => r.id === id);
  const out: DuplicateTournamentSet[] = [];
  for (let i = 0; i + 1 < matches.length; i += 2) {
    const m1 = matches[i] as (typeof matches)[number];
    const m2 = matches[i + 1] as (typeof matches)[number];
    const g1 = game(m1.gameId);
    const g2 = game(m2.gameId);
    const h1 = (g1 && (rowState(g1.storedState, g1.history) as MatchState))?.history ?? [];
    const h2 = (g2 && (rowState(g2.storedState, g2.history) as MatchState))?.history ?? [];
    const side = (m: typeof m1, g: typeof g1) => ({
      matchId: m.id,
      a: m.entrantA as number,
      b: m.entrantB as number,
      gameId: m.gameId,
      finished: g?.status === 'finished',
    });
    out.push({
      setId: setRows.find((s) => s.game1Id === m1.gameId)?.id ?? null,
      table1: side(m1, g1),
      table2: side(m2, g2),
      boards: compareDuplicate(h1, h2, boards).boards,
    });
  }
  return out;
}
