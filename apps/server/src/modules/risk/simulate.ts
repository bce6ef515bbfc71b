import { mulberry32 } from '@domino/domino';
import type { Executor } from '../../db/client';
import { gamePlayers, games, users } from '../../db/schema';

/**
 * A simulated population for the risk signals' tests and bench (docs/decisions/032-risk-signals.md
 * "Figures"): accounts playing finished money matches at random at a few stakes over `days` days,
 * plus known colluding pairs (who sit together far more often than chance) and known chip-dumping
 * pairs (one always loses head to head to the other). Rows are inserted directly (users, games,
 * game_players), never through the ledger: the signals read only the match history. Deterministic
 * for a seed. Not used by the running server.
 */

/** A small seeded RNG (mulberry32): floats in [0, 1). */
export const seededRng = mulberry32;

export interface PopulationOptions {
  seed: number;
  accounts: number;
  /** Random matches (the known pairs' matches come on top). */
  matches: number;
  colludingPairs: number;
  /** Matches each colluding pair plays together. */
  colludingMatches: number;
  dumpingPairs: number;
  /** Matches each chip-dumping pair plays head to head (the loser loses every one). */
  dumpingMatches: number;
  days: number;
  /** The end of the period (matches finish in the `days` days before). */
  now: Date;
}

export interface Population {
  userIds: number[];
  /** Known pairs as "a:b" with a < b. */
  colluding: string[];
  /** Known chip-dumping pairs as "loser>winner". */
  dumping: string[];
  matches: number;
}

interface Pool {
  mode: 'parejas' | 'individual';
  players: number;
  entryCents: number;
}

const POOLS: Pool[] = [500, 1_000, 5_000].flatMap((entryCents) => [
  { mode: 'individual' as const, players: 2, entryCents },
  { mode: 'parejas' as const, players: 4, entryCents },
]);

/** Inserts the population into `db` (an empty, migrated database) and says who the known pairs are. */
export async function insertPopulation(db: Executor, o: PopulationOptions): Promise<Population> {
  const rng = seededRng(o.seed);
  const pick = <T>(list: T[]) => list[Math.floor(rng() * list.length)] as T;
  const tag = Math.floor(rng() * 1e9).toString(36);
  const inserted = await db
    .insert(users)
    .values(
      Array.from({ length: o.accounts }, (_, i) => ({
        name: `Simulado ${i}`,
        email: `sim${i}.${tag}@example.com`,
        username: `sim_${tag}_${i}`,
        typeIdentification: 'V',
        nIdentification: `9${tag.length}${String(i).padStart(6, '0')}${Math.floor(rng() * 1000)}`,
        phone: `0416${String(Math.floor(rng() * 1e7)).padStart(7, '0')}${i}`,
        passwordHash: 'simulated',
      })),
    )
    .returning({ id: users.id });
  const ids = inserted.map((r) => r.id);
  // Each account plays in two pools.
  const members = POOLS.map(() => [] as number[]);
  for (const id of ids) {
    const first = Math.floor(rng() * POOLS.length);
    let second = Math.floor(rng() * POOLS.length);
    if (second === first) second = (first + 1) % POOLS.length;
    members[first]!.push(id);
    members[second]!.push(id);
  }
  type Seat = { userId: number; seat: number; won: boolean };
  const matches: { pool: Pool; day: number; seats: Seat[] }[] = [];
  const randomSeats = (poolIndex: number, fixed: number[]): number[] => {
    const list = [...fixed];
    const pool = members[poolIndex]!;
    while (list.length < POOLS[poolIndex]!.players) {
      const u = pick(pool);
      if (!list.includes(u)) list.push(u);
    }
    return list;
  };
  const play = (poolIndex: number, players: number[], winnerSide?: number) => {
    const pool = POOLS[poolIndex]!;
    const parejas = pool.mode === 'parejas';
    const side = winnerSide ?? Math.floor(rng() * (parejas ? 2 : pool.players));
    matches.push({
      pool,
      day: Math.floor(rng() * o.days),
      seats: players.map((userId, seat) => ({
        userId,
        seat,
        won: parejas ? seat % 2 === side : seat === side,
      })),
    });
  };
  for (let i = 0; i < o.matches; i++) {
    const p = Math.floor(rng() * POOLS.length);
    play(p, randomSeats(p, []));
  }
  // Known pairs: distinct accounts, none in two pairs.
  const used = new Set<number>();
  const freshPair = (): [number, number] => {
    for (;;) {
      const a = pick(ids);
      const b = pick(ids);
      if (a !== b && !used.has(a) && !used.has(b)) {
        used.add(a);
        used.add(b);
        return a < b ? [a, b] : [b, a];
      }
    }
  };
  const colluding: string[] = [];
  for (let c = 0; c < o.colludingPairs; c++) {
    const [a, b] = freshPair();
    colluding.push(`${a}:${b}`);
    // Alternate: parejas partners (seats 0 and 2) with two random others, or head to head.
    const poolIndex = c % 2 === 0 ? 1 + 2 * (c % 3) : 2 * (c % 3);
    for (const u of [a, b]) if (!members[poolIndex]!.includes(u)) members[poolIndex]!.push(u);
    for (let m = 0; m < o.colludingMatches; m++) {
      if (POOLS[poolIndex]!.mode === 'parejas') {
        const others = randomSeats(poolIndex, [a, b]).slice(2);
        play(poolIndex, [a, others[0]!, b, others[1]!]);
      } else play(poolIndex, rng() < 0.5 ? [a, b] : [b, a]);
    }
  }
  const dumping: string[] = [];
  for (let d = 0; d < o.dumpingPairs; d++) {
    const [loser, winner] = freshPair();
    dumping.push(`${loser}>${winner}`);
    const poolIndex = d % 2 === 0 ? 2 : 4; // individual at Bs 10 or Bs 50
    for (let m = 0; m < o.dumpingMatches; m++) play(poolIndex, [loser, winner], 1);
  }
  const dayMs = 24 * 60 * 60 * 1000;
  const start = o.now.getTime() - o.days * dayMs;
  for (let i = 0; i < matches.length; i += 500) {
    const chunk = matches.slice(i, i + 500);
    const gameRows = chunk.map((m, k) => {
      const finishedAt = new Date(start + m.day * dayMs + Math.floor(rng() * (dayMs - 1)));
      return {
        id: `sim-${tag}-${i + k}`,
        kind: 'table',
        status: 'finished',
        storedState: {},
        commitment: 'simulated',
        rules: { mode: m.pool.mode, players: m.pool.players } as never,
        entryCents: m.pool.entryCents,
        round: 1,
        startsAt: finishedAt,
        finishedAt,
      };
    });
    await db.insert(games).values(gameRows);
    await db.insert(gamePlayers).values(
      chunk.flatMap((m, k) => {
        const winners = m.seats.filter((s) => s.won).length;
        // 90% of the pot is paid out (the house fee and the pot share are the rest).
        const prize = Math.floor((m.pool.entryCents * m.pool.players * 0.9) / winners);
        return m.seats.map((s) => ({
          gameId: `sim-${tag}-${i + k}`,
          seat: s.seat,
          userId: s.userId,
          clientSeed: '',
          result: s.won ? 'win' : 'loss',
          payoutCents: s.won ? prize : 0,
        }));
      }),
    );
  }
  return { userIds: ids, colluding, dumping, matches: matches.length };
}
