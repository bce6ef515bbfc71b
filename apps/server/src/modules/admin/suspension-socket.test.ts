import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { MSG_ADMIN, SESSION_ENDED_EVENT } from '@domino/contracts';
import type { RunningServer } from '../../server';
import { startMemoryServer } from '../../test/memory-server';
import { newPlayer } from '../../test/helpers';
import { roundTrip } from '../../test/sockets';

/**
 * Suspension over a real Socket.IO connection (decision 009): the suspended player's open socket gets
 * `session:ended {reason: 'suspended'}` first (decision 012: one event for every way a session
 * ends) and is then disconnected by the server; the old token is refused.
 */
describe('suspending a connected player', () => {
  let server: RunningServer;
  let base: string;
  const sockets: Socket[] = [];

  const json = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    ({ server, base } = await startMemoryServer('admin@socket.local'));
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.close();
  });

  it('pushes the suspension to the player’s socket, then drops it', async () => {
    const player = await json('POST', '/api/register_api', newPlayer());
    const token = player.body.token as string;
    const userId = (player.body.user as { id: number }).id;
    const admin = await json('POST', '/api/login_api', {
      email: 'admin@socket.local',
      password: 'AdminPass123',
    });

    const socket = connect(base, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    // The user room is joined in the connection handler: answered once it has run.
    await roundTrip(socket);

    const events: string[] = [];
    let payload: unknown;
    const gone = new Promise<string>((resolve) =>
      socket.once('disconnect', (reason) => resolve(reason)),
    );
    socket.on(SESSION_ENDED_EVENT, (p: unknown) => {
      events.push('suspended');
      payload = p;
    });

    const res = await json(
      'POST',
      `/api/admin/users/${userId}/suspend`,
      { reason: 'Prueba de socket' },
      admin.body.token as string,
    );
    expect(res.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(events).toEqual(['suspended']);
    expect(payload).toEqual({ reason: 'suspended', message: MSG_ADMIN.suspendedNotice });
    expect((await json('GET', '/api/user', undefined, token)).status).toBe(401);
  });
});
