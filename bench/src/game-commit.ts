/**
 * PostgreSQL cost of one game move as the server writes it: wall time and the backend's CPU per
 * move, on a throwaway database, for states taken from real engine play (parejas defaults).
 * First the one-move function of decision 008 (`game_commit_move`) and variants that show what
 * each part of the write costs, with the state compressed by pglz (PostgreSQL's default) and by
 * lz4; then the group commit of decision 035 (`game_commit_moves`, migration 0030) with batches
 * of 1 to 64 moves of different games, the same without storing the state (what keeping a
 * snapshot per hand instead would save), and with the seats' revision of an exact copy, so that
 * the seats are not read back (decision 037, what the server sends).
 *
 * With `--prepared-ab`, only the group commit's call as an unnamed statement against the same
 * call as a named prepared statement (what the server sends since decision 070), alternated.
 * With `--history-ab`, only the function of migration 0032 against today's (decision 075),
 * alternated.
 *
 * Run: npx tsx bench/src/game-commit.ts [--calls 4000] [--prepared-ab | --history-ab]
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  DEFAULT_CONFIG,
  applyMove,
  legalMoves,
  startMatch,
  type MatchState,
  type Move,
  type Seat,
} from '@domino/domino';
import { openDatabase } from '../../apps/server/src/db/client';
import { stateDelta } from '../../apps/server/src/modules/games/commit-batch';
import { arg } from './realtime-server';

const CALLS = Number(arg('calls', '4000'));
/** Only the comparison of the group commit's call unnamed vs as a prepared statement (070). */
const PREPARED_AB = process.argv.includes('--prepared-ab');
/**
 * Only the group commit's function of migration 0032 (the whole state, finished hands included,
 * rewritten by every move) against today's (migration 0044: the finished hands in their own
 * column, written when a hand ends), both prepared, alternated (decision 075).
 */
const HISTORY_AB = process.argv.includes('--history-ab');
const BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function cpuMs(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}

/** States and moves of real play, to write in a loop. */
function samples(n: number): { state: MatchState; seat: Seat; move: Move }[] {
  const out: { state: MatchState; seat: Seat; move: Move }[] = [];
  let m = 0;
  while (out.length < n) {
    let state = startMatch(DEFAULT_CONFIG, {
      serverSeed: `s${m++}`,
      clientSeeds: ['a', 'b', 'c', 'd'],
    });
    while (state.status === 'playing' && out.length < n) {
      const seat = state.hand.turn;
      if (seat === null) break;
      const moves = legalMoves(state, seat);
      const move = moves[0]!;
      const r = applyMove(state, seat, move);
      if (!r.ok) break;
      state = r.state;
      out.push({ state, seat, move });
    }
  }
  return out;
}

