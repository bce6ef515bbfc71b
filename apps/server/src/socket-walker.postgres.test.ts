import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, MSG, MSG_REALTIME, TALK_REACTIONS } from '@domino/contracts';
import type { RunningServer } from './server';
import type { AddressInfo } from 'node:net';
import { loadConfig } from './config';
import { startServer } from './server';
import { createTestDatabase, newPlayer, postgresAvailable } from './test/helpers';
import { createPrivateTable } from './test/private-tables';
import type { TestSocket } from './test/sockets';
import { ask, call, openSocket } from './test/sockets';
import { notSpanishReason } from './test/spanish';

/**
 * The socket walker (docs/decisions/048-strangers-and-acknowledgements.md): every client event of
 * CLIENT_EVENTS, and one the app does not have, sent from an anonymous socket and from a
 * logged-in stranger's socket with an ack callback and a range of payloads (none, garbage, an id
 * that names nothing, the id of another player's private table or practice match), is
 * acknowledged: a refusal carries our namespaced code and a Spanish message. The stranger's
 * answers for a hidden record and for a missing one are identical. An event added to
 * CLIENT_EVENTS without payloads below fails the walk.
 */

/** How long an ack may take on a busy machine before it counts as never coming (a bound, not a pause). */
const ACK_WAIT_MS = 10_000;
const MISSING_TABLE = 999_999_999;

type Ids = { table: number; game: string };
/** Payloads that name a record (the walker sends each with a hidden and a missing id). */
const NAMING: Partial<Record<string, (ids: Ids) => unknown>> = {
  [CLIENT_EVENTS.watchTable]: (ids) => ({ table_id: ids.table }),
  [CLIENT_EVENTS.joinGame]: (ids) => ({ game_id: ids.game }),
  [CLIENT_EVENTS.move]: (ids) => ({ game_id: ids.game, version: 0, pass: true }),
  [CLIENT_EVENTS.watchGame]: (ids) => ({ game_id: ids.game, code: 'ABC234' }),
  [CLIENT_EVENTS.talkSend]: (ids) => ({
    table_id: ids.table,
    kind: 'reaction',
    id: TALK_REACTIONS[0]!.id,
  }),
};
/** Events whose payload names nothing hidden, with one well-formed payload each. */
const PLAIN: Partial<Record<string, unknown>> = {
  [CLIENT_EVENTS.visibility]: { visible: true },
  [CLIENT_EVENTS.watchTournament]: { tournament_id: MISSING_TABLE },
  [CLIENT_EVENTS.unwatchTournament]: { tournament_id: MISSING_TABLE },
  [CLIENT_EVENTS.tournamentCalls]: undefined,
  [CLIENT_EVENTS.watchTables]: undefined,
  [CLIENT_EVENTS.unwatchTables]: undefined,
};
const GARBAGE: unknown[] = [undefined, null, 'texto', 42, [], { x: 1 }, { table_id: 'uno' }];

/** What is wrong with an ack (empty when it is an answer: ok, or a Spanish refusal with our code). */
function problemsOf(ack: unknown): string[] {
  if (ack === 'no answer') return ['no answer'];
  if (!ack || typeof ack !== 'object') return [`not an object: ${JSON.stringify(ack)}`];
  const a = ack as { ok?: unknown; code?: unknown; message?: unknown };
  if (a.ok === true) return [];
  const out: string[] = [];
  if (a.ok !== false) out.push(`ok is ${JSON.stringify(a.ok)}`);
  if (typeof a.code !== 'string' || !/^[a-z][a-z_]*\/[a-z][a-z_]*$/.test(a.code))
    out.push(`code ${JSON.stringify(a.code)} is not ours`);
  const why = notSpanishReason(a.message);
  if (why) out.push(`message ${JSON.stringify(a.message)}: ${why}`);
  return out;
}

const pg = await postgresAvailable();

