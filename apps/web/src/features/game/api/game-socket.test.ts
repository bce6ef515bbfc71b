import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_EVENTS, SERVER_EVENTS } from '@domino/contracts';
import type { Channel, ChannelSpec } from '../../../lib/socket';
import { makeView } from '../lib/test-support';

/**
 * The game screen's channel on the shared socket: it joins its game on every connection, holds the
 * game's room (presence) until it closes, takes only valid views of its own game, and reports a
 * refused join with the server's code and message.
 */

const opened: ChannelSpec[] = [];
const requests: { event: string; payload: unknown; onAck: (ack: unknown) => void }[] = [];
const close = vi.fn();
const channel: Channel = {
  request: (event, payload, _timeoutMs, onAck) => void requests.push({ event, payload, onAck }),
  close,
};
vi.mock('../../../lib/socket', () => ({
  openChannel: (spec: ChannelSpec) => {
    opened.push(spec);
    return channel;
  },
}));

const { openGameChannel } = await import('./game-socket');

beforeEach(() => {
  opened.length = 0;
  requests.length = 0;
  close.mockClear();
});

function open() {
  const views: unknown[] = [];
  const live: boolean[] = [];
  const refusals: [string, string][] = [];
  const game = openGameChannel('g1', {
    onView: (v) => views.push(v.game_id),
    onLive: (l) => live.push(l),
    onJoinError: (code, message) => refusals.push([code, message]),
  });
  expect(opened).toHaveLength(1);
  return { game, spec: opened[0]!, views, live, refusals };
}

describe('openGameChannel', () => {
  it('holds the game room until closed and joins on every connection', () => {
    const { game, spec, views, live } = open();
    expect(spec.room).toEqual({ key: 'game:g1', leave: 'on-close' });
    spec.onConnect?.(channel);
    expect(requests.map((r) => [r.event, r.payload])).toEqual([
      [CLIENT_EVENTS.joinGame, { game_id: 'g1' }],
    ]);
    requests[0]!.onAck({ ok: true, view: makeView({ game_id: 'g1' }) });
    spec.onDown?.();
    spec.onConnect?.(channel);
    requests[1]!.onAck(undefined);
    expect(views).toEqual(['g1']);
    expect(live).toEqual([true, false, false]);
    game.close();
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('takes pushed views of its own game only, and valid ones only', () => {
    const { spec, views } = open();
    const push = spec.listen?.[SERVER_EVENTS.gameView];
    push?.(makeView({ game_id: 'other' }));
    push?.({ game_id: 'g1', version: 'x' });
    push?.(makeView({ game_id: 'g1', version: 4 }));
    expect(views).toEqual(['g1']);
  });

  it('reports a refused join with its code and message', () => {
    const { spec, live, refusals } = open();
    spec.onConnect?.(channel);
    requests[0]!.onAck({ ok: false, code: 'game/not_a_player', message: 'No juegas aquí.' });
    expect(live).toEqual([false]);
    expect(refusals).toEqual([['game/not_a_player', 'No juegas aquí.']]);
  });
});
