import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TalkMessage } from '@domino/contracts';
import {
  CLIENT_EVENTS,
  MSG,
  MSG_TALK,
  SERVER_EVENTS,
  TALK_CATCH_UP_PAGE,
  TALK_PHRASES,
  TALK_RATE_LIMIT,
  TALK_TEXT_MAX,
  rulesToConfig,
  talkMessageSchema,
} from '@domino/contracts';
import { loadConfig } from '../../config';
import {
  auditLog,
  gameTables,
  games,
  tableMessages,
  tableSeats,
  talkReports,
} from '../../db/schema';
import type { RunningServer } from '../../server';
import { startServer } from '../../server';
import { createTestDatabase, newPlayer, postgresAvailable } from '../../test/helpers';
import type { TestSocket } from '../../test/sockets';
import { ask, call, openSocket, roundTrip } from '../../test/sockets';
import { createTableMatch } from '../games/create';

/**
 * Table talk end to end on real PostgreSQL over real Socket.IO connections (decision 023): who
 * may talk and who receives (seated players only, never spectators, strangers or anonymous
 * sockets), what may be said when (reactions and quick phrases during a hand, free text only at
 * a private table's waiting room, phrases bound to the moment), the profanity filter, input
 * hygiene, the rate limit, mutes applied by the server on the wire, reports that keep the
 * transcript, the staff decisions (audited) and the chat ban, and ended sessions.
 */
const pg = await postgresAvailable();

