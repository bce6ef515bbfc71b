import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GameView } from '@domino/contracts';
import type { MatchState, Seat } from '@domino/domino';
import { legalMoves, playerView } from '@domino/domino';
import { gameMoves, gamePlayers, games, rowState } from '../../db/schema';
import { createTestDatabase, postgresAvailable } from '../../test/helpers';
import type { NodeProcess } from '../../test/nodes';
import { redisAvailable } from '../../test/nodes';
import type { GameScreen } from '../../test/two-nodes';
import { newestView, openGameScreen, startPaidMatchOnTwoNodes } from '../../test/two-nodes';
import type { TestSocket } from '../../test/sockets';
import { eventually, openSocket, roundTrip } from '../../test/sockets';

/**
 * Power cuts during a paid match across two server processes sharing PostgreSQL and Redis
 * (docs/decisions/042-absence-during-a-paid-match.md): a player who is slow but connected (their
 * socket on either node) is never shown disconnected, even when the CPU plays a turn of theirs;
 * a player with no socket anywhere is shown disconnected and the CPU plays their turn only when
 * the whole turn time has run out; coming back on the other node, `game:join` answers with the
 * exact position (hand, line, scores, turn deadline) the database holds.
 */

const TURN_SECONDS = 10;

type Screen = GameScreen;

