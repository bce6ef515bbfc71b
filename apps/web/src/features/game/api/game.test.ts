import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_ID_HEADER } from '@domino/contracts';

/**
 * A move over HTTP names the tab's connected socket (decision 068): the server then leaves that
 * socket out of the move's `game:view` push, since the HTTP answer is its view.
 */

const apiPost = vi.fn((..._args: unknown[]) => Promise.resolve({ version: 8 }));
const socketId = { current: undefined as string | undefined };
vi.mock('../../../lib/api', () => ({ apiGet: vi.fn(), apiPost }));
vi.mock('../../../lib/socket', () => ({ connectedSocketId: () => socketId.current }));

beforeEach(() => {
  apiPost.mockClear();
  socketId.current = undefined;
});

describe('postMove', () => {
  it('sends X-Socket-Id with the connected socket’s id', async () => {
    const { postMove } = await import('./game');
    socketId.current = 'sock_1-A';
    await postMove('g-1', 7, { pass: true });
    const [path, body, , options] = apiPost.mock.calls[0]!;
    expect(path).toBe('/api/games/g-1/moves');
    expect(body).toEqual({ version: 7, pass: true });
    expect(options).toEqual({ headers: { [SOCKET_ID_HEADER]: 'sock_1-A' } });
  });

  it('sends no such header without a connected socket', async () => {
    const { postMove } = await import('./game');
    await postMove('g-1', 7, { pass: true });
    expect(apiPost.mock.calls[0]![3]).toEqual({});
  });
});