describe.skipIf(!pg)('table talk (PostgreSQL, Socket.IO)', () => {
  let server: RunningServer;
  let closeDb: () => Promise<void>;
  let base: string;
  let adminToken: string;
  const opened: TestSocket[] = [];

  interface Player {
    id: number;
    token: string;
    email: string;
    name: string;
    s: TestSocket;
  }

  const db = () => server.app.deps.database.db;

  async function player(name = 'Jugador Prueba'): Promise<Player> {
    const p = newPlayer({ name });
    const reg = await call<{ token: string; user: { id: number } }>(
      base,
      'POST',
      '/api/register_api',
      {
        body: p,
      },
    );
    expect(reg.status).toBe(201);
    const s = await openSocket(base, reg.body.token);
    opened.push(s);
    return { id: reg.body.user.id, token: reg.body.token, email: p.email, name, s };
  }

  let tableSeq = 0;
  /** A table row made directly: private (host, invitation code, entry 0) or public. */
  async function table(visibility: 'public' | 'private', host: Player): Promise<number> {
    tableSeq += 1;
    const [demo] = await db().select({ rules: gameTables.rules }).from(gameTables).limit(1);
    const [t] = await db()
      .insert(gameTables)
      .values({
        name: `Mesa charla ${tableSeq}`,
        entryPriceCents: visibility === 'private' ? 0 : 50_000,
        rules: demo!.rules,
        visibility,
        hostUserId: visibility === 'private' ? host.id : null,
        inviteCode:
          visibility === 'private'
            ? `T${String(tableSeq).padStart(2, '0')}${Math.random().toString(36).slice(2, 5).toUpperCase()}`
            : null,
      })
      .returning({ id: gameTables.id });
    return t!.id;
  }

  async function seat(tableId: number, players: Player[]): Promise<void> {
    await db()
      .insert(tableSeats)
      .values(players.map((p, i) => ({ tableId, seat: i, userId: p.id, entryCents: 0 })));
  }

  /** Starts the table's match (as the join that fills the last seat does). */
  async function startMatch(tableId: number, players: Player[]): Promise<string> {
    const [t] = await db().select().from(gameTables).where(eq(gameTables.id, tableId));
    return db().transaction((tx) =>
      createTableMatch(tx, {
        tableId,
        tableName: t!.name,
        round: t!.round,
        config: rulesToConfig(t!.rules),
        serverSeed: 'a'.repeat(64),
        seats: players.map((p, i) => ({ seat: i, userId: p.id, clientSeed: `seed${i}` })),
        entryCents: 0,
        houseFeeBps: 0,
        potShareBps: 0,
        startsAt: new Date(),
        timing: { botMinDelayMs: 0, botMaxDelayMs: 0, handPauseMs: 0 },
      }),
    );
  }

  /** Sends over the player's socket; the rate limit is reset first (its own test counts it). */
  const send = async (p: Player, payload: unknown) => {
    await server.app.deps.limiters.talk.delete(String(p.id));
    return sendCounted(p, payload);
  };
  const sendCounted = (p: Player, payload: unknown) =>
    ask(p.s.socket, CLIENT_EVENTS.talkSend, payload, 3_000);
  const talkOf = (p: Player) =>
    p.s.received
      .filter((r) => r.event === SERVER_EVENTS.talkMessage)
      .map((r) => r.payload as TalkMessage);
  /**
   * Waits until the pushes of one send have arrived on every socket: a message is pushed before
   * its send is answered (one node), so a round trip on each open socket comes after them.
   */
  const settle = () =>
    Promise.all(opened.filter((s) => s.socket.connected).map((s) => roundTrip(s.socket)));

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
        SESSION_SWEEP_MS: '0',
        ADMIN_EMAIL: 'admin@talk.local',
        ADMIN_PASSWORD: 'AdminPass123',
        AVAILABILITY_LIMIT_PER_MINUTE: '100000',
      }),
    );
    const { port } = server.app.server.address() as AddressInfo;
    base = `http://127.0.0.1:${port}`;
    adminToken = (
      await call<{ token: string }>(base, 'POST', '/api/login_api', {
        body: { email: 'admin@talk.local', password: 'AdminPass123' },
      })
    ).body.token;
  }, 60_000);

  afterAll(async () => {
    for (const s of opened) s.socket.close();
    await server?.close();
    await closeDb?.();
  });

  it('delivers reactions and quick phrases to the other seats only, by id, never by text', async () => {
    const [a, b, c, d] = [
      await player('Ana Pérez'),
      await player('Beto Díaz'),
      await player(),
      await player(),
    ];
    const stranger = await player();
    const anonymous = await openSocket(base);
    opened.push(anonymous);
    const tableId = await table('public', a);
    await seat(tableId, [a, b, c, d]);

    const ack = await send(a, { table_id: tableId, kind: 'phrase', id: 'suerte' });
    expect(ack).toMatchObject({
      ok: true,
      message: { kind: 'phrase', ref: 'suerte', body: '¡Suerte!' },
    });
    const reaction = await send(b, { table_id: tableId, kind: 'reaction', id: 'aplausos' });
    expect(reaction).toMatchObject({ ok: true, message: { kind: 'reaction', body: '👏' } });
    await settle();

    for (const p of [a, b, c, d]) {
      const got = talkOf(p);
      expect(got.map((m) => m.body)).toEqual(['¡Suerte!', '👏']);
      // Exactly the message shape: no hand, no seed, nothing else rides along.
      for (const m of got) expect(talkMessageSchema.strict().safeParse(m).success).toBe(true);
      expect(got[0]!.from).toEqual({ user_id: a.id, name: 'Ana P.', seat: 0 });
    }
    expect(talkOf(stranger)).toEqual([]);
    expect(anonymous.received.filter((r) => r.event === SERVER_EVENTS.talkMessage)).toEqual([]);

    // Text dressed as a phrase, unknown ids, malformed payloads: refused, nothing stored.
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(tableMessages);
    for (const bad of [
      { table_id: tableId, kind: 'phrase', id: 'no_tengo' },
      { table_id: tableId, kind: 'phrase', text: 'juega al 5' },
      { table_id: tableId, kind: 'reaction', id: '🖕' },
      { table_id: tableId, kind: 'grito', text: 'hola' },
      { table_id: '1', kind: 'phrase', id: 'suerte' },
      null,
    ]) {
      const res = await send(c, bad);
      expect(res, JSON.stringify(bad)).toMatchObject({ ok: false });
      expect((res as { message: string }).message).toMatch(/[áéíóúñ¿¡]|mensaje|Elige/);
    }
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(tableMessages);
    expect(after[0]!.n).toBe(before[0]!.n);

    // Strangers and anonymous sockets cannot talk at the table nor read it; the anonymous socket
    // is told to log in (decision 048: every message is answered).
    expect(await send(stranger, { table_id: tableId, kind: 'phrase', id: 'hola' })).toEqual({
      ok: false,
      code: 'talk/not_seated',
      message: MSG_TALK.notSeated,
    });
    expect(
      await ask(
        anonymous.socket,
        CLIENT_EVENTS.talkSend,
        { table_id: tableId, kind: 'phrase', id: 'hola' },
        5_000,
      ),
    ).toEqual({ ok: false, code: 'auth/unauthenticated', message: MSG.unauthenticated });
    expect(
      (await call(base, 'GET', `/api/talk/tables/${tableId}`, { token: stranger.token })).status,
    ).toBe(403);
    expect((await call(base, 'GET', `/api/talk/tables/${tableId}`)).status).toBe(401);
    expect(await send(a, { table_id: 999999, kind: 'phrase', id: 'hola' })).toMatchObject({
      ok: false,
      code: 'talk/not_found',
    });

    // Free text at a public table: refused even in the waiting room.
    expect(await send(a, { table_id: tableId, kind: 'text', text: 'hola a todos' })).toEqual({
      ok: false,
      code: 'talk/text_public',
      message: MSG_TALK.textPublicTable,
    });
  });

  it('allows free text only in a private table’s waiting room, filtered and checked', async () => {
    const [a, b] = [await player('Carla Rivas'), await player('Diego Mora')];
    const tableId = await table('private', a);
    await seat(tableId, [a, b]);

    const ok = await send(a, { table_id: tableId, kind: 'text', text: '  ¿Listos?\nvamos  ' });
    expect(ok).toMatchObject({
      ok: true,
      message: { kind: 'text', ref: null, body: '¿Listos? vamos' },
    });
    // Profanity is masked (decision 023: delivered masked and flagged for staff).
    const rude = await send(b, { table_id: tableId, kind: 'text', text: 'qué mierda pendejo' });
    expect(rude).toMatchObject({ ok: true, message: { body: 'qué *** ***' } });
    await settle();
    expect(talkOf(a).map((m) => m.body)).toEqual(['¿Listos? vamos', 'qué *** ***']);
    const stored = await db()
      .select({
        body: tableMessages.body,
        flagged: tableMessages.flagged,
        gameId: tableMessages.gameId,
      })
      .from(tableMessages)
      .where(eq(tableMessages.tableId, tableId));
    expect(stored).toEqual([
      { body: '¿Listos? vamos', flagged: false, gameId: null },
      { body: 'qué *** ***', flagged: true, gameId: null },
    ]);

    for (const [text, code] of [
      ['hola\u0007', 'talk/text_control'],
      ['ho\u200bla', 'talk/text_control'],
      ['   ', 'talk/text_empty'],
      ['x'.repeat(201), 'talk/text_too_long'],
      // Longer than the payload schema takes: still "too long", with the limit (decision 048).
      ['x'.repeat(2_001), 'talk/text_too_long'],
      ['x'.repeat(100_000), 'talk/text_too_long'],
    ] as const) {
      const refused = await send(a, { table_id: tableId, kind: 'text', text });
      expect(refused).toMatchObject({ ok: false, code });
      if (code === 'talk/text_too_long') {
        const message = (refused as { message?: unknown }).message;
        expect(message).toBe(MSG_TALK.textTooLong);
        expect(message).toContain(String(TALK_TEXT_MAX));
      }
    }
    // NUL is refused by the input guard of every socket event (decision 014).
    expect(await send(a, { table_id: tableId, kind: 'text', text: 'a\u0000b' })).toMatchObject({
      ok: false,
      code: 'input/invalid_characters',
    });
    const state = await call<{ free_text: boolean; moment: string; phrases: string[] }>(
      base,
      'GET',
      `/api/talk/tables/${tableId}`,
      { token: a.token },
    );
    expect(state.body).toMatchObject({ moment: 'waiting', free_text: true });
    expect(state.body.phrases).toContain('revancha');
  });

  it('during a hand allows only reactions and the phrases of the moment; between hands, those naming what happened', async () => {
    const players = [await player(), await player(), await player(), await player()];
    const [a, b] = players as [Player, Player];
    const tableId = await table('private', a);
    await seat(tableId, players);
    const gameId = await startMatch(tableId, players);

    expect(await send(a, { table_id: tableId, kind: 'text', text: 'tengo el doble seis' })).toEqual(
      {
        ok: false,
        code: 'talk/text_during_match',
        message: MSG_TALK.textDuringMatch,
      },
    );
    for (const id of [
      'buena_partida',
      'revancha',
      'un_momento',
      'capicua',
      'que_tranque',
      'bien_jugado_companero',
      'ups',
    ]) {
      expect(await send(b, { table_id: tableId, kind: 'phrase', id }), id).toMatchObject({
        ok: false,
        code: 'talk/not_now',
      });
    }
    expect(await send(a, { table_id: tableId, kind: 'reaction', id: 'fuego' })).toMatchObject({
      ok: true,
    });
    const inHand = await send(a, { table_id: tableId, kind: 'phrase', id: 'buena_jugada' });
    expect(inHand).toMatchObject({ ok: true });
    const [row] = await db()
      .select()
      .from(tableMessages)
      .where(eq(tableMessages.id, (inHand as { message: TalkMessage }).message.id));
    expect(row!.gameId).toBe(gameId);
    const during = await call<{ moment: string; phrases: string[]; free_text: boolean }>(
      base,
      'GET',
      `/api/talk/tables/${tableId}`,
      { token: a.token },
    );
    expect(during.body).toMatchObject({ moment: 'hand', free_text: false });
    expect(during.body.phrases).toEqual(
      TALK_PHRASES.filter((p) => p.moment === 'any').map((p) => p.id),
    );

    // Between hands: the last hand ended in a tranque and no tile of the next one is down.
    await db().execute(sql`
      update games set state = jsonb_set(state, '{history}', jsonb_build_array(jsonb_build_object(
        'handNumber', 1, 'ending', 'tranque', 'bonuses', '[]'::jsonb))) where id = ${gameId}`);
    expect(await send(b, { table_id: tableId, kind: 'phrase', id: 'que_tranque' })).toMatchObject({
      ok: true,
    });
    expect(await send(b, { table_id: tableId, kind: 'phrase', id: 'capicua' })).toMatchObject({
      code: 'talk/not_now',
    });
    expect(
      await send(b, { table_id: tableId, kind: 'phrase', id: 'bien_jugado_companero' }),
    ).toMatchObject({ ok: true });
    // The next hand is already dealt, so free text stays refused.
    expect(await send(b, { table_id: tableId, kind: 'text', text: 'hola' })).toMatchObject({
      code: 'talk/text_during_match',
    });
    const between = await call<{ moment: string }>(base, 'GET', `/api/talk/tables/${tableId}`, {
      token: a.token,
    });
    expect(between.body.moment).toBe('between_hands');

    // After the match (seats freed, next round): its players still talk for a while, freely.
    await db()
      .update(games)
      .set({ status: 'finished', finishedAt: new Date() })
      .where(eq(games.id, gameId));
    await db().delete(tableSeats).where(eq(tableSeats.tableId, tableId));
    await db()
      .update(gameTables)
      .set({ round: sql`${gameTables.round} + 1` })
      .where(eq(gameTables.id, tableId));
    expect(await send(a, { table_id: tableId, kind: 'phrase', id: 'buena_partida' })).toMatchObject(
      { ok: true },
    );
    expect(await send(a, { table_id: tableId, kind: 'text', text: '¿otra?' })).toMatchObject({
      ok: true,
    });
    await db()
      .update(games)
      .set({ finishedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(games.id, gameId));
    expect(await send(a, { table_id: tableId, kind: 'phrase', id: 'hola' })).toMatchObject({
      code: 'talk/not_seated',
    });
  });

  it('limits each player to a few messages per window', async () => {
    const [a, b] = [await player(), await player()];
    const tableId = await table('public', a);
    await seat(tableId, [a, b]);
    await server.app.deps.limiters.talk.delete(String(a.id));
    for (let i = 0; i < TALK_RATE_LIMIT.points; i++) {
      expect(
        await sendCounted(a, { table_id: tableId, kind: 'reaction', id: 'risa' }),
      ).toMatchObject({ ok: true });
    }
    expect(await sendCounted(a, { table_id: tableId, kind: 'reaction', id: 'risa' })).toEqual({
      ok: false,
      code: 'rate/limited',
      message: MSG_TALK.rateLimited,
    });
    // Another player is not affected.
    expect(await send(b, { table_id: tableId, kind: 'reaction', id: 'risa' })).toMatchObject({
      ok: true,
    });
  });

  it('applies a mute on the server: the muter receives nothing of the muted player, until unmuted', async () => {
    const [a, b, c] = [await player(), await player(), await player()];
    const tableId = await table('private', a);
    await seat(tableId, [a, b, c]);

    expect((await call(base, 'PUT', `/api/talk/mutes/${b.id}`, { token: b.token })).status).toBe(
      422,
    );
    expect((await call(base, 'PUT', `/api/talk/mutes/99999999`, { token: b.token })).status).toBe(
      404,
    );
    const muted = await call<{ muted: number[]; message: string }>(
      base,
      'PUT',
      `/api/talk/mutes/${a.id}`,
      { token: b.token },
    );
    expect(muted.body).toEqual({ muted: [a.id], message: MSG_TALK.muted });

    const sent = (await send(a, { table_id: tableId, kind: 'text', text: 'me silenciaste' })) as {
      message: TalkMessage;
    };
    await settle();
    // On the wire: B's socket never got it, C's did.
    expect(
      b.s.received.some((r) => (r.payload as TalkMessage | null)?.id === sent.message.id),
    ).toBe(false);
    expect(talkOf(c).map((m) => m.id)).toContain(sent.message.id);
    const bState = await call<{ messages: TalkMessage[]; muted: number[] }>(
      base,
      'GET',
      `/api/talk/tables/${tableId}`,
      { token: b.token },
    );
    expect(bState.body.messages.map((m) => m.from.user_id)).not.toContain(a.id);
    expect(bState.body.muted).toEqual([a.id]);

    const unmuted = await call<{ muted: number[] }>(base, 'DELETE', `/api/talk/mutes/${a.id}`, {
      token: b.token,
    });
    expect(unmuted.body.muted).toEqual([]);
    const again = (await send(a, { table_id: tableId, kind: 'phrase', id: 'hola' })) as {
      message: TalkMessage;
    };
    await settle();
    expect(talkOf(b).map((m) => m.id)).toContain(again.message.id);
  });

  it('catches a reconnected player up from a message id: every later message once, in order, in pages (decision 064)', async () => {
    const [a, b, c] = [await player(), await player(), await player()];
    const stranger = await player();
    const tableId = await table('private', a);
    await seat(tableId, [a, b, c]);
    type State = { messages: TalkMessage[]; muted: number[]; more: boolean };
    const read = (p: Player, since?: number | string) =>
      call<State>(
        base,
        'GET',
        `/api/talk/tables/${tableId}${since === undefined ? '' : `?since=${since}`}`,
        { token: p.token },
      );

    // What C got before the blip: its cursor is the last message it holds.
    const seen = (await send(a, { table_id: tableId, kind: 'phrase', id: 'hola' })) as {
      message: TalkMessage;
    };
    // While C is away: more than two pages of talk (written directly, past the rate limit).
    const [{ round }] = (await db()
      .select({ round: gameTables.round })
      .from(gameTables)
      .where(eq(gameTables.id, tableId))) as [{ round: number }];
    const missed = await db()
      .insert(tableMessages)
      .values(
        Array.from({ length: TALK_CATCH_UP_PAGE * 2 + 7 }, (_, i) => ({
          tableId,
          round,
          userId: i % 2 ? a.id : b.id,
          kind: 'phrase' as const,
          ref: 'suerte',
          body: '¡Suerte!',
        })),
      )
      .returning({ id: tableMessages.id });
    // Said a minute ago, during the blip (and the cursor's message before it).
    await db()
      .update(tableMessages)
      .set({ createdAt: sql`now() - interval '1 minute'` })
      .where(
        and(eq(tableMessages.tableId, tableId), sql`${tableMessages.id} > ${seen.message.id}`),
      );
    await db()
      .update(tableMessages)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(tableMessages.id, seen.message.id));
    expect((await read(c)).body).toMatchObject({ more: false });
    expect((await read(c)).body.messages).toHaveLength(30);

    const pages: State[] = [];
    let cursor = seen.message.id;
    for (;;) {
      const page = await read(c, cursor);
      expect(page.status).toBe(200);
      pages.push(page.body);
      if (!page.body.more) break;
      cursor = page.body.messages.at(-1)!.id;
    }
    expect(pages).toHaveLength(3);
    const got = pages.flatMap((p) => p.messages.map((m) => m.id));
    // Page two starts with the overlap of page one's messages (written in the same moment, lower
    // ids); merged by id, everything missed arrives exactly once and in order.
    const merged = [...new Set(got)].sort((x, y) => x - y);
    expect(merged).toEqual(missed.map((m) => m.id));
    for (const p of pages) {
      const ids = p.messages.map((m) => m.id);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
    }

    // A message with a lower id that became visible after the cursor's own (written within the
    // overlap) still comes; one written long before does not.
    const reservedRows = await db().execute(
      sql`select nextval(pg_get_serial_sequence('table_messages', 'id'))::text as id`,
    );
    const reserved = (reservedRows as unknown as { rows: { id: string }[] }).rows[0]!.id;
    const pushed = (await send(b, { table_id: tableId, kind: 'phrase', id: 'gracias' })) as {
      message: TalkMessage;
    };
    await db()
      .insert(tableMessages)
      .values({
        id: Number(reserved),
        tableId,
        round,
        userId: a.id,
        kind: 'phrase',
        ref: 'hola',
        body: '¡Hola!',
      });
    const late = await read(c, pushed.message.id);
    expect(late.body.messages.map((m) => m.id)).toContain(Number(reserved));
    await db()
      .update(tableMessages)
      .set({ createdAt: sql`now() - interval '10 seconds'` })
      .where(eq(tableMessages.id, Number(reserved)));
    expect((await read(c, pushed.message.id)).body.messages.map((m) => m.id)).toEqual([]);

    // The same rules as the recent read: the muted are left out, strangers refused alike, a bad
    // cursor is a Spanish 422.
    await call(base, 'PUT', `/api/talk/mutes/${a.id}`, { token: c.token });
    const unmuted = (await read(c, seen.message.id)).body.messages;
    expect(unmuted.length).toBeGreaterThan(0);
    expect(unmuted.every((m) => m.from.user_id !== a.id)).toBe(true);
    const refused = await read(stranger, seen.message.id);
    expect(refused.status).not.toBe(200);
    expect(refused).toEqual(await read(stranger));
    const bad = await read(c, 'x1');
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 'validation/failed', message: MSG.formHasErrors });
  });

  it('keeps the transcript in a report; staff dismiss or ban (audited) and the ban holds', async () => {
    const [a, b, c] = [await player('Eva Lugo Soto'), await player('Fabio Ruiz'), await player()];
    const outsider = await player();
    const tableId = await table('private', a);
    await seat(tableId, [a, b, c]);
    await send(a, { table_id: tableId, kind: 'text', text: 'eres un pendejo' });
    await send(b, { table_id: tableId, kind: 'phrase', id: 'gracias' });

    const report = (body: unknown, token = b.token) =>
      call<{ id?: number; code?: string; message: string }>(base, 'POST', '/api/talk/reports', {
        token,
        body,
      });
    expect(
      (await report({ table_id: tableId, user_id: c.id, reason: 'insultos' })).body,
    ).toMatchObject({ code: 'talk/report_no_messages', message: MSG_TALK.reportNoMessages });
    expect(
      (await report({ table_id: tableId, user_id: b.id, reason: 'insultos' })).body,
    ).toMatchObject({ code: 'talk/report_self' });
    expect(
      (await report({ table_id: tableId, user_id: a.id, reason: 'insultos' }, outsider.token)).body,
    ).toEqual({ code: 'talk/not_found', message: MSG_TALK.notFound }); // a private table (048)
    expect((await report({ table_id: tableId, user_id: a.id, reason: 'nada' })).status).toBe(422);
    const made = await report({ table_id: tableId, user_id: a.id, reason: 'insultos' });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe(MSG_TALK.reported);
    expect((await report({ table_id: tableId, user_id: a.id, reason: 'spam' })).status).toBe(409);

    // The transcript is a copy: deleting nothing, changing the live messages later changes nothing.
    const [row] = await db().select().from(talkReports).where(eq(talkReports.id, made.body.id!));
    expect(row!.transcript.map((l) => [l.name, l.body, l.flagged])).toEqual([
      ['Eva Lugo Soto', 'eres un ***', true],
      ['Fabio Ruiz', 'Gracias', false],
    ]);

    // Staff console: only staff read the reports.
    expect((await call(base, 'GET', '/api/admin/talk-reports', { token: b.token })).status).toBe(
      403,
    );
    const list = await call<{
      data: { id: number; reported: { id: number }; transcript: unknown[] }[];
    }>(base, 'GET', '/api/admin/talk-reports', { token: adminToken });
    const listed = list.body.data.find((r) => r.id === made.body.id);
    expect(listed).toMatchObject({ reported: { id: a.id } });
    expect(listed!.transcript).toHaveLength(2);

    // Another report, dismissed.
    await send(c, { table_id: tableId, kind: 'reaction', id: 'uf' });
    const other = await report({ table_id: tableId, user_id: c.id, reason: 'spam' });
    const dismissed = await call<{ report: { status: string } }>(
      base,
      'POST',
      `/api/admin/talk-reports/${other.body.id}/dismiss`,
      { token: adminToken },
    );
    expect(dismissed.body.report.status).toBe('dismissed');
    expect(
      (
        await call(base, 'POST', `/api/admin/talk-reports/${other.body.id}/dismiss`, {
          token: adminToken,
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call(base, 'POST', `/api/admin/talk-reports/${made.body.id}/ban`, {
          token: b.token,
          body: { days: 7 },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(base, 'POST', `/api/admin/talk-reports/${made.body.id}/ban`, {
          token: adminToken,
          body: { days: 3 },
        })
      ).status,
    ).toBe(422);

    const banned = await call<{ report: { status: string; resolution: string }; message: string }>(
      base,
      'POST',
      `/api/admin/talk-reports/${made.body.id}/ban`,
      { token: adminToken, body: { days: 1 } },
    );
    expect(banned.status).toBe(200);
    expect(banned.body.report).toMatchObject({
      status: 'banned',
      resolution: 'Silenciado 24 horas',
    });

    const audits = await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} like 'talk.%'`);
    expect(audits.find((x) => x.action === 'talk.chat_ban')).toMatchObject({
      targetType: 'user',
      targetId: String(a.id),
    });
    expect(audits.find((x) => x.action === 'talk.report_dismissed')).toMatchObject({
      targetId: String(other.body.id),
    });

    // The ban: the player cannot send anything, anywhere, with a Spanish refusal; others can.
    const refused = await send(a, { table_id: tableId, kind: 'reaction', id: 'aplausos' });
    expect(refused).toMatchObject({ ok: false, code: 'talk/banned' });
    expect((refused as { message: string }).message).toMatch(
      /^No puedes enviar mensajes en las mesas hasta el /,
    );
    const aState = await call<{ can_talk: boolean; banned_until: string | null }>(
      base,
      'GET',
      `/api/talk/tables/${tableId}`,
      { token: a.token },
    );
    expect(aState.body.can_talk).toBe(false);
    expect(aState.body.banned_until).not.toBeNull();
    expect(await send(c, { table_id: tableId, kind: 'reaction', id: 'aplausos' })).toMatchObject({
      ok: true,
    });
    const messagesOfA = await db()
      .select()
      .from(tableMessages)
      .where(and(eq(tableMessages.tableId, tableId), eq(tableMessages.userId, a.id)));
    expect(messagesOfA).toHaveLength(1);
  });

  it('serves nothing to an ended session', async () => {
    const a = await player();
    const b = await player();
    const tableId = await table('public', a);
    await seat(tableId, [a, b]);
    const out = await call(base, 'POST', '/api/logout', { token: a.token });
    expect(out.status).toBe(200);
    const end = await a.s.ended;
    expect(end.reason).toBe('io server disconnect');
    expect(await send(a, { table_id: tableId, kind: 'phrase', id: 'hola' })).toBe('no answer');
    expect(
      (await call(base, 'GET', `/api/talk/tables/${tableId}`, { token: a.token })).status,
    ).toBe(401);
    expect((await call(base, 'PUT', `/api/talk/mutes/${b.id}`, { token: a.token })).status).toBe(
      401,
    );
    await expect(openSocket(base, a.token)).rejects.toMatchObject({
      data: { code: 'auth/session_ended' },
    });
  });
});