describe('a paid match across two nodes when a player loses the connection', async () => {
  const skip = !(await postgresAvailable()) || !(await redisAvailable());

  it.skipIf(skip)(
    'keeps a slow player connected, lets the CPU wait the full turn for an absent one, and gives the exact position back on the other node',
    { timeout: 240_000 },
    async () => {
      const database = await createTestDatabase('postgres');
      const nodes: NodeProcess[] = [];
      const screens: Screen[] = [];
      const extra: TestSocket[] = [];
      try {
        const env = { BOT_MIN_DELAY_MS: '0', BOT_MAX_DELAY_MS: '0', HAND_PAUSE_MS: '0' };
        const { a, b, players, gameId, seats } = await startPaidMatchOnTwoNodes(database, nodes, {
          name: 'Apagón',
          turnSeconds: TURN_SECONDS,
          env,
        });

        /** Opens a game screen for player `i` on `node` and joins the game there. */
        const openScreen = (i: number, node: NodeProcess, playing = true) =>
          openGameScreen(node, players[i]!.token, gameId, playing);
        const until = async (what: string, cond: () => boolean | Promise<boolean>, ms = 60_000) =>
          eventually(what, cond, ms, 50);

        const [slow, absent] = [0, 1];
        // The slow player: a game screen on node A that does not move, and a second tab on node B
        // (the lobby) that never opens the game.
        screens[slow] = await openScreen(slow, a, false);
        extra.push(await openSocket(b.url, players[slow]!.token));
        screens[absent] = await openScreen(absent, b);
        screens[2] = await openScreen(2, a);
        screens[3] = await openScreen(3, b);
        const watcher = screens[2]!;
        const seatInfo = (v: GameView, i: number) => v.seats.find((s) => s.seat === seats[i])!;

        // 1. Slow but connected: the slow player's time runs out; the CPU plays that turn for
        // them and they stay connected ("La CPU jugó por ti", never "Desconectado").
        await until('the CPU playing a turn of the slow player', () =>
          watcher.views.some((v) => seatInfo(v, slow).cpu_played),
        );
        const autoplayed = await database.db
          .select()
          .from(gameMoves)
          .where(eq(gameMoves.gameId, gameId))
          .orderBy(desc(gameMoves.seq));
        expect(autoplayed.some((m) => m.actor === 'autoplay' && m.seat === seats[slow])).toBe(true);

        // 2. The slow player's game screen closes but their lobby tab on node B stays; the absent
        // player's only socket closes just after. Once the absent player shows disconnected
        // (the same grace period has passed for both), the slow one has never been.
        screens[slow]!.s.socket.close();
        // Node A has read that close once it answers a later round trip of another of its sockets.
        await roundTrip(watcher.s.socket);
        screens[absent]!.s.socket.close();
        await until(
          'the absent player shown disconnected',
          () => !seatInfo(newestView(watcher.views)!, absent).connected,
        );
        const [slowRow] = await database.db
          .select()
          .from(gamePlayers)
          .where(eq(gamePlayers.userId, players[slow]!.id));
        expect(slowRow?.disconnectedAt).toBeNull();
        expect(watcher.views.every((v) => seatInfo(v, slow).connected)).toBe(true);
        // The slow player comes back to the game and plays from now on.
        screens[slow] = await openScreen(slow, a);

        // 3. The absent player's turn with a real choice: its deadline is the full turn time
        // after the previous move, and the CPU plays it only once that deadline has passed.
        const turn = { version: 0, deadline: new Date(0) };
        await until(
          "the absent player's turn with a real choice",
          async () => {
            const [row] = await database.db.select().from(games).where(eq(games.id, gameId));
            const state = rowState(row!.storedState, row!.history) as MatchState;
            if (row!.status !== 'playing') throw new Error('the match ended first');
            if (state.hand.turn !== seats[absent] || !row!.turnDeadline) return false;
            if (legalMoves(state, state.hand.turn).length < 2) return false;
            turn.version = row!.version;
            turn.deadline = row!.turnDeadline;
            return true;
          },
          180_000,
        );
        const [previous] = await database.db
          .select()
          .from(gameMoves)
          .where(eq(gameMoves.gameId, gameId))
          .orderBy(desc(gameMoves.seq))
          .limit(1);
        expect(previous!.seq).toBe(turn.version);
        expect(turn.deadline.getTime() - previous!.createdAt.getTime()).toBeGreaterThanOrEqual(
          TURN_SECONDS * 1000 - 500,
        );
        await until('the CPU playing the absent turn', async () => {
          const [m] = await database.db
            .select()
            .from(gameMoves)
            .where(eq(gameMoves.gameId, gameId))
            .orderBy(desc(gameMoves.seq))
            .limit(1);
          return m!.seq > turn.version;
        });
        const [cpuMove] = await database.db
          .select()
          .from(gameMoves)
          .where(eq(gameMoves.gameId, gameId))
          .orderBy(gameMoves.seq)
          .offset(turn.version)
          .limit(1);
        expect(cpuMove).toMatchObject({ seat: seats[absent], actor: 'autoplay' });
        expect(cpuMove!.createdAt.getTime()).toBeGreaterThanOrEqual(turn.deadline.getTime() - 50);

        // 4. Coming back on the other node (it was on B): the join answers with the exact
        // position. The others stop playing so the game waits on a turn while it is compared.
        for (const i of [slow, 2, 3]) screens[i]!.playing = false;
        const back = await openSocket(a.url, players[absent]!.token);
        extra.push(back);
        let view: GameView | undefined;
        let row: typeof games.$inferSelect | undefined;
        await until('a join answered at the version the database holds', async () => {
          const ack = (await back.socket
            .timeout(10_000)
            .emitWithAck('game:join', { game_id: gameId })) as { ok: boolean; view: GameView };
          expect(ack.ok).toBe(true);
          [row] = await database.db.select().from(games).where(eq(games.id, gameId));
          view = ack.view;
          return row!.version === view.version;
        });
        const state = rowState(row!.storedState, row!.history) as MatchState;
        const expected = playerView(state, seats[absent] as Seat);
        expect(view!.hand).toEqual(expected.hand.map((t) => [t[0], t[1]]));
        expect(view!.line.map((p) => p.tile)).toEqual(
          expected.line.map((p) => [p.tile[0], p.tile[1]]),
        );
        expect(view!.scores).toEqual([...state.scores]);
        expect(view!.turn_deadline).toBe(row!.turnDeadline?.toISOString() ?? null);
        expect(seatInfo(view!, absent)).toMatchObject({ connected: true, cpu_played: false });
        // The others see the player back.
        await until(
          'the table-mates seeing the player back',
          () => seatInfo(newestView(watcher.views)!, absent).connected,
        );
      } finally {
        for (const s of screens) s?.s.socket.close();
        for (const s of extra) s.socket.close();
        for (const n of nodes) await n.stop();
        await database.close();
      }
    },
  );
});
