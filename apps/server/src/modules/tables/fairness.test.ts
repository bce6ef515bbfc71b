import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_FAIRNESS, MSG_TABLES } from '@domino/contracts';
import type { FairnessRecordJson, GameView, TableDetail } from '@domino/contracts';
import type { MatchState } from '@domino/domino';
import { commitment, verifyMatch } from '@domino/domino';
import { auditLog, games, gameTables, rowState, tableSeats, users } from '../../db/schema';
import type { DbKind, TestApp } from '../../test/helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import { auth, fundedPlayer, loginAdmin, routeCallers } from '../../test/wallet-helpers';
import { playDueGame } from '../games/due-moves';
import { gamesContext } from '../games/routes';

/**
 * Provably fair tables as players meet them (decision 015): the commitment to the
 * next deal's server seed is published from the first seat taken and never changes until that
 * match deals with it; each seated player sets their own client seed in the waiting room until
 * the match exists; the server seed never leaves the server before the end; and a finished
 * match's fairness record and replay are for its players and staff only.
 */

interface Seated {
  token: string;
  id: number;
  name: string;
}

const HEX64 = /^[0-9a-f]{64}$/;

function fairnessSuite(kind: DbKind) {
  describe(`provably fair tables on ${kind}`, async () => {
    const skip = kind === 'postgres' && !(await postgresAvailable());
    let t: TestApp;
    let admin: string;
    const { get, post, patch } = routeCallers(() => t.app);
    const put = (url: string, token: string | null, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url,
        headers: token ? auth(token) : {},
        payload: payload as Record<string, unknown>,
      });
    const funded = (name: string): Promise<Seated> => fundedPlayer(t, admin, 5000, { name });
    /** Every push the server sent, as JSON text (table rooms, the tables channel, user rooms). */
    const pushes: string[] = [];

    beforeAll(async () => {
      if (skip) return;
      t = await buildTestApp(kind, {
        BOT_MIN_DELAY_MS: '0',
        BOT_MAX_DELAY_MS: '0',
        HAND_PAUSE_MS: '0',
      });
      admin = await loginAdmin(t);
      const hub = t.app.deps.hub;
      const record = (event: string, payload: unknown) =>
        void pushes.push(JSON.stringify({ event, payload }));
      hub.toTable = (_id, event, payload) => record(event, payload);
      hub.toTables = (event, payload) => record(event, payload);
      hub.toUser = (_id, event, payload) => record(event, payload);
    });
    afterAll(async () => {
      if (!skip) await t.close();
    });

    /** A fresh table of our own (no other test sits there). */
    async function newTable(players: 2 | 3 | 4, name = `Mesa Justa ${players}`): Promise<number> {
      const res = await post('/api/admin/tables', admin, {
        name,
        entry_price: 100,
        mode: players === 4 ? 'parejas' : 'individual',
        max_players: players,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    }
    const detail = async (tableId: number): Promise<TableDetail> =>
      (await get(`/api/tables/${tableId}`)).json();
    const join = async (tableId: number, p: Seated, extra: Record<string, unknown> = {}) => {
      const res = await post(`/api/tables/${tableId}/join`, p.token, {
        entry_price: 100,
        ...extra,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { seat: number };
    };
    const roundSeed = async (tableId: number): Promise<string | null> => {
      const [row] = await t.database.db
        .select({ seed: gameTables.roundServerSeed })
        .from(gameTables)
        .where(eq(gameTables.id, tableId));
      return row?.seed ?? null;
    };
    const stateOf = async (gameId: string): Promise<MatchState> => {
      const [row] = await t.database.db.select().from(games).where(eq(games.id, gameId));
      return rowState(row!.storedState, row!.history) as MatchState;
    };

    /**
     * Plays a match over HTTP to its end: the seat to move sends its first legal move; a single
     * forced tile is played by the server's forced-move path. Returns the final view of seat 0.
     */
    async function playToTheEnd(gameId: string, players: Seated[]): Promise<GameView> {
      const ctx = gamesContext(t.app);
      const viewOf = async (seat: number): Promise<GameView> =>
        (await get(`/api/games/${gameId}/view`, players[seat]!.token)).json();
      // `view` is seat `viewSeat`'s: a move's answer is the mover's new view (src/test/play.ts).
      let viewSeat = 0;
      let view = await viewOf(0);
      for (let i = 0; i < 5000 && view.status === 'playing'; i++) {
        const seat = view.turn_seat!;
        const mover = players[seat]!;
        const mine = viewSeat === seat ? view : await viewOf(seat);
        const only = mine.legal_moves.length === 1 ? mine.legal_moves[0]! : null;
        if (only && 'tile' in only) {
          await t.database.db
            .update(games)
            .set({ dueAt: sql`now() - interval '1 second'` })
            .where(eq(games.id, gameId));
          expect(await playDueGame(ctx, gameId, mine.version)).toBe(true);
          view = await viewOf(seat);
        } else {
          const res = await post(`/api/games/${gameId}/moves`, mover.token, {
            version: mine.version,
            ...mine.legal_moves[0],
          });
          expect(res.statusCode, res.body).toBe(200);
          view = res.json();
        }
        viewSeat = seat;
      }
      expect(view.status).toBe('finished');
      return viewSeat === 0 ? view : viewOf(0);
    }

    it.skipIf(skip)(
      'publishes the commitment at the first seat, keeps it through leaves, joins and staff changes, and deals the match with the seed behind it',
      async () => {
        const tableId = await newTable(2);
        const [ana, beto, carla] = await Promise.all(
          ['Ana Pérez', 'Beto Ruiz', 'Carla Díaz'].map(funded),
        );
        expect((await detail(tableId)).commitment).toBeNull();

        pushes.length = 0;
        await join(tableId, ana!);
        const published = (await detail(tableId)).commitment!;
        expect(published).toMatch(HEX64);
        // The waiting room's push carries the same commitment.
        const pushed = pushes
          .map((p) => JSON.parse(p) as { event: string; payload: TableDetail })
          .filter((p) => p.event === 'table:updated');
        expect(pushed.at(-1)?.payload.commitment).toBe(published);
        const seed = (await roundSeed(tableId))!;
        expect(commitment(seed)).toBe(published);

        // Leaving, joining, a staff rename, closing (refunds) and reopening change nothing.
        expect((await post(`/api/tables/${tableId}/leave`, ana!.token)).statusCode).toBe(200);
        expect((await detail(tableId)).commitment).toBe(published);
        await join(tableId, beto!);
        expect((await detail(tableId)).commitment).toBe(published);
        expect(
          (await patch(`/api/admin/tables/${tableId}`, admin, { name: 'Mesa Justa Renombrada' }))
            .statusCode,
        ).toBe(200);
        expect((await post(`/api/admin/tables/${tableId}/close`, admin)).statusCode).toBe(200);
        expect((await post(`/api/admin/tables/${tableId}/open`, admin)).statusCode).toBe(200);
        expect((await detail(tableId)).commitment).toBe(published);
        expect(await roundSeed(tableId)).toBe(seed);

        // Ana sits again and sets her seed; Carla fills the table with the join's default seed.
        expect((await join(tableId, ana!)).seat).toBe(0);
        const set = await put(`/api/tables/${tableId}/client-seed`, ana!.token, {
          client_seed: '  semilla-de-Ana_2026 ',
        });
        expect(set.json()).toEqual({
          seat: 0,
          client_seed: 'semilla-de-Ana_2026',
          message: MSG_FAIRNESS.seedSaved,
        });
        await join(tableId, carla!);
        const started = await detail(tableId);
        expect(started.commitment).toBe(published);
        const gameId = started.game_id!;
        const carlaSeed = (await get(`/api/tables/${tableId}/client-seed`, carla!.token)).json();
        expect(carlaSeed.client_seed).toMatch(/^[0-9a-f]{16}$/);

        // The match commits to the published seed and deals with the waiting room's seeds.
        const first: GameView = (await get(`/api/games/${gameId}/view`, ana!.token)).json();
        expect(first.fairness).toEqual({
          commitment: published,
          client_seeds: ['semilla-de-Ana_2026', carlaSeed.client_seed],
          server_seed: null,
        });
        await playToTheEnd(gameId, [ana!, carla!]);

        const record: FairnessRecordJson = (
          await get(`/api/games/${gameId}/fairness`, ana!.token)
        ).json();
        expect(record.commitment).toBe(published);
        expect(record.server_seed).toBe(seed);
        expect(commitment(record.server_seed)).toBe(published);
        expect(record.client_seeds).toEqual(['semilla-de-Ana_2026', carlaSeed.client_seed]);
        expect(
          verifyMatch(
            {
              commitment: record.commitment,
              serverSeed: record.server_seed,
              clientSeeds: record.client_seeds,
            },
            record.deals.map((d) => ({ hands: d.hands, stock: d.stock })),
          ),
        ).toEqual({ ok: true });

        // Settlement starts the next round: no commitment until its first seat, then a new one.
        expect((await detail(tableId)).commitment).toBeNull();
        await join(tableId, beto!);
        const next = (await detail(tableId)).commitment;
        expect(next).toMatch(HEX64);
        expect(next).not.toBe(published);
        expect((await post(`/api/tables/${tableId}/leave`, beto!.token)).statusCode).toBe(200);
      },
    );

    it.skipIf(skip)(
      'lets a seated player read and set only their own seed, with Spanish refusals, until the match exists',
      async () => {
        const tableId = await newTable(3);
        const other = await newTable(2);
        const [ana, beto, carla, diego] = await Promise.all(
          ['Ana Pérez', 'Beto Ruiz', 'Carla Díaz', 'Diego Mora'].map(funded),
        );
        const url = `/api/tables/${tableId}/client-seed`;
        expect((await get(url)).statusCode).toBe(401);
        expect((await put(url, null, { client_seed: 'abc' })).statusCode).toBe(401);
        const notSeated = { message: MSG_TABLES.notSeated, code: 'tables/not_seated' };
        expect((await get(url, ana!.token)).json()).toEqual(notSeated);
        expect((await put(url, ana!.token, { client_seed: 'abc' })).json()).toEqual(notSeated);

        await join(tableId, ana!);
        await join(tableId, beto!, { client_seed: 'beto-al-unirse' });
        await join(other, diego!);
        const anaDefault = (await get(url, ana!.token)).json();
        expect(anaDefault).toEqual({
          seat: 0,
          client_seed: expect.stringMatching(/^[0-9a-f]{16}$/),
        });
        expect((await get(url, beto!.token)).json()).toEqual({
          seat: 1,
          client_seed: 'beto-al-unirse',
        });

        // Bad seeds: 422 with the field's Spanish message; nothing changes.
        const refusals: [unknown, string][] = [
          [{}, MSG_FAIRNESS.seedRequired],
          [{ client_seed: 42 }, MSG_FAIRNESS.seedRequired],
          [{ client_seed: '   ' }, MSG_FAIRNESS.seedRequired],
          [{ client_seed: 'x'.repeat(65) }, MSG_FAIRNESS.seedLength],
          [{ client_seed: 'mi semilla' }, MSG_FAIRNESS.seedChars],
          [{ client_seed: 'ñandú' }, MSG_FAIRNESS.seedChars],
          [{ client_seed: 'a:b' }, MSG_FAIRNESS.seedChars],
        ];
        for (const [body, message] of refusals) {
          const res = await put(url, beto!.token, body);
          expect(res.statusCode, JSON.stringify(body)).toBe(422);
          expect(res.json().errors.client_seed).toEqual([message]);
        }
        const badJoin = await post(`/api/tables/${tableId}/join`, carla!.token, {
          entry_price: 100,
          client_seed: 'con espacio',
        });
        expect(badJoin.statusCode, badJoin.body).toBe(422);
        expect(badJoin.json().errors.client_seed).toEqual([MSG_FAIRNESS.seedChars]);

        // A seat is named by the session, never by the request: Beto naming seat 0 sets seat 1.
        const named = await put(url, beto!.token, { client_seed: 'beto-2', seat: 0 });
        expect(named.json()).toMatchObject({ seat: 1, client_seed: 'beto-2' });
        expect((await get(url, ana!.token)).json()).toEqual(anaDefault);
        // Diego sits elsewhere: this table's seats are not his to set.
        expect((await put(url, diego!.token, { client_seed: 'intruso' })).json()).toEqual(
          notSeated,
        );
        const seats = await t.database.db
          .select({ seat: tableSeats.seat, seed: tableSeats.clientSeed })
          .from(tableSeats)
          .where(eq(tableSeats.tableId, tableId));
        expect(seats.map((s) => s.seed).sort()).toEqual([anaDefault.client_seed, 'beto-2'].sort());

        // A leaving player's seed leaves with the seat: sitting again brings a fresh random one.
        expect((await post(`/api/tables/${tableId}/leave`, beto!.token)).statusCode).toBe(200);
        await join(tableId, beto!);
        const again = (await get(url, beto!.token)).json();
        expect(again.client_seed).toMatch(/^[0-9a-f]{16}$/);

        // The last seat fills: the match exists and the seeds are fixed (countdown included).
        await join(tableId, carla!);
        const gameId = (await detail(tableId)).game_id!;
        const locked = await put(url, ana!.token, { client_seed: 'demasiado-tarde' });
        expect(locked.statusCode).toBe(409);
        expect(locked.json()).toEqual({
          message: MSG_FAIRNESS.seedLocked,
          code: 'tables/seed_locked',
        });
        const state = await stateOf(gameId);
        expect(state.fairness.clientSeeds[0]).toBe(anaDefault.client_seed);
        expect(state.fairness.clientSeeds[1]).toBe(again.client_seed);
        expect((await get(url, ana!.token)).json().client_seed).toBe(anaDefault.client_seed);
        expect((await post(`/api/tables/${other}/leave`, diego!.token)).statusCode).toBe(200);
      },
    );

    it.skipIf(skip)(
      'has the database derive the commitment and refuse to change a committed seed within a round',
      async () => {
        const tableId = await newTable(2);
        const ana = await funded('Ana Pérez');
        await join(tableId, ana);
        const seed = (await roundSeed(tableId))!;
        // The staff console, a bug or a cheat cannot re-pick the seed behind the commitment.
        await expect(
          t.database.db
            .update(gameTables)
            .set({ roundServerSeed: 'otra-semilla' })
            .where(eq(gameTables.id, tableId)),
        ).rejects.toThrow();
        await expect(
          t.database.db
            .update(gameTables)
            .set({ roundServerSeed: null })
            .where(eq(gameTables.id, tableId)),
        ).rejects.toThrow();
        // Nor can the app write a commitment of its own: the trigger derives it from the seed.
        await t.database.db
          .update(gameTables)
          .set({ roundCommitment: 'f'.repeat(64) })
          .where(eq(gameTables.id, tableId));
        expect((await detail(tableId)).commitment).toBe(commitment(seed));
        // A new round may have a new seed; the database hashes its UTF-8 bytes as the engine does
        // (the known-answer vector of docs/fairness.md).
        expect((await post(`/api/tables/${tableId}/leave`, ana.token)).statusCode).toBe(200);
        await t.database.db
          .update(gameTables)
          .set({ round: sql`${gameTables.round} + 1`, roundServerSeed: 'ñandú ☕ seed' })
          .where(eq(gameTables.id, tableId));
        expect((await detail(tableId)).commitment).toBe(
          '709cf38645b967279361573e28102d540aa3d6b4a0abe433913c8642ec7cbbfc',
        );
      },
    );

    it.skipIf(skip)(
      'never sends the server seed over HTTP, sockets or the staff audit log before the match ends',
      async () => {
        const tableId = await newTable(2);
        const [ana, beto] = await Promise.all(['Ana Pérez', 'Beto Ruiz'].map(funded));
        pushes.length = 0;
        const bodies: string[] = [];
        const keep = async (res: Promise<{ body: string }>) => {
          const r = await res;
          bodies.push(r.body);
          return r;
        };
        await keep(post(`/api/tables/${tableId}/join`, ana!.token, { entry_price: 100 }));
        await keep(put(`/api/tables/${tableId}/client-seed`, ana!.token, { client_seed: 'ana' }));
        await keep(get(`/api/tables/${tableId}/client-seed`, ana!.token));
        // Staff rename the table while Ana waits: the audit keeps the commitment, not the seed.
        await keep(patch(`/api/admin/tables/${tableId}`, admin, { name: 'Mesa Auditada' }));
        await keep(get('/api/admin/audit', admin));
        await keep(get('/api/admin/tables', admin));
        await keep(get('/api/tables'));
        await keep(get(`/api/tables/${tableId}`));
        await keep(post(`/api/tables/${tableId}/join`, beto!.token, { entry_price: 100 }));
        const gameId = (await detail(tableId)).game_id!;
        await keep(get(`/api/games/${gameId}/view`, ana!.token));
        await keep(get(`/api/games/${gameId}/fairness`, ana!.token));
        await keep(get(`/api/games/${gameId}/replay`, ana!.token));
        await keep(get(`/api/tables/${tableId}`));

        const seed = (await stateOf(gameId)).fairness.serverSeed;
        expect(seed).toMatch(HEX64);
        expect(await roundSeed(tableId)).toBe(seed);
        for (const text of [...bodies, ...pushes]) expect(text).not.toContain(seed);
        expect(bodies.join('\n')).toContain(commitment(seed));
        const audits = await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.targetType, 'table'), eq(auditLog.targetId, String(tableId))));
        expect(audits.length).toBeGreaterThan(0);
        for (const a of audits) {
          expect(JSON.stringify([a.before, a.after])).not.toContain(seed);
          expect(a.after).not.toHaveProperty('roundServerSeed');
        }
        const rename = audits.find((a) => a.action === 'table.update')!;
        expect(rename.after).toMatchObject({ roundCommitment: commitment(seed) });
      },
    );

    it.skipIf(skip)(
      "opens a finished match's fairness record to its players and staff only, its replay to anyone once finished",
      async () => {
        const tableId = await newTable(2);
        const [ana, beto, eva] = await Promise.all(
          ['Ana Pérez', 'Beto Ruiz', 'Eva Luna'].map(funded),
        );
        await join(tableId, ana!);
        await join(tableId, beto!);
        const gameId = (await detail(tableId)).game_id!;
        const paths = [`/api/games/${gameId}/fairness`, `/api/games/${gameId}/replay`];

        // While it is played: nobody reads the seeds, players are told why.
        for (const path of paths) {
          const early = await get(path, ana!.token);
          expect(early.statusCode).toBe(409);
          expect(early.json().code).toBe('game/not_finished');
        }
        // Nor does anyone else: a running match's move log is never a spectator's.
        for (const path of paths)
          expect((await get(path, eva!.token)).json().code).toBe('game/not_a_player');
        expect((await get(paths[0]!, ana!.token)).json().message).toBe(MSG_FAIRNESS.notFinished);
        expect((await get(paths[1]!, ana!.token)).json().message).toBe(
          MSG_FAIRNESS.replayNotFinished,
        );
        await playToTheEnd(gameId, [ana!, beto!]);

        for (const path of paths) {
          // Both players.
          for (const p of [ana!, beto!]) expect((await get(path, p.token)).statusCode).toBe(200);
          // Another player: the fairness record is refused; the replay of a finished PUBLIC
          // table's match is open to anyone logged in (spectators, decision 022).
          if (path === paths[0])
            expect((await get(path, eva!.token)).json()).toEqual({
              message: MSG_FAIRNESS.notAParticipant,
              code: 'game/not_a_player',
            });
          else expect((await get(path, eva!.token)).json().my_seat).toBeNull();
          // Staff.
          expect((await get(path, admin)).statusCode).toBe(200);
          // Nobody logged in.
          expect((await get(path)).json()).toEqual({
            message: MSG.unauthenticated,
            code: 'auth/unauthenticated',
          });
        }
        const replay = (await get(paths[1]!, beto!.token)).json();
        expect(replay.my_seat).toBe(1);
        const staffReplay = (await get(paths[1]!, admin)).json();
        expect(staffReplay.my_seat).toBeNull();
        expect(staffReplay.seats).toEqual(replay.seats);
        expect(staffReplay.fairness).toEqual(replay.fairness);
        const unknown = '00000000-0000-4000-8000-000000000000';
        for (const path of [`/api/games/${unknown}/fairness`, `/api/games/${unknown}/replay`])
          expect((await get(path, ana!.token)).statusCode).toBe(404);
      },
    );

    it.skipIf(skip)(
      'migrates existing tables: commitments filled, a seed leaked to the audit log re-picked unless its match runs, and again changes nothing',
      async () => {
        const db = t.database.db;
        const leaked = await newTable(2, 'Mesa Filtrada');
        const kept = await newTable(2, 'Mesa Intacta');
        const playing = await newTable(2, 'Mesa En Juego');
        const [ana, beto, carla, diego] = await Promise.all(
          ['Ana Pérez', 'Beto Ruiz', 'Carla Díaz', 'Diego Mora'].map(funded),
        );
        await join(leaked, ana!);
        await join(kept, beto!);
        await join(playing, carla!);
        await join(playing, diego!);
        const seeds = {
          leaked: (await roundSeed(leaked))!,
          kept: (await roundSeed(kept))!,
          playing: (await roundSeed(playing))!,
        };
        // A database from before this release: no trigger, no commitments, and the old staff
        // edit that copied whole rows (seed included) into the audit log.
        await db.execute(sql`drop trigger game_tables_round_seed on game_tables`);
        await db.update(gameTables).set({ roundCommitment: null });
        const [staff] = await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, t.config.ADMIN_EMAIL));
        for (const [id, seed] of [
          [leaked, seeds.leaked],
          [playing, seeds.playing],
        ] as const)
          await db.insert(auditLog).values({
            actorUserId: staff!.id,
            action: 'table.update',
            targetType: 'table',
            targetId: String(id),
            before: { name: 'Antes', roundServerSeed: seed },
            after: { name: 'Después', roundServerSeed: seed },
          });

        const migration = fs.readFileSync(
          fileURLToPath(new URL('../../db/migrations/0014_table_commitment.sql', import.meta.url)),
          'utf8',
        );
        const apply = async () => {
          for (const statement of migration.split('--> statement-breakpoint'))
            await db.execute(sql.raw(statement));
        };
        const rows = async () => {
          const all = await db
            .select({
              id: gameTables.id,
              seed: gameTables.roundServerSeed,
              commitment: gameTables.roundCommitment,
            })
            .from(gameTables);
          return new Map(all.map((r) => [r.id, r]));
        };
        await apply();
        const once = await rows();
        for (const row of once.values())
          expect(row.commitment).toBe(row.seed === null ? null : commitment(row.seed));
        expect(once.get(leaked)!.seed).toMatch(HEX64);
        expect(once.get(leaked)!.seed).not.toBe(seeds.leaked);
        expect(once.get(kept)!.seed).toBe(seeds.kept);
        // The running match already deals with its seed: re-picking the table's would only
        // make the waiting room disagree with the game.
        expect(once.get(playing)!.seed).toBe(seeds.playing);

        await apply();
        expect(await rows()).toEqual(once);
        await expect(
          db.update(gameTables).set({ roundServerSeed: 'otra' }).where(eq(gameTables.id, kept)),
        ).rejects.toThrow();
        for (const [tableId, p] of [
          [leaked, ana!],
          [kept, beto!],
        ] as const)
          expect((await post(`/api/tables/${tableId}/leave`, p.token)).statusCode).toBe(200);
      },
    );

    it.skipIf(skip || kind !== 'postgres')(
      'serialises seed changes with the join that fills the last seat: an accepted seed is dealt, a refused one is not',
      async () => {
        let accepted = 0;
        let refused = 0;
        for (let round = 0; round < 6; round++) {
          const tableId = await newTable(4, `Mesa Carrera ${round}`);
          const seated = await Promise.all(['Ana Pérez', 'Beto Ruiz', 'Carla Díaz'].map(funded));
          for (const p of seated) await join(tableId, p);
          const before = await Promise.all(
            seated.map(
              async (p) =>
                (await get(`/api/tables/${tableId}/client-seed`, p.token)).json()
                  .client_seed as string,
            ),
          );
          const last = await funded('Diego Mora');
          const [joined, ...sets] = await Promise.all([
            post(`/api/tables/${tableId}/join`, last.token, { entry_price: 100 }),
            ...seated.map((p, i) =>
              put(`/api/tables/${tableId}/client-seed`, p.token, {
                client_seed: `carrera-${round}-${i}`,
              }),
            ),
          ]);
          expect(joined!.statusCode).toBe(200);
          const gameId = (await detail(tableId)).game_id!;
          const dealt = (await stateOf(gameId)).fairness.clientSeeds;
          for (const [i, res] of sets.entries()) {
            if (res.statusCode === 200) {
              accepted++;
              expect(dealt[i]).toBe(`carrera-${round}-${i}`);
            } else {
              refused++;
              expect(res.statusCode).toBe(409);
              expect(res.json().code).toBe('tables/seed_locked');
              expect(dealt[i]).toBe(before[i]);
            }
          }
        }
        expect(accepted + refused).toBe(18);
      },
    );
  });
}

fairnessSuite('pglite');
fairnessSuite('postgres');
