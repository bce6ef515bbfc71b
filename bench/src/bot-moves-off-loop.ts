/**
 * Experto's CPU moves and the node's event loop (docs/decisions/082-bot-moves-off-the-event-loop.md):
 * `--games` practice matches against Experto played at once in this process, on a throwaway
 * PostgreSQL database: the player's turns over HTTP (app.inject, first legal move) and the CPU
 * seats' turns by the move player (`playDueGame`, as the sweeper's workers call it), until
 * `--cpu-moves` CPU moves were played. Twice, alternating: every move chosen inline on the event
 * loop (`offLoopBots: null`, how the server played before), and Experto's moves chosen in the
 * worker pool (bot-compute.ts, what the server does now). Meanwhile a probe asks GET /api/health
 * every 10 ms, as another player's request would, and `monitorEventLoopDelay` samples the loop.
 * Printed per mode: CPU moves per second, the probe's wait and the loop's delay (p50, p99, max,
 * ms).
 *
 * Run: npx tsx bench/src/bot-moves-off-loop.ts [--games 4] [--cpu-moves 160] [--rounds 2]
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { GameView } from '@domino/contracts';
import { DEFAULT_CONFIG, playerView, startMatch, type PlayerView, type Seat } from '@domino/domino';
import { buildTestApp, newPlayer } from '../../apps/server/src/test/helpers';
import type { TestApp } from '../../apps/server/src/test/helpers';
import { workerBots } from '../../apps/server/src/modules/games/bot-compute';
import type { OffLoopBots } from '../../apps/server/src/modules/games/bots';
import type { GamesContext } from '../../apps/server/src/modules/games/context';
import { playDueGame } from '../../apps/server/src/modules/games/due-moves';
import { machineSpeed, machineSpeedLine } from './machine-speed';
import { arg, pct } from './realtime-server';

const GAMES = Number(arg('games', '4'));
const CPU_MOVES = Number(arg('cpu-moves', '160'));
const ROUNDS = Number(arg('rounds', '2'));

interface Figures {
  cpuMoves: number;
  seconds: number;
  probe: number[];
  loop: { p50: number; p99: number; max: number };
}

/** Plays the games until `CPU_MOVES` CPU moves, with `offLoopBots`; the figures of the run. */
async function run(offLoopBots: OffLoopBots | null): Promise<Figures> {
  const t: TestApp = await buildTestApp('postgres', {
    BOT_MIN_DELAY_MS: '0',
    BOT_MAX_DELAY_MS: '0',
    HAND_PAUSE_MS: '0',
    SWEEPER_INTERVAL_MS: '0',
    LOG_LEVEL: 'silent',
  });
  try {
    const ctx: GamesContext = {
      db: t.database.db,
      hub: t.app.deps.hub,
      bots: t.app.deps.bots,
      offLoopBots,
      tableMatchFinished: t.app.deps.tableMatchFinished,
      timing: { botMinDelayMs: 0, botMaxDelayMs: 0, handPauseMs: 0 },
    };
    const games: { id: string; token: string }[] = [];
    for (let i = 0; i < GAMES; i++) {
      const { token } = (
        await t.app.inject({ method: 'POST', url: '/api/register_api', payload: newPlayer() })
      ).json();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/practice-games',
        payload: { difficulty: 'experto' },
        headers: { authorization: `Bearer ${token}` },
      });
      games.push({ id: res.json().game_id, token });
    }
    // The pool's threads start (tsx and the engine load) before the window.
    if (offLoopBots) await workerBots.choose(firstView(), 'experto', 'warm-up');

    let cpuMoves = 0;
    let stop = false;
    const probe: number[] = [];
    const probing = (async () => {
      while (!stop) {
        const t0 = performance.now();
        await t.app.inject({ method: 'GET', url: '/api/health' });
        probe.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const started = performance.now();
    await Promise.all(
      games.map(async (g) => {
        const headers = { authorization: `Bearer ${g.token}` };
        while (cpuMoves < CPU_MOVES) {
          const view: GameView = (
            await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/view`, headers })
          ).json();
          if (view.status !== 'playing') return;
          if (view.turn_seat === 0) {
            await t.app.inject({
              method: 'POST',
              url: `/api/games/${g.id}/moves`,
              headers,
              payload: { version: view.version, ...view.legal_moves[0] },
            });
          } else if (await playDueGame(ctx, g.id, view.version)) {
            cpuMoves += 1;
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    loop.disable();
    stop = true;
    await probing;
    return {
      cpuMoves,
      seconds,
      probe: probe.sort((a, b) => a - b),
      loop: {
        p50: loop.percentile(50) / 1e6,
        p99: loop.percentile(99) / 1e6,
        max: loop.max / 1e6,
      },
    };
  } finally {
    await t.close();
  }
}

/** A view for the pool's warm-up job: the first turn of a seeded match. */
function firstView(): PlayerView {
  const state = startMatch(DEFAULT_CONFIG, {
    serverSeed: 'warm-up',
    clientSeeds: ['a', 'b', 'c', 'd'],
  });
  return playerView(state, state.hand.turn as Seat);
}

function line(label: string, f: Figures): string {
  const p = (q: number) => pct(f.probe, q).toFixed(1);
  return (
    `${label.padEnd(8)} ${f.cpuMoves} CPU moves in ${f.seconds.toFixed(1)} s ` +
    `(${(f.cpuMoves / f.seconds).toFixed(1)}/s); GET /api/health wait p50 ${p(50)} ms, ` +
    `p99 ${p(99)} ms, max ${p(100)} ms (${f.probe.length} probes); event-loop delay p50 ` +
    `${f.loop.p50.toFixed(1)} ms, p99 ${f.loop.p99.toFixed(1)} ms, max ${f.loop.max.toFixed(1)} ms`
  );
}

const before = machineSpeed();
console.log(
  `${GAMES} Experto practice matches at once, ${CPU_MOVES} CPU moves a run, ${ROUNDS} round(s)`,
);
for (let round = 1; round <= ROUNDS; round++) {
  console.log(line('inline', await run(null)));
  console.log(line('workers', await run(workerBots)));
}
console.log(
  machineSpeedLine(
    { label: 'before', handsPerSecond: before },
    { label: 'after', handsPerSecond: machineSpeed() },
  ),
);
process.exit(0);
