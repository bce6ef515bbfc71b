/**
 * Where Experto loses against the greedy pair: every Experto decision (two or more legal plays)
 * of `matches` matches (Experto pair vs greedy heaviest-tile pair, the tournament's (e) seeds) is
 * compared with an oracle that searches the true deal (search.ts `HandSearch`, `--budget` nodes,
 * the greedy seats modelled as heaviest-tile players). Regret = oracle value of the oracle's best
 * play minus oracle value of Experto's play, in points of the hand; summed by kind of decision.
 *
 *   npx tsx bench/src/experto-regret.ts [matches=20] [--budget=2000000] [--experto='{...}']
 */
import { DEFAULT_CONFIG, applyMove, playerView, startMatch, type Seat } from '@domino/domino';
import {
  chooseGreedy,
  chooseMove,
  createRng,
  type Rng,
} from '../../packages/domino/src/bots/index';
import { HandSearch } from '../../packages/domino/src/bots/search';
import { maskOf } from '../../packages/domino/src/bots/tileset';
import { tileId } from '../../packages/domino/src/tiles';
import { loadavg } from 'node:os';

interface Bucket {
  n: number;
  differ: number;
  regret: number;
}

function main(): void {
  const args = process.argv.slice(2);
  const matches = Number(args.find((a) => !a.startsWith('--')) ?? 20);
  const budget = Number(args.find((a) => a.startsWith('--budget='))?.slice(9) ?? 2_000_000);
  const expArg = args.find((a) => a.startsWith('--experto='));
  const experto = expArg ? (JSON.parse(expArg.slice(10)) as Record<string, unknown>) : {};
  const config = DEFAULT_CONFIG;
  const buckets = new Map<string, Bucket>();
  const add = (key: string, differ: boolean, regret: number): void => {
    const b = buckets.get(key) ?? { n: 0, differ: 0, regret: 0 };
    b.n++;
    if (differ) b.differ++;
    b.regret += regret;
    buckets.set(key, b);
  };
  let hands = 0;
  let won = 0;
  for (let k = 0; k < matches; k++) {
    const aSide = k % 2;
    const seeds = { serverSeed: `e/m${Math.floor(k / 2)}`, clientSeeds: ['c0', 'c1', 'c2', 'c3'] };
    let state = startMatch(config, seeds);
    const rngs: Rng[] = [0, 1, 2, 3].map((s) => createRng(`e/m${Math.floor(k / 2)}/seat${s}`));
    while (state.status === 'playing') {
      const seat = state.hand.turn as Seat;
      const view = playerView(state, seat);
      const rng = rngs[seat] as Rng;
      const ours = seat % 2 === aSide;
      const move = ours ? chooseMove(view, 'experto', rng, { experto }) : chooseGreedy(view, rng);
      const plays = view.legalMoves.filter((m) => m.kind === 'play');
      if (ours && plays.length > 1 && move.kind === 'play') {
        const search = new HandSearch(config, seat, { eval: { pips: 0.5, tiles: 4 }, winBonus: 0 });
        const greedyMask = (1 << ((seat + 1) % 4)) | (1 << ((seat + 3) % 4));
        const result = search.search(
          {
            hands: state.hand.hands.map((h) => maskOf(h)),
            stock: state.hand.stock.map((t) => tileId(t)),
            ends: view.ends,
          },
          plays.map((m) =>
            m.kind === 'play'
              ? { id: tileId(m.tile), end: m.end }
              : { id: 0, end: 'left' as const },
          ),
          budget,
          greedyMask,
        );
        const values = Array.from(result.values);
        const best = Math.max(...values);
        const i = plays.findIndex(
          (m) => m.kind === 'play' && tileId(m.tile) === tileId(move.tile) && m.end === move.end,
        );
        const regret = best - (values[i] as number);
        const differ = regret > 1e-6;
        const onLine = view.line.length;
        const phase =
          onLine === 0 ? 'lead' : onLine <= 4 ? 'line 1-4' : onLine <= 9 ? 'line 5-9' : 'line 10+';
        add(`phase ${phase}`, differ, regret);
        const dbl = move.tile[0] === move.tile[1];
        const bestIsDouble = plays.some(
          (m, j) =>
            m.kind === 'play' && m.tile[0] === m.tile[1] && (values[j] as number) >= best - 1e-6,
        );
        add(`played double ${dbl}, a double was best ${bestIsDouble}`, differ, regret);
        add(`exact ${result.exact}`, differ, regret);
        add('all', differ, regret);
      }
      const r = applyMove(state, seat, move);
      if (!r.ok) throw new Error(r.code);
      state = r.state;
    }
    for (const h of state.history) {
      if (h.winnerSide === null) continue;
      hands++;
      if (h.winnerSide === aSide) won++;
    }
    console.log(`match ${k}: hands won so far ${won}/${hands}`);
  }
  console.log(
    `\nload ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; budget ${budget}`,
  );
  console.log(
    'bucket | decisions | differ from oracle | regret sum (points) | regret per decision',
  );
  for (const [key, b] of [...buckets].sort()) {
    console.log(
      `${key} | ${b.n} | ${b.differ} (${((100 * b.differ) / b.n).toFixed(1)}%) | ${b.regret.toFixed(0)} | ${(b.regret / b.n).toFixed(2)}`,
    );
  }
}

main();
