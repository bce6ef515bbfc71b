import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io';
import { SERVER_EVENTS } from '@domino/contracts';
import type { Db } from '../../db/client';
import { registerTournamentSocket, type OpenCallsReader } from './socket';

/**
 * The replay of open tournament calls to a connecting socket (socket.ts
 * `registerTournamentSocket`): each open call is emitted; a read that fails emits nothing and is
 * logged as one warning line (decision 048), never thrown.
 */
describe('tournament calls replayed on connection', () => {
  const fakeSocket = () => {
    const emitted: unknown[][] = [];
    const socket = {
      data: { userId: 7 },
      emit: (...args: unknown[]) => emitted.push(args),
      on: () => socket,
    };
    return { socket: socket as unknown as Socket, emitted };
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('emits each open call of the player', async () => {
    const { socket, emitted } = fakeSocket();
    const call = { game_id: 'g1' } as never;
    const warnings: unknown[] = [];
    const reader: OpenCallsReader = (id) => Promise.resolve(id === 7 ? [call] : []);
    registerTournamentSocket(socket, {} as Db, reader, { warn: (o: unknown) => warnings.push(o) });
    await settle();
    expect(emitted).toEqual([[SERVER_EVENTS.tournamentMatchReady, call]]);
    expect(warnings).toEqual([]);
  });

  it('logs a read that fails, once, without its stack, and emits nothing', async () => {
    const { socket, emitted } = fakeSocket();
    const warnings: unknown[][] = [];
    const reader: OpenCallsReader = () => Promise.reject(new Error('timeout exceeded'));
    registerTournamentSocket(socket, {} as Db, reader, {
      warn: (...args: unknown[]) => warnings.push(args),
    });
    await settle();
    expect(emitted).toEqual([]);
    expect(warnings).toEqual([
      [
        { userId: 7, reason: 'timeout exceeded' },
        'tournament calls not replayed to a connecting socket',
      ],
    ]);
  });
});
