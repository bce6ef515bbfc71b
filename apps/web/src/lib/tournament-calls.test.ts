import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  type TournamentCallsAck,
  type TournamentMatchReadyEvent,
} from '@domino/contracts';
import { FakeSocket, type Handler, signedInSession } from '../test/fake-socket';

/**
 * The tournament calls a screen listens to (lib/tournament-events.ts `subscribeToMatchReady`,
 * docs/decisions/079-tournament-calls-asked-for.md) against a fake socket: the screen asks for the
 * calls still open on every connection once it listens, at once when the socket was already
 * connected before it loaded, and takes the pushed ones too; malformed calls and failed answers
 * change nothing.
 */

/** A fake socket that keeps each request with its acknowledgement, for the test to answer. */
class AskedSocket extends FakeSocket {
  asked: { event: string; ack: Handler }[] = [];
  override timeout() {
    return {
      emit: (event: string, _payload?: unknown, ack?: Handler): void => {
        if (ack) this.asked.push({ event, ack });
      },
    };
  }
  /** Answers the oldest request still unanswered, as the server would (`err` null). */
  answer(ack: TournamentCallsAck | unknown) {
    const next = this.asked.shift();
    if (!next) throw new Error('nothing was asked');
    expect(next.event).toBe(CLIENT_EVENTS.tournamentCalls);
    next.ack(null, ack);
  }
}

const sockets: AskedSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: (options: Record<string, unknown>) => {
    const s = new AskedSocket(options);
    sockets.push(s);
    return s;
  },
}));
vi.mock('./session', () => signedInSession());

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

beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('window', globalThis);
  sockets.length = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('tournament calls on the shared socket', () => {
  it('asks for the open calls on every connection once listening, and takes pushed ones', async () => {
    const { subscribeToMatchReady, matchReadyFor } = await import('./tournament-events');
    const got: string[] = [];
    const close = subscribeToMatchReady((c) => got.push(c.game_id));
    const s = sockets[0]!;
    // Nothing is asked before the socket is connected.
    expect(s.asked).toEqual([]);
    s.serverConnects();
    expect(s.asked.map((a) => a.event)).toEqual([CLIENT_EVENTS.tournamentCalls]);
    s.answer({ ok: true, calls: [call('g1'), { game_id: 'malformed' }] });
    expect(got).toEqual(['g1']);
    expect(matchReadyFor('g1')?.tournament_name).toBe('Duplicado de la casa');
    // A pushed call is taken as before.
    s.fire(SERVER_EVENTS.tournamentMatchReady, call('g2'));
    s.fire(SERVER_EVENTS.tournamentMatchReady, { game_id: 'malformed' });
    expect(got).toEqual(['g1', 'g2']);
    // After a blip it asks again; a failed answer changes nothing.
    s.drops();
    s.serverConnects();
    s.answer({ ok: false, code: 'server/internal', message: 'x' });
    expect(got).toEqual(['g1', 'g2']);
    s.drops();
    s.serverConnects();
    s.answer({ ok: true, calls: [call('g3')] });
    expect(got).toEqual(['g1', 'g2', 'g3']);
    // Closed: no more questions, no more calls.
    close();
    s.drops();
    s.serverConnects();
    expect(s.asked).toEqual([]);
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
    s.answer({ ok: true, calls: [call('g1')] });
    expect(got).toEqual(['g1']);
  });
});
