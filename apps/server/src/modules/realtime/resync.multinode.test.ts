import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GameView, TalkMessage, TalkState } from '@domino/contracts';
import { gameViewSchema } from '@domino/contracts';
import type { MatchState, Seat } from '@domino/domino';
import { legalMoves, playerView } from '@domino/domino';
import { games, rowState } from '../../db/schema';
import { createTestDatabase, postgresAvailable } from '../../test/helpers';
import type { NodeProcess } from '../../test/nodes';
import { redisAvailable } from '../../test/nodes';
import { startPaidMatchOnTwoNodes } from '../../test/two-nodes';
import type { TestSocket } from '../../test/sockets';
import { call, eventually, openSocket } from '../../test/sockets';

/**
 * A blip is invisible (docs/decisions/064-blip-resync.md), across two server processes sharing
 * PostgreSQL and Redis: a player's only socket, on node A, goes away; meanwhile the other seats
 * play, talk at the table and the player's balance changes, and every push of those is lost with
 * the socket. The player comes back on node B and, with what the web does on a reconnection
 * (`game:join`, the talk read from the last message held, GET /api/user), has the latest view of
 * the game (the same as the others' at that version, without a tile of theirs on the wire), every
 * talk message said meanwhile exactly once and in order, and the new balance.
 */

/** A player's game screen: its socket, the views and talk it got. */
interface Screen {
  s: TestSocket;
  views: GameView[];
  talk: TalkMessage[];
  /** Plays its first legal move whenever it has a real choice (forced moves are the server's). */
  playing: boolean;
  /** Versions of this screen's own moves, as acknowledged. */
  moved: number[];
  /**
   * When set, the screen stops playing and closes its socket in the acknowledgement of its next
   * own move, before anything else runs: the turn is then another seat's, so the others can play
   * on while it is away (closing at a random moment could leave the game waiting on its own turn).
   */
  blipAfterMove?: boolean;
}

function newest(views: readonly GameView[]): GameView | undefined {
  return views.reduce<GameView | undefined>(
    (a, v) => (!a || v.version >= a.version ? v : a),
    undefined,
  );
}

/** What every seat sees alike: a view without the receiving seat's own information. */
function shared(v: GameView) {
  const { my_seat, hand, legal_moves, required_lead, result, settlement, spectators, ...rest } = v;
  void [my_seat, hand, legal_moves, required_lead, result, settlement, spectators];
  // Presence moves without a new version (decision 042): compared elsewhere.
  return {
    ...rest,
    seats: rest.seats.map(({ connected, cpu_played, ...seat }) => {
      void [connected, cpu_played];
      return seat;
    }),
  };
}

const tileKey = (t: readonly number[]) => `${Math.min(t[0]!, t[1]!)}-${Math.max(t[0]!, t[1]!)}`;