describe.skipIf(!pg)('socket walker: every client message is answered (PostgreSQL)', () => {
  let server: RunningServer;
  let closeDb: () => Promise<void>;
  let base: string;
  const opened: TestSocket[] = [];
  let anonymous: TestSocket;
  let stranger: TestSocket;
  let strangerId: number;
  let hidden: Ids;

  async function register(): Promise<{ id: number; token: string }> {
    const reg = await call<{ token: string; user: { id: number } }>(
      base,
      'POST',
      '/api/register_api',
      { body: newPlayer() },
    );
    expect(reg.status).toBe(201);
    return { id: reg.body.user.id, token: reg.body.token };
  }

  beforeAll(async () => {
    const database = await createTestDatabase('postgres');
    closeDb = () => database.close();
    server = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST: '',
        DATABASE_URL: database.url!,
        PORT: '0',
        HOST: '127.0.0.1',
        SWEEPER_INTERVAL_MS: '0',
        ADMIN_EMAIL: 'admin@walker.local',
        ADMIN_PASSWORD: 'AdminPass123',
        AVAILABILITY_LIMIT_PER_MINUTE: '100000',
      }),
    );
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const host = await register();
    const me = await register();
    strangerId = me.id;
    const table = await createPrivateTable(server.app.deps.database.db, {
      hostUserId: host.id,
      seated: [host.id],
    });
    const practice = await call<{ game_id: string }>(base, 'POST', '/api/practice-games', {
      token: host.token,
      body: { difficulty: 'facil' },
    });
    expect(practice.status).toBe(201);
    hidden = { table: table.id, game: practice.body.game_id };
    anonymous = await openSocket(base);
    stranger = await openSocket(base, me.token);
    opened.push(anonymous, stranger);
  }, 120_000);
  afterAll(async () => {
    for (const s of opened) s.socket.close();
    await server?.close();
    await closeDb?.();
  });

  /** Sends and waits for the ack; the stranger's talk allowance is reset so it never runs out. */
  async function send(s: TestSocket, event: string, payload: unknown) {
    await server.app.deps.limiters.talk.delete(String(strangerId));
    return ask(s.socket, event, payload, ACK_WAIT_MS);
  }

  it('knows a payload for every client event', () => {
    for (const event of Object.values(CLIENT_EVENTS))
      expect(event in NAMING || event in PLAIN, `add ${event} to NAMING or PLAIN`).toBe(true);
  });

  it('acknowledges every event, with every payload, from anonymous and stranger sockets', async () => {
    const problems: string[] = [];
    const missing: Ids = { table: MISSING_TABLE, game: randomUUID() };
    for (const [who, s] of [
      ['anonymous', anonymous],
      ['stranger', stranger],
    ] as const) {
      for (const event of [...Object.values(CLIENT_EVENTS), 'evento:inventado']) {
        const payloads = [
          ...GARBAGE,
          ...(NAMING[event] ? [NAMING[event](missing), NAMING[event](hidden)] : []),
          ...(event in PLAIN ? [PLAIN[event]] : []),
        ];
        for (const payload of payloads) {
          const ack = await send(s, event, payload);
          for (const p of problemsOf(ack))
            problems.push(`${who} ${event} ${JSON.stringify(payload)}: ${p}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses an event the app does not have, and a session event of an anonymous socket', async () => {
    for (const s of [anonymous, stranger])
      expect(await send(s, 'evento:inventado', { x: 1 })).toEqual({
        ok: false,
        code: 'realtime/unknown_event',
        message: MSG_REALTIME.unknownEvent,
      });
    for (const event of [
      CLIENT_EVENTS.joinGame,
      CLIENT_EVENTS.move,
      CLIENT_EVENTS.talkSend,
      CLIENT_EVENTS.watchGame,
      CLIENT_EVENTS.visibility,
    ])
      expect(await send(anonymous, event, { game_id: hidden.game })).toEqual({
        ok: false,
        code: 'auth/unauthenticated',
        message: MSG.unauthenticated,
      });
  });

  it('answers a stranger alike for a hidden record and a missing one', async () => {
    const missing: Ids = { table: MISSING_TABLE, game: randomUUID() };
    const differences: string[] = [];
    for (const [event, make] of Object.entries(NAMING)) {
      const forMissing = await send(stranger, event, make!(missing));
      const forHidden = await send(stranger, event, make!(hidden));
      if (JSON.stringify(forHidden) !== JSON.stringify(forMissing))
        differences.push(
          `${event}: hidden ${JSON.stringify(forHidden)} / missing ${JSON.stringify(forMissing)}`,
        );
      expect((forHidden as { ok?: unknown }).ok, event).toBe(false);
    }
    expect(differences).toEqual([]);
  });
});
