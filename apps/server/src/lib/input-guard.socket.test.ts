import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { GAME_MESSAGES, INPUT_CODES, MSG_INPUT, MSG_TABLES } from '@domino/contracts';
import type { RunningServer } from '../server';
import { startMemoryServer } from '../test/memory-server';
import { newPlayer } from '../test/helpers';
import { roundTrip } from '../test/sockets';

/**
 * The input guard over a real Socket.IO connection (decision 014): a client message
 * carrying NUL or a lone surrogate is answered `{ok: false, code, message}` in Spanish and never
 * reaches its handler or the database; every refusal acknowledgement carries a Spanish message.
 */
describe('socket messages with forbidden characters', () => {
  let server: RunningServer;
  let socket: Socket;

  beforeAll(async () => {
    const started = await startMemoryServer('admin@socket.local');
    server = started.server;
    const base = started.base;
    const reg = await fetch(`${base}/api/register_api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(newPlayer()),
    });
    const { token } = (await reg.json()) as { token: string };
    socket = connect(base, { auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    // The connection handler has run (its handlers and guards in place) once this is answered.
    await roundTrip(socket);
  });
  afterAll(async () => {
    socket?.disconnect();
    await server?.close();
  });

  const ask = (event: string, payload: unknown) =>
    socket.timeout(5_000).emitWithAck(event, payload) as Promise<Record<string, unknown>>;
  const refused = {
    ok: false,
    code: INPUT_CODES.invalidCharacters,
    message: MSG_INPUT.invalidCharacters,
  };

  it('refuses NUL and lone surrogates in any message, in Spanish', async () => {
    expect(await ask('table:watch', { table_id: '1\u0000' })).toEqual(refused);
    expect(await ask('game:join', { game_id: '\u0000' })).toEqual(refused);
    expect(
      await ask('game:move', { game_id: 'x', version: 1, tile: [1, 2], end: 'left\ud800' }),
    ).toEqual(refused);
    expect(await ask('table:watch', { nested: [{ ['k\u0000']: 1 }], table_id: 1 })).toEqual(
      refused,
    );
  });

  it('lets clean messages through, and words every refusal in Spanish', async () => {
    const watched = await ask('table:watch', { table_id: 1 });
    expect(watched.ok).toBe(true);
    expect(await ask('table:watch', { table_id: 999 })).toEqual({
      ok: false,
      code: 'tables/not_found',
      message: MSG_TABLES.notFound,
    });
    // The table id is read like a path id: `0x1`, ` 1`, `1e0`, `01`, 1.5 are no table.
    expect((await ask('table:watch', { table_id: '1' })).ok).toBe(true);
    for (const loose of ['0x1', ' 1', '1e0', '01', 1.5, -1, [1]])
      expect(await ask('table:watch', { table_id: loose }), JSON.stringify(loose)).toEqual({
        ok: false,
        code: 'tables/not_found',
        message: MSG_TABLES.notFound,
      });
    const join = await ask('game:join', { game_id: '00000000-0000-4000-8000-000000000000' });
    expect(join.ok).toBe(false);
    expect(typeof join.message).toBe('string');
    expect(String(join.message).length).toBeGreaterThan(0);
    // A game id is read like a path id too: a canonical lower-case UUID, else no such game (not
    // "Jugada no válida": a join is not a move).
    for (const loose of [
      '00000000-0000-4000-8000-00000000000A',
      ' 00000000-0000-4000-8000-000000000000',
      'x',
      1,
      null,
    ])
      expect(await ask('game:join', { game_id: loose }), JSON.stringify(loose)).toEqual({
        ok: false,
        code: 'game/not_found',
        message: GAME_MESSAGES['game/not_found'],
      });
  });
});