describe('a blip across two nodes', async () => {
  const skip = !(await postgresAvailable()) || !(await redisAvailable());

  it.skipIf(skip)(
    'gives a player back the latest game view, every missed talk message once in order, and the balance, on the other node',
    { timeout: 240_000 },
    async () => {
      const database = await createTestDatabase('postgres');
      const nodes: NodeProcess[] = [];
      const screens: Screen[] = [];
      const extra: TestSocket[] = [];
      try {
        const env = { BOT_MIN_DELAY_MS: '0', BOT_MAX_DELAY_MS: '0', HAND_PAUSE_MS: '0' };
        // The longest turn: once the game waits on the away player, it stays put while compared.
        const { a, b, admin, players, tableId, gameId, seats } = await startPaidMatchOnTwoNodes(
          database,
          nodes,
          {
            name: 'Parpadeo',
            turnSeconds: 120,
            env,
          },
        );
        const until = async (what: string, cond: () => boolean | Promise<boolean>, ms = 90_000) =>
          eventually(what, cond, ms, 50);

        const openScreen = async (i: number, node: NodeProcess) => {
          const s = await openSocket(node.url, players[i]!.token);
          const screen: Screen = { s, views: [], talk: [], playing: true, moved: [] };
          const play = (v: GameView) => {
            if (!screen.playing || v.status !== 'playing') return;
            if (v.turn_seat !== v.my_seat || v.legal_moves.length < 2) return;
            if (newest(screen.views) !== v) return;
            s.socket.emit(
              'game:move',
              { game_id: gameId, version: v.version, ...v.legal_moves[0] },
              (ack: { ok: boolean; version?: number }) => {
                if (!ack.ok || ack.version === undefined) return;
                screen.moved.push(ack.version);
                if (screen.blipAfterMove) {
                  screen.playing = false;
                  s.socket.close();
                }
              },
            );
          };
          s.socket.on('game:view', (v: GameView) => {
            if (v.game_id !== gameId) return;
            screen.views.push(v);
            play(v);
          });
          s.socket.on('talk:message', (m: TalkMessage) => screen.talk.push(m));
          const ack = (await s.socket
            .timeout(10_000)
            .emitWithAck('game:join', { game_id: gameId })) as { ok: boolean; view: GameView };
          expect(ack.ok).toBe(true);
          screen.views.push(ack.view);
          play(ack.view);
          return screen;
        };
        const say = async (i: number, msg: { kind: 'reaction' | 'phrase'; id: string }) => {
          const ack = (await screens[i]!.s.socket.timeout(10_000).emitWithAck('talk:send', {
            table_id: tableId,
            ...msg,
          })) as {
            ok: boolean;
            message: TalkMessage;
          };
          expect(ack.ok).toBe(true);
          return ack.message;
        };
        const dbGame = async () =>
          (await database.db.select().from(games).where(eq(games.id, gameId)))[0]!;

        // The away player (0) on node A, the others split over both nodes; everyone plays.
        const away = 0;
        screens[0] = await openScreen(0, a);
        screens[1] = await openScreen(1, b);
        screens[2] = await openScreen(2, a);
        screens[3] = await openScreen(3, b);

        // Before the blip: the player has a talk message (its cursor).
        const before = await say(1, { kind: 'phrase', id: 'hola' });
        await until('the first message to reach the player', () =>
          screens[away]!.talk.some((m) => m.id === before.id),
        );
        const balanceBefore = (
          await call<{ balance: number }>(a.url, 'GET', '/api/user/balance', {
            token: players[away]!.token,
          })
        ).body.balance;

        // The blip: the player's only socket is gone, right after a move of its own.
        const movesBefore = screens[away]!.moved.length;
        screens[away]!.blipAfterMove = true;
        await until(
          'the player to make a move of its own',
          () => screens[away]!.moved.length > movesBefore,
        );
        const versionAtBlip = screens[away]!.moved.at(-1)!;
        const cursor = Math.max(...screens[away]!.talk.map((m) => m.id));

        // Meanwhile: the others talk and play on, and the player's balance changes.
        const missed: TalkMessage[] = [];
        missed.push(await say(2, { kind: 'reaction', id: 'aplausos' }));
        missed.push(await say(3, { kind: 'phrase', id: 'suerte' }));
        missed.push(await say(1, { kind: 'reaction', id: 'risa' }));
        // The others play every turn up to the away player's next real choice, where the game
        // waits its 120 s: a forced move would be played for the player after 1.2 s
        // (games/clock.ts) and move the game on while the views are compared.
        await until("the others' moves up to the away player's turn", async () => {
          const row = await dbGame();
          if (row.status !== 'playing') throw new Error('the match ended first');
          const state = rowState(row.storedState, row.history) as MatchState;
          return (
            row.version > versionAtBlip &&
            state.hand.turn === seats[away] &&
            legalMoves(state, seats[away] as Seat).length >= 2
          );
        });
        missed.push(await say(2, { kind: 'phrase', id: 'gracias' }));
        missed.push(await say(3, { kind: 'reaction', id: 'fuego' }));
        const adjusted = await call(
          a.url,
          'POST',
          `/api/admin/users/${players[away]!.id}/adjustments`,
          { token: admin, body: { amount: 5, reason: 'Ajuste durante el corte' } },
        );
        expect(adjusted.status).toBe(200);
        for (const i of [1, 2, 3]) screens[i]!.playing = false;

        // Back, on node B: `game:join` answers the view at the version the database holds (a
        // move the server makes meanwhile moves it on: join again).
        const back = await openSocket(b.url, players[away]!.token);
        extra.push(back);
        const wire: string[] = [];
        back.socket.io.engine.on('packet', (packet: { type: string; data?: unknown }) => {
          if (packet.type === 'message' && typeof packet.data === 'string') wire.push(packet.data);
        });
        let view: GameView | undefined;
        let row: typeof games.$inferSelect | undefined;
        await until('a join answered at the version the database holds', async () => {
          wire.length = 0;
          const ack = (await back.socket
            .timeout(10_000)
            .emitWithAck('game:join', { game_id: gameId })) as { ok: boolean; view: GameView };
          expect(ack.ok).toBe(true);
          row = await dbGame();
          view = ack.view;
          return row.version === view.version;
        });
        expect(view!.version).toBeGreaterThanOrEqual(versionAtBlip + 1);
        expect(view!.my_seat).toBe(seats[away]);

        // The same game as every other seat sees it at that version.
        for (const i of [1, 2, 3]) {
          const theirs = (
            await call<GameView>(a.url, 'GET', `/api/games/${gameId}/view`, {
              token: players[i]!.token,
            })
          ).body;
          expect(theirs.version).toBe(view!.version);
          expect(shared(view!)).toEqual(shared(theirs));
        }

        // On the wire: the player's own hand, the others' tile counts, nothing of their tiles.
        const state = rowState(row!.storedState, row!.history) as MatchState;
        const own = playerView(state, seats[away] as Seat);
        // The join's acknowledgement (Socket.IO packet type 3), not a `game:view` event (type 2)
        // of a move that arrived between the join and its answer.
        const packet = wire.find((w) => /^3\d*\[/.test(w) && w.includes(`"game_id":"${gameId}"`));
        expect(packet).toBeDefined();
        const raw = JSON.parse(packet!.slice(packet!.indexOf('['))) as [{ view: GameView }];
        const wireView = raw[0].view;
        expect(Object.keys(wireView).sort()).toEqual(Object.keys(gameViewSchema.shape).sort());
        expect(wireView.hand.map(tileKey).sort()).toEqual(own.hand.map(tileKey).sort());
        const others = new Set(
          state.hand.hands.flatMap((tiles, seat) =>
            seat === seats[away] ? [] : tiles.map(tileKey),
          ),
        );
        const mine = [
          ...wireView.hand,
          ...wireView.legal_moves.flatMap((m) => ('tile' in m && m.tile ? [m.tile] : [])),
        ];
        expect(mine.filter((t) => others.has(tileKey(t)))).toEqual([]);
        expect(wireView.tile_counts).toEqual(state.hand.hands.map((t) => t.length));
        expect(wireView.fairness.server_seed).toBeNull();
        for (const seat of wireView.seats) expect(JSON.stringify(seat)).not.toMatch(/\[\d,\d\]/);

        // The talk said meanwhile: exactly once, in order, read from node B as the web does.
        const caughtUp: TalkMessage[] = [];
        for (let since = cursor; ;) {
          const page = await call<TalkState>(
            b.url,
            'GET',
            `/api/talk/tables/${tableId}?since=${since}`,
            { token: players[away]!.token },
          );
          expect(page.status).toBe(200);
          caughtUp.push(...page.body.messages);
          if (!page.body.more) break;
          since = page.body.messages.at(-1)!.id;
        }
        expect(caughtUp.map((m) => m.id)).toEqual(missed.map((m) => m.id));
        expect(caughtUp).toEqual(missed);

        // The balance, as the web's reconnection reads it.
        const balance = (
          await call<{ balance: number }>(b.url, 'GET', '/api/user/balance', {
            token: players[away]!.token,
          })
        ).body.balance;
        expect(balance).toBe(balanceBefore + 5);

        // And the table sees the player back.
        await until('the others seeing the player back', async () => {
          const theirs = (
            await call<GameView>(b.url, 'GET', `/api/games/${gameId}/view`, {
              token: players[1]!.token,
            })
          ).body;
          return theirs.seats.find((x) => x.seat === seats[away])?.connected === true;
        });
      } finally {
        for (const s of screens) s?.s.socket.close();
        for (const s of extra) s.socket.close();
        for (const n of nodes) await n.stop();
        await database.close();
      }
    },
  );
});
