import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io';
import { CLIENT_EVENTS, MSG } from '@domino/contracts';
import type { Db } from '../../db/client';
import { registerTournamentSocket, type OpenCallsReader } from './socket';

/**
 * `tournament:calls` (socket.ts `registerTournamentSocket`;
 * docs/decisions/079-tournament-calls-asked-for.md): the open calls are answered to the socket
 * that asks, never pushed as it connects (a screen not listening yet would drop them); a read that
 * fails is answered with the Spanish message and logged as one warning line (decision 048), never
 * thrown.
 */
describe('tournament calls asked for by a socket', () => {
  const fakeSocket = (userId: number | null) => {
    const emitted: unknown[][] = [];
    const handlers = new Map<string, (...args: unknown[]) => unknown>();
    const socket = {
      data: { userId },
      emit: (...args: unknown[]) => emitted.push(args),
      on: (event: string, handler: (...args: unknown[]) => unknown) => {
        handlers.set(event, handler);
        return socket;
      },
    };
    /** Sends `tournament:calls` as a client would and returns the acknowledgement. */
    const ask = async (withAck = true) => {
      let answer: unknown = 'no answer';
      await handlers.get(CLIENT_EVENTS.tournamentCalls)?.(
        {},
        withAck ? (r: unknown) => (answer = r) : undefined,
      );
      return answer;
    };
    return { socket: socket as unknown as Socket, emitted, ask };
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('answers the open calls of the player who asks and pushes nothing as it connects', async () => {
    const { socket, emitted, ask } = fakeSocket(7);
    const call = { game_id: 'g1' } as never;
    const asked: number[] = [];
    const warnings: unknown[] = [];
    const reader: OpenCallsReader = (id) => {
      asked.push(id);
      return Promise.resolve(id === 7 ? [call] : []);
    };
    registerTournamentSocket(socket, {} as Db, reader, { warn: (o: unknown) => warnings.push(o) });
    await settle();
    expect(emitted).toEqual([]);
    expect(asked).toEqual([]);
    expect(await ask()).toEqual({ ok: true, calls: [call] });
    expect(asked).toEqual([7]);
    // Each connection asks again: a fresh read each time.
    expect(await ask()).toEqual({ ok: true, calls: [call] });
    expect(asked).toEqual([7, 7]);
    // Without an acknowledgement there is nobody to answer: nothing is read.
    await ask(false);
    expect(asked).toEqual([7, 7]);
    expect(warnings).toEqual([]);
  });

  it('answers an anonymous socket with no calls, without a read', async () => {
    const { socket, ask } = fakeSocket(null);
    const reader: OpenCallsReader = () => Promise.reject(new Error('must not be read'));
    registerTournamentSocket(socket, {} as Db, reader, { warn: () => undefined });
    expect(await ask()).toEqual({ ok: true, calls: [] });
  });

  it('answers a read that fails in Spanish and logs it once, without its stack', async () => {
    const { socket, emitted, ask } = fakeSocket(7);
    const warnings: unknown[][] = [];
    const reader: OpenCallsReader = () => Promise.reject(new Error('timeout exceeded'));
    registerTournamentSocket(socket, {} as Db, reader, {
      warn: (...args: unknown[]) => warnings.push(args),
    });
    expect(await ask()).toEqual({ ok: false, code: 'server/internal', message: MSG.unexpected });
    expect(emitted).toEqual([]);
    expect(warnings).toEqual([
      [{ userId: 7, reason: 'timeout exceeded' }, 'tournament calls not read for a socket'],
    ]);
  });
});