async function main() {
  const name = `domino_gc_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(BASE);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: 'unused',
    poolMax: 2,
  });
  await database.migrate();
  await database.close();
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  const pid = (await c.query('select pg_backend_pid() as p')).rows[0].p as number;
  const data = samples(CALLS);
  const sizes = data.map((d) => JSON.stringify(d.state).length);
  console.log(
    `states: mean ${Math.round(sizes.reduce((a, b) => a + b) / sizes.length)} B, max ${Math.max(...sizes)} B`,
  );

  /** A playing practice game `id` with four CPU seats, at version 0. */
  async function insertGame(id: string) {
    await c.query(
      `insert into games (id, kind, state, version, status, commitment, rules) values ($1, 'practice', $2, 0, 'playing', 'x', '{}')`,
      [id, JSON.stringify(data[0]!.state)],
    );
    for (let s = 0; s < 4; s++)
      await c.query(
        `insert into game_players (game_id, seat, bot_level, client_seed) values ($1, $2, 'medio', 's')`,
        [id, s],
      );
  }

  async function run(label: string, fn: string, advances = true, prepared = false) {
    const id = `g-${label}`;
    await insertGame(id);
    const t0 = performance.now();
    const c0 = cpuMs(pid);
    for (let i = 0; i < data.length; i++) {
      const d = data[i]!;
      const r = await c.query({
        ...(prepared ? { name: `commit_${fn}` } : {}),
        text: `select ${fn}($1::text, $2::integer, '0000', false, $3::jsonb, $4::smallint, $5::jsonb, 'player', now() + interval '20 s', now() + interval '20 s', null) as r`,
        values: [id, advances ? i : 0, JSON.stringify(d.state), d.seat, JSON.stringify(d.move)],
      });
      if (r.rows[0].r.outcome !== 'ok') throw new Error(JSON.stringify(r.rows[0].r));
    }
    const wall = (performance.now() - t0) / data.length;
    const cpu = (cpuMs(pid) - c0) / data.length;
    console.log(
      `${label.padEnd(34)} wall ${wall.toFixed(3)} ms/call, backend CPU ${cpu.toFixed(3)} ms/call`,
    );
  }

  // Cumulative variants of the function: what each step adds.
  const fn = (await c.query(`select pg_get_functiondef('game_commit_move'::regproc) as d`)).rows[0]
    .d as string;
  const body = (steps: { insert: boolean; update: boolean; players: boolean }) => {
    let d = fn.replace(
      'public.game_commit_move(',
      `public.gc_${Number(steps.insert)}${Number(steps.update)}${Number(steps.players)}(`,
    );
    if (!steps.insert) d = d.replace(/INSERT INTO game_moves[\s\S]*?;/, '');
    if (!steps.update) d = d.replace(/UPDATE games SET[\s\S]*?WHERE id = p_game_id;/, '');
    if (!steps.players)
      d = d.replace(/'players', \([\s\S]*?WHERE p.game_id = p_game_id\)\);/, "'players', null);");
    return d;
  };
  await c.query(
    `create function gc_noop(p_game_id text, p_expected_version integer, p_presence text, p_due_only boolean, p_state jsonb, p_seat smallint, p_move jsonb, p_actor text, p_due_at timestamptz, p_turn_deadline timestamptz, p_autoplayed integer) returns jsonb language sql as $$ select jsonb_build_object('outcome', 'ok') $$`,
  );
  // The one-move function's parts (decision 008); not with --prepared-ab.
  if (!PREPARED_AB) {
    await run('call only (args parsed)', 'gc_noop', false);
    for (const steps of [
      { insert: false, update: false, players: false },
      { insert: false, update: true, players: false },
      { insert: true, update: true, players: false },
      { insert: true, update: true, players: true },
    ]) {
      await c.query(body(steps));
      await run(
        `lock+check${steps.insert ? '+insert' : ''}${steps.update ? '+update' : ''}${steps.players ? '+players' : ''}`,
        `gc_${Number(steps.insert)}${Number(steps.update)}${Number(steps.players)}`,
        steps.update,
      );
    }
    await run('call only, prepared statement', 'gc_noop', false, true);
    await run('full, prepared statement', 'gc_111', true, true);
  }

  let gameNo = 0;
  /** Moves `data` through `game_commit_moves` in batches of `n` moves of `n` different games. */
  async function batches(
    label: string,
    n: number,
    fnName = 'game_commit_moves',
    delta = false,
    exactSeats = false,
    prepared = false,
  ) {
    const ids: string[] = [];
    for (let k = 0; k < n; k++) {
      const id = `b-${gameNo++}`;
      ids.push(id);
      await insertGame(id);
    }
    const versions = ids.map(() => 0);
    const t0 = performance.now();
    const c0 = cpuMs(pid);
    let moves = 0;
    // Game k plays its own run of consecutive moves (data[k * run + j]), so that a delta is the
    // change of one move of one match, as in play.
    const run = Math.floor(data.length / n);
    for (let j = 0; j < run; j++) {
      const items = ids.map((g, k) => {
        const d = data[k * run + j]!;
        const previous = j > 0 ? data[k * run + j - 1]!.state : undefined;
        const sd = delta && previous ? stateDelta(previous, d.state) : null;
        return {
          g,
          v: versions[k],
          p: '0000',
          d: false,
          ...(sd ? { sd } : { st: d.state }),
          s: d.seat,
          m: d.move,
          a: 'player',
          due: new Date(Date.now() + 20_000).toISOString(),
          dl: new Date(Date.now() + 20_000).toISOString(),
          ap: null,
          // The sum of the seats' revisions of an exact copy (no seat row was updated).
          ...(exactSeats ? { r: 0 } : {}),
        };
      });
      const text = `select ${fnName}($1::jsonb) as r`;
      const values = [JSON.stringify(items)];
      // Named: parsed and planned once on this connection, as the server does (decision 070).
      const r = prepared
        ? await c.query({ name: `bench_${fnName}`, text, values })
        : await c.query(text, values);
      for (const [k, o] of (r.rows[0].r as { outcome: string }[]).entries()) {
        if (o.outcome !== 'ok') throw new Error(JSON.stringify(o));
        versions[k]! += 1;
      }
      moves += n;
    }
    const wall = (performance.now() - t0) / moves;
    const cpu = (cpuMs(pid) - c0) / moves;
    console.log(
      `${label.padEnd(34)} wall ${wall.toFixed(3)} ms/move, backend CPU ${cpu.toFixed(3)} ms/move`,
    );
  }

  // The state compressed as the migrations leave it (lz4 where the server has it), then pglz.
  const compression = (
    await c.query(
      `select coalesce(attcompression::text, '') as c from pg_attribute where attrelid = 'games'::regclass and attname = 'state'`,
    )
  ).rows[0].c as string;
  const lz4 = compression === 'l';
  if (HISTORY_AB) {
    // Migration 0032's function under another name, next to today's, on the same tables.
    const file = new URL('../../apps/server/src/db/migrations/0032_hot_moves.sql', import.meta.url);
    const sql0032 = fs.readFileSync(file, 'utf8');
    const fn = sql0032.slice(sql0032.indexOf('CREATE OR REPLACE FUNCTION game_commit_moves'));
    await c.query(fn.replace('FUNCTION game_commit_moves(', 'FUNCTION game_commit_moves_0032('));
    console.log('\ngame_commit_moves, delta and exact seats, prepared: migration 0032 vs today');
    for (let round = 1; round <= 4; round++) {
      for (const n of [1, 4]) {
        const [first, second] =
          round % 2 === 1
            ? ['game_commit_moves_0032', 'game_commit_moves']
            : ['game_commit_moves', 'game_commit_moves_0032'];
        for (const f of [first, second])
          await batches(
            `round ${round}, batch of ${n}, ${f === 'game_commit_moves' ? 'today' : '0032'}`,
            n,
            f,
            true,
            true,
            true,
          );
      }
    }
    await c.end();
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
    return;
  }
  if (PREPARED_AB) {
    // The call as an unnamed statement (parsed and planned on every call, as before decision
    // 070) and as a named prepared statement, alternated so that both see the same load.
    console.log('\ngame_commit_moves, delta and exact seats: unnamed statement vs prepared');
    for (let round = 1; round <= 3; round++) {
      for (const n of [1, 4]) {
        await batches(`round ${round}, batch of ${n}, unnamed`, n, undefined, true, true);
        await batches(`round ${round}, batch of ${n}, prepared`, n, undefined, true, true, true);
      }
    }
    await c.end();
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
    return;
  }
  console.log(`\ngroup commit (game_commit_moves), state compression ${lz4 ? 'lz4' : 'pglz'}:`);
  for (const n of [1, 4, 16, 64]) await batches(`batch of ${n}`, n);
  // What the server sends: the top-level keys of the state that the move changed.
  for (const n of [1, 4, 16]) await batches(`batch of ${n}, state delta`, n, undefined, true);
  // Without storing the state: what a snapshot per hand (state written once per hand) would save.
  const original = (await c.query(`select pg_get_functiondef('game_commit_moves'::regproc) as d`))
    .rows[0].d as string;
  await c.query(
    original
      .replace('public.game_commit_moves(', 'public.gcm_no_state(')
      // Today's function (migration 0044) sets the state and the finished hands, up to the
      // version: both go.
      .replace(/state = CASE[\s\S]*?(?=version = v_version \+ 1,)/, ''),
  );
  const variant = (await c.query(`select pg_get_functiondef('gcm_no_state'::regproc) as d`)).rows[0]
    .d as string;
  if (variant.includes('state = CASE') || variant.includes('history = CASE'))
    throw new Error('the variant without the state still writes it');
  for (const n of [1, 16]) await batches(`batch of ${n}, state not stored`, n, 'gcm_no_state');
  // What the server sends since decision 037: the delta and the seats' revision, so that the
  // seats are not read back (the copy is exact).
  for (const n of [1, 4, 16])
    await batches(`batch of ${n}, delta, seats exact`, n, undefined, true, true);
  if (lz4) {
    await c.query(`alter table games alter column state set compression pglz`);
    console.log("\nthe same with pglz (PostgreSQL's default, before migration 0030):");
    await run('full, one move per call (0011)', 'gc_111');
    for (const n of [1, 16]) await batches(`batch of ${n}`, n);
  }

  await c.query(`alter table games set (toast_tuple_target = 8160)`);
  await run('full, toast_tuple_target 8160', 'gc_111');
  await c.query(`alter table game_moves drop constraint game_moves_game_id_games_id_fk`);
  await run('full, + no FK on game_moves', 'gc_111');
  await c.query(`set synchronous_commit = off`);
  await run('full, + synchronous_commit off', 'gc_111');
  await run('call only, synchronous_commit off', 'gc_noop', false);
  await c.end();
  await admin.query(`drop database ${name} with (force)`);
  await admin.end();
}

await main();
