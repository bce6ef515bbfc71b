import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  authTokens,
  banks,
  gamePlayers,
  games,
  rechargeAccounts,
  recharges,
  riskItems,
  users,
} from '../../db/schema';
import { createTestDatabase, postgresAvailable } from '../../test/helpers';
import { scanRisk } from './queue';
import { chipDumpingFindings, coSeatingFindings, type SeatRow } from './signals';
import { insertPopulation } from './simulate';

/**
 * The risk signals on real PostgreSQL (docs/decisions/032-risk-signals.md): each kind found with
 * its evidence, a simulated population with known colluding and chip-dumping pairs (found, missed,
 * false alarms), and scans that never duplicate items, also when two run at once.
 */
describe('risk signals on postgres', async () => {
  const skip = !(await postgresAvailable());
  let database: Database;
  const db = () => database.db;

  beforeAll(async () => {
    if (!skip) database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    if (!skip) await database.close();
  });

  async function player(n: string) {
    const [row] = await db()
      .insert(users)
      .values({
        name: `Jugador ${n}`,
        email: `${n}@example.com`,
        username: `u_${n}`,
        typeIdentification: 'V',
        nIdentification: String(10_000_000 + Math.floor(Math.random() * 80_000_000)),
        phone: `0412${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
        passwordHash: 'x',
      })
      .returning({ id: users.id });
    return row!.id;
  }

  it.skipIf(skip)('finds linked accounts and a reference claimed by two accounts', async () => {
    const a = await player('link_a');
    const b = await player('link_b');
    const c = await player('link_c');
    const tokens = [a, b, c].map((userId, i) => ({
      userId,
      tokenHash: `hash-${userId}`,
      expiresAt: new Date(Date.now() + 86_400_000),
      deviceId: i < 2 ? 'device-shared' : 'device-own',
      // One address for all three (a carrier's NAT): it adds weight to a and b's device link
      // and links nobody on its own (docs/decisions/039).
      ip: '10.0.0.1',
    }));
    await db().insert(authTokens).values(tokens);
    const [bank] = await db()
      .insert(banks)
      .values({ code: '9999', name: 'Banco de Prueba' })
      .returning({ id: banks.id });
    const [acc] = await db()
      .insert(rechargeAccounts)
      .values({
        bankId: bank!.id,
        accountNumber: '01020000000000000001',
        holderName: 'Dominó C.A.',
        typeIdentification: 'J',
        nIdentification: '500000001',
        phone: '04240000001',
      })
      .returning({ id: rechargeAccounts.id });
    // The same reference: one claim rejected, then claimed again by another account.
    await db()
      .insert(recharges)
      .values([
        {
          userId: a,
          amountCents: 10_000,
          reference: 'ab 123456',
          rechargeAccountId: acc!.id,
          status: 'rechazado',
        },
        { userId: c, amountCents: 25_000, reference: 'AB123456', rechargeAccountId: acc!.id },
        { userId: b, amountCents: 5_000, reference: 'XYZ999', rechargeAccountId: acc!.id },
      ]);
    await scanRisk(db());
    const items = await db().select().from(riskItems);
    const linked = items.filter((i) => i.kind === 'linked');
    expect(linked.map((i) => i.userIds)).toEqual([[a, b]]);
    expect(linked[0]!.evidence).toEqual({
      signals: ['device', 'address'],
      links: [{ a, b, signals: ['device'], shared_address: true }],
      // b claimed a recharge still pending: money at stake (decision 049).
      stakes_cents: { [a]: 0, [b]: 5_000 },
    });
    expect(linked[0]!.score).toBe(1.5);
    const refs = items.filter((i) => i.kind === 'shared_reference');
    expect(refs).toHaveLength(1);
    expect(refs[0]!.userIds).toEqual([a, c].sort((x, y) => x - y));
    const ev = refs[0]!.evidence as {
      reference: string;
      recharges: { user_id: number; amount_cents: number; status: string }[];
    };
    expect(ev.reference).toBe('AB123456');
    expect(ev.recharges.map((r) => [r.user_id, r.amount_cents, r.status])).toEqual([
      [a, 10_000, 'rechazado'],
      [c, 25_000, 'pendiente'],
    ]);
  });

  it.skipIf(skip)('co-seating and chip dumping carry their evidence (pure functions)', () => {
    const rows: SeatRow[] = [];
    // Players 1 and 2 partners in 6 parejas matches among a pool of 40 players; 3 loses to 4 eight times.
    let g = 0;
    for (let m = 0; m < 6; m++, g++)
      [1, 10 + m, 2, 20 + m].forEach((userId, seat) =>
        rows.push({
          gameId: `g${g}`,
          mode: 'parejas',
          players: 4,
          entryCents: 1_000,
          day: '2026-11-01',
          userId,
          seat,
          won: seat % 2 === 0,
          payoutCents: seat % 2 === 0 ? 1_800 : 0,
        }),
      );
    for (let m = 0; m < 40; m++, g++)
      [30 + (m % 20), 50 + (m % 20), 70 + (m % 20), 90 + (m % 20)].forEach((userId, seat) =>
        rows.push({
          gameId: `g${g}`,
          mode: 'parejas',
          players: 4,
          entryCents: 1_000,
          day: '2026-11-01',
          userId,
          seat,
          won: seat % 2 === 1,
          payoutCents: seat % 2 === 1 ? 1_800 : 0,
        }),
      );
    for (let m = 0; m < 8; m++, g++)
      [3, 4].forEach((userId, seat) =>
        rows.push({
          gameId: `g${g}`,
          mode: 'individual',
          players: 2,
          entryCents: 5_000,
          day: '2026-11-02',
          userId,
          seat,
          won: seat === 1,
          payoutCents: seat === 1 ? 9_000 : 0,
        }),
      );
    const co = coSeatingFindings(rows);
    const pair12 = co.find((f) => f.key === 'co_seating:1:2');
    expect(pair12?.kind).toBe('co_seating');
    if (pair12?.kind !== 'co_seating') return;
    expect(pair12.evidence).toMatchObject({
      together: 6,
      partners: 6,
      opponents: 0,
      matches: [6, 6],
      stakes_cents: [1_000],
    });
    expect(pair12.evidence.partners_p_value).toBeLessThan(1e-6);
    // The pool holds 46 matches, 184 seats: expected together 6·6·3/183, as partners 6·6/183.
    expect(pair12.evidence.expected).toBeCloseTo((36 * 3) / 183, 3);
    expect(pair12.evidence.partners_expected).toBeCloseTo(36 / 183, 3);
    const dump = chipDumpingFindings(rows);
    expect(dump).toHaveLength(1);
    expect(dump[0]).toMatchObject({
      key: 'chip_dumping:3:4',
      evidence: {
        loser_id: 3,
        winner_id: 4,
        losses: 8,
        decided: 8,
        net_cents: 40_000,
        stakes_cents: [5_000],
      },
    });
    expect(dump[0]!.evidence).toHaveProperty('p_value', 1 / 256);
    // A partner's loss is not a loss "to" the partner: 1 and 2 never dumped to each other.
    expect(dump.some((f) => f.userIds.includes(1))).toBe(false);
  });

  it.skipIf(skip)(
    'finds the known pairs of a simulated population with few false alarms; re-runs never duplicate',
    async () => {
      const now = new Date();
      const pop = await insertPopulation(db(), {
        seed: 20261126,
        accounts: 200,
        matches: 2_000,
        colludingPairs: 5,
        colludingMatches: 12,
        dumpingPairs: 3,
        dumpingMatches: 10,
        days: 30,
        now,
      });
      const started = performance.now();
      const first = await scanRisk(db(), now);
      const ms = performance.now() - started;
      const items = await db()
        .select()
        .from(riskItems)
        .where(sql`${riskItems.kind} in ('co_seating', 'chip_dumping')`);
      const known = new Set([
        ...pop.colluding,
        ...pop.dumping.map((d) =>
          d
            .split('>')
            .map(Number)
            .sort((x, y) => x - y)
            .join(':'),
        ),
      ]);
      const coKeys = new Set(
        items.filter((i) => i.kind === 'co_seating').map((i) => i.userIds.join(':')),
      );
      const dumpKeys = new Set(
        items
          .filter((i) => i.kind === 'chip_dumping')
          .map((i) => {
            const e = i.evidence as { loser_id: number; winner_id: number };
            return `${e.loser_id}>${e.winner_id}`;
          }),
      );
      const colludersFound = pop.colluding.filter((k) => coKeys.has(k)).length;
      const dumpersFound = pop.dumping.filter((k) => dumpKeys.has(k)).length;
      const falseAlarms = items.filter((i) => !known.has(i.userIds.join(':'))).length;
      console.warn(
        `risk population: ${pop.userIds.length} accounts, ${pop.matches} matches; scan ${ms.toFixed(0)} ms; ` +
          `colluding found ${colludersFound}/5 (missed ${5 - colludersFound}), ` +
          `chip dumping found ${dumpersFound}/3 (missed ${3 - dumpersFound}), false alarms ${falseAlarms}`,
      );
      expect(colludersFound).toBeGreaterThanOrEqual(4);
      expect(dumpersFound).toBe(3);
      expect(falseAlarms).toBeLessThanOrEqual(2);

      const count = async () =>
        (
          await db()
            .select({ n: sql<number>`count(*)::int` })
            .from(riskItems)
        )[0]!.n;
      const before = await count();
      expect(first.created).toBeGreaterThan(0);
      // Again, and twice at once (two nodes): the same items, refreshed.
      const again = await scanRisk(db(), now);
      expect(again.created).toBe(0);
      const [x, y] = await Promise.all([scanRisk(db(), now), scanRisk(db(), now)]);
      expect(x.created + y.created).toBe(0);
      expect(await count()).toBe(before);
      // A dismissed item stays dismissed across scans.
      const [one] = items;
      await db()
        .update(riskItems)
        .set({ status: 'dismissed', note: 'revisado' })
        .where(eq(riskItems.id, one!.id));
      await scanRisk(db(), now);
      const [after] = await db().select().from(riskItems).where(eq(riskItems.id, one!.id));
      expect(after!.status).toBe('dismissed');
      expect(await count()).toBe(before);
      // Matches older than the window do not count.
      await db()
        .update(games)
        .set({ finishedAt: new Date(now.getTime() - 100 * 86_400_000) });
      const late = await scanRisk(db(), now);
      expect(late.total).toBeLessThan(first.total);
      expect(await db().select().from(gamePlayers).limit(1)).toHaveLength(1);
    },
    60_000,
  );
});
