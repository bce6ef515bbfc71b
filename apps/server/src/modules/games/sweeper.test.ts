import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { games, users } from '../../db/schema';
import { RealtimeHub } from '../realtime/hub';
import { createTestDatabase } from '../../test/helpers';
import { eventually } from '../../test/sockets';
import type { Move } from '@domino/domino';
import type { BotPolicy } from './bots';
import type { GamesContext } from './context';
import { createPracticeGame } from './create';
import { Sweeper, dueAlarmFor, sweepDelayMs } from './sweeper';

/**
 * When the sweeper polls (sweeper.ts; docs/decisions/078-jobs-sleep-while-idle.md): its quick
 * cadence while games move on its node, a long sleep while none does, woken by the due times its
 * node hands out, and the due times other nodes wrote found at its idle poll.
 */

/** A deterministic test double: the first legal move of the view. */
const firstLegal: BotPolicy = (view) => {
  const m = view.legalMoves[0];
  if (!m) throw new Error('bot asked to move without legal moves');
  return m as Move;
};

const log = { error: () => undefined } as unknown as FastifyBaseLogger;

describe('sweepDelayMs', () => {
  const at = (busy: boolean, nextInMs: number | null, sinceAnnouncedMs: number) =>
    sweepDelayMs({ busy, nextInMs, sinceAnnouncedMs }, 200, 1_000);

  it('keeps the interval while due games remain or games moved on this node within idleMs', () => {
    expect(at(true, null, Infinity)).toBe(200);
    expect(at(false, null, 999)).toBe(200);
    expect(at(false, 30_000, 0)).toBe(200);
  });

  it('otherwise sleeps until the next due time it read, between the interval and idleMs', () => {
    expect(at(false, null, 1_000)).toBe(1_000);
    expect(at(false, 30_000, Infinity)).toBe(1_000);
    expect(at(false, 450, Infinity)).toBe(450);
    expect(at(false, 20, Infinity)).toBe(200);
  });
});

describe('the sweeper between polls', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let userId: number;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const [user] = await database.db
      .insert(users)
      .values({
        name: 'Sweep',
        email: 'sweep@example.com',
        username: 'sweepwake',
        typeIdentification: 'V',
        nIdentification: '12345679',
        phone: '04140000001',
        passwordHash: 'x',
      })
      .returning();
    userId = user!.id;
  });
  afterAll(async () => {
    await database.close();
  });

  const context = (announce: boolean): GamesContext => ({
    db: database.db,
    hub: new RealtimeHub(),
    bots: firstLegal,
    timing: {
      botMinDelayMs: 0,
      botMaxDelayMs: 0,
      handPauseMs: 0,
      ...(announce ? { onDue: dueAlarmFor(database.db).announce } : {}),
    },
    tableMatchFinished: () => undefined,
  });

  const status = async (id: string) =>
    (await database.db.select().from(games).where(eq(games.id, id)))[0]?.status;
  const finished = (id: string) =>
    eventually('the match to finish', async () => (await status(id)) === 'finished', 60_000);
  const asleep = (sweeper: Sweeper) =>
    eventually('the sweeper to sleep', () => sweeper.nextPollAt - performance.now() > 60_000);

  it('wakes from a ten-minute idle sleep for a due time handed out on its node', async () => {
    const ctx = context(true);
    const sweeper = new Sweeper(ctx, 20, log, 1, 600_000);
    sweeper.start();
    try {
      // Its first poll finds nothing due and nothing announced: it sleeps its idle time.
      await asleep(sweeper);
      // Turn time 1 ms: every turn is due at once, so the bots play the whole match; each move
      // hands out the next due time, which keeps the sweeper at its interval until the end.
      const id = await createPracticeGame(ctx, userId, 'facil', 0.001);
      await finished(id);
    } finally {
      await sweeper.stop();
    }
  });

  it('finds a due time written without announcement (another node) at its idle poll', async () => {
    const writer = context(false);
    const sweeper = new Sweeper(context(true), 20, log, 1, 300);
    sweeper.start();
    try {
      const id = await createPracticeGame(writer, userId, 'facil', 0.001);
      await finished(id);
    } finally {
      await sweeper.stop();
    }
  });

  it('stops listening when stopped: an announcement then starts no poll', async () => {
    const ctx = context(true);
    const sweeper = new Sweeper(ctx, 20, log, 1, 600_000);
    sweeper.start();
    await asleep(sweeper);
    await sweeper.stop();
    await createPracticeGame(ctx, userId, 'facil', 60);
    expect(sweeper.nextPollAt).toBe(Infinity);
  });
});
