/**
 * Engine self-play throughput: random legal play, whole matches, one core.
 * Run: npx tsx bench/src/engine-selfplay.ts [seconds per config, default 3]
 * Prints hands/s and moves/s per mode; target >= 20,000 hands/s (the deal, with its HMAC-SHA256
 * stream, is included in every hand). Also the shape of a match that docs/scaling.md derives a
 * player's pace from: moves per hand, hands per match, and the share of turns with one legal
 * move (a pass or a forced tile, which the server plays by itself after ~1.2 s; the others wait
 * for the player's thought).
 */
import { DEFAULT_CONFIG, type TableConfig } from '@domino/domino';
import { selfPlay } from './machine-speed';

function run(label: string, config: TableConfig, seconds: number): void {
  const { hands, moves, matches, forced, elapsed } = selfPlay(config, seconds);
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log(
    `${label.padEnd(28)} ${fmt(hands / elapsed).padStart(8)} hands/s  ${fmt(moves / elapsed).padStart(9)} moves/s  ${fmt(matches / elapsed).padStart(7)} matches/s  (${fmt(hands)} hands in ${elapsed.toFixed(1)} s)`,
  );
  console.log(
    `${''.padEnd(28)} ${(moves / hands).toFixed(1)} moves/hand, ${(hands / matches).toFixed(1)} hands/match, ` +
      `${(moves / matches).toFixed(0)} moves/match, ${((100 * forced) / moves).toFixed(0)}% of turns with one legal move`,
  );
}

const seconds = Number(process.argv[2] ?? 3);
console.log(`engine self-play, node ${process.version}, ${seconds}s per config`);
run('parejas (defaults)', DEFAULT_CONFIG, seconds);
run(
  'parejas, all options',
  {
    ...DEFAULT_CONFIG,
    targetPoints: 200,
    tranqueRule: 'lowest_hand',
    leadRule: 'winner',
    countingRule: 'all_hands',
    bonuses: { ...DEFAULT_CONFIG.bonuses, capicua: true, paseCorrido: true },
  },
  seconds,
);
run('individual 3, drawing', { ...DEFAULT_CONFIG, mode: 'individual', players: 3 }, seconds);
run(
  'individual 2, no drawing',
  { ...DEFAULT_CONFIG, mode: 'individual', players: 2, drawing: false },
  seconds,
);
