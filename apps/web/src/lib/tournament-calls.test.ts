import { describe, expect, it, vi } from 'vitest';
import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  type TournamentCallsAck,
  type TournamentMatchReadyEvent,
} from '@domino/contracts';
import {
  type FakeSocket,
  fakeSocketIo,
  freshSocketEachTest,
  signedInSession,
} from '../test/fake-socket';

/**
 * The tournament calls a screen listens to (lib/tournament-events.ts `subscribeToMatchReady`,
 * docs/decisions/079-tournament-calls-asked-for.md) against a fake socket: the screen asks for the
 * calls still open on every connection once it listens, at once when the socket was already
 * connected before it loaded, and takes the pushed ones too; malformed calls and failed answers
 * change nothing.
 */

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => fakeSocketIo(sockets));
vi.mock('./session', () => signedInSession());
freshSocketEachTest(sockets);

/** Answers the oldest request `s` sent and nobody answered yet, as the server would. */
function answer(s: FakeSocket, ack: TournamentCallsAck | unknown): void {
  const next = s.emitted.shift();
  if (!next) throw new Error('nothing was asked');
  expect(next.event).toBe(CLIENT_EVENTS.tournamentCalls);
  next.ack(null, ack);
}

const call = (gameId: string): TournamentMatchReadyEvent => ({
  tournament_id: 3,
  tournament_name: 'Duplicado de la casa',
  round: 1,
  match_id: 9,
  game_id: gameId,
  game_path: `/games/${gameId}`,
  show_by: new Date(Date.now() + 120_000).toISOString(),
  message: 'Tu mesa del Duplicado de la casa está lista.',
});

describe('tournament calls on the shared socket', () => {
  it('asks for the open calls on every connection once listening, and takes pushed ones', async () => {
    const { subscribeToMatchReady, matchReadyFor } = await import('./tournament-events');
    const got: string[] = [];
    const close = subscribeToMatchReady((c) => got.push(c.game_id));
    const s = sockets[0]!;
    // Nothing is asked before the socket is connected.
    expect(s.emitted).toEqual([]);
    s.serverConnects();
    expect(s.emitted.map((a) => a.event)).toEqual([CLIENT_EVENTS.tournamentCalls]);
    answer(s, { ok: true, calls: [call('g1'), { game_id: 'malformed' }] });
    expect(got).toEqual(['g1']);
    expect(matchReadyFor('g1')?.tournament_name).toBe('Duplicado de la casa');
    // A pushed call is taken as before.
    s.fire(SERVER_EVENTS.tournamentMatchReady, call('g2'));
    s.fire(SERVER_EVENTS.tournamentMatchReady, { game_id: 'malformed' });
    expect(got).toEqual(['g1', 'g2']);
    // After a blip it asks again; a failed answer changes nothing.
    s.drops();
    s.serverConnects();
    answer(s, { ok: false, code: 'server/internal', message: 'x' });
    expect(got).toEqual(['g1', 'g2']);
    s.drops();
    s.serverConnects();
    answer(s, { ok: true, calls: [call('g3')] });
    expect(got).toEqual(['g1', 'g2', 'g3']);
    // Closed: no more questions, no more calls.
    close();
    s.drops();
    s.serverConnects();
    expect(s.emitted).toEqual([]);
    s.fire(SERVER_EVENTS.tournamentMatchReady, call('g4'));
    expect(got).toEqual(['g1', 'g2', 'g3']);
  });

  it('asks at once when the socket connected before the screen listened (a lazy navbar)', async () => {
    const { connectUserSocket } = await import('./socket');
    const { subscribeToMatchReady } = await import('./tournament-events');
    connectUserSocket();
    const s = sockets[0]!;
    s.serverConnects();
    // The server pushed the call before anything listened: it is lost on the wire...
    s.fire(SERVER_EVENTS.tournamentMatchReady, call('g1'));
    const got: string[] = [];
    subscribeToMatchReady((c) => got.push(c.game_id));
    expect(got).toEqual([]);
    // ...and the screen's question brings it back.
    answer(s, { ok: true, calls: [call('g1')] });
    expect(got).toEqual(['g1']);
  });
});
