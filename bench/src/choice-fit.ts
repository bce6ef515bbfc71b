/**
 * Fits inference.ts's choice model (a softmax over pips plus a bonus for doubles) to the plays a
 * bot level actually makes: self-play matches of `--level` (parejas, the engine's defaults), and
 * at every non-lead turn with two or more distinct tiles that fit, the log-likelihood of the
 * chosen tile under each (beta, doubleValue) of a grid, summed. Prints the grid's best cells and
 * the figures of Experto's types, per level: how well each of Experto's opponent types describes a
 * level, then the best cells with two terms that depend on the chooser's other tiles (follow:
 * tiles held of the number left open; keep: tiles that fit either end after the play), weighted
 * in nats per tile (docs/decisions/058-experto.md, addendum 10). Seeded: the same figures each
 * run.
 *
 *   npx tsx bench/src/choice-fit.ts --level=dificil --matches=20
 */
import { DEFAULT_CONFIG, applyMove, playerView, startMatch, type Seat } from '@domino/domino';
import {
  chooseGreedy,
  chooseMove,
  createRng,
  type Rng,
} from '../../packages/domino/src/bots/index';

interface Choice {
  /**
   * Values' inputs of the tiles that fitted: [pips, isDouble, follow, keep]; follow = the most
   * tiles the chooser still holds of the number the tile leaves open (over the ends it fits),
   * keep = the most of its tiles that fit either end after the play.
   */
  readonly options: readonly (readonly [number, boolean, number, number])[];
  readonly chosen: number;
  readonly lead: boolean;
}

const arg = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const level = arg('level', 'dificil');
const matches = Number(arg('matches', '20'));

const choices: Choice[] = [];
for (let m = 0; m < matches; m++) {
  let state = startMatch(DEFAULT_CONFIG, {
    serverSeed: `fit/${m}`,
    clientSeeds: ['a', 'b', 'c', 'd'],
  });
  const rngs = [0, 1, 2, 3].map((s) => createRng(`fit/${m}/${s}`));
  while (state.status === 'playing') {
    const seat = state.hand.turn as Seat;
    const view = playerView(state, seat);
    const rng = rngs[seat] as Rng;
    const move =
      level === 'greedy' ? chooseGreedy(view, rng) : chooseMove(view, level as never, rng, {});
    const plays = new Map<string, [number, boolean, number, number]>();
    for (const mv of view.legalMoves) {
      if (mv.kind !== 'play') continue;
      const [a, b] = mv.tile;
      const key = `${a}-${b}`;
      const rest = view.hand.filter(([x, y]) => !(x === a && y === b));
      const holds = (n: number): number => rest.filter(([x, y]) => x === n || y === n).length;
      let follow: number;
      let keep: number;
      if (view.ends === null) {
        follow = Math.max(holds(a), holds(b));
        keep = rest.filter(([x, y]) => x === a || y === a || x === b || y === b).length;
      } else {
        const at = mv.end === 'left' ? view.ends.left : view.ends.right;
        const other = mv.end === 'left' ? view.ends.right : view.ends.left;
        const open = a === at ? b : a;
        follow = holds(open);
        keep = rest.filter(
          ([x, y]) => x === open || y === open || x === other || y === other,
        ).length;
      }
      const known = plays.get(key);
      plays.set(key, [
        a + b,
        a === b,
        Math.max(follow, known?.[2] ?? 0),
        Math.max(keep, known?.[3] ?? 0),
      ]);
    }
    if (plays.size >= 2 && move.kind === 'play' && view.requiredLead === null) {
      const keys = [...plays.keys()];
      choices.push({
        options: [...plays.values()],
        chosen: keys.indexOf(`${move.tile[0]}-${move.tile[1]}`),
        lead: view.ends === null,
      });
    }
    const r = applyMove(state, seat, move);
    if (!r.ok) throw new Error(r.code);
    state = r.state;
  }
}

function logLik(beta: number, dv: number, lead: boolean, wf = 0, wk = 0): number {
  let sum = 0;
  for (const c of choices) {
    if (c.lead !== lead) continue;
    const vals = c.options.map(([p, d, f, k]) => beta * (p + (d ? dv : 0)) + wf * f + wk * k);
    const top = Math.max(...vals);
    const z = vals.reduce((s, v) => s + Math.exp(v - top), 0);
    sum += (vals[c.chosen] as number) - top - Math.log(z);
  }
  return sum;
}
for (const lead of [false, true]) {
  const n = choices.filter((c) => c.lead === lead).length;
  const cells: [number, number, number][] = [];
  for (const beta of [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 5])
    for (const dv of [-3, -1, 0, 1, 2, 3, 4, 6, 8, 12])
      cells.push([beta, dv, logLik(beta, dv, lead)]);
  cells.sort((a, b) => b[2] - a[2]);
  console.log(`${level} ${lead ? 'leads' : 'follows'}: ${n} choices; per choice log-lik:`);
  for (const [b, d, l] of cells.slice(0, 6))
    console.log(`  beta ${b} doubleValue ${d}: ${(l / n).toFixed(4)}`);
  for (const [b, d] of [
    [1, 0],
    [1, 3],
    [5, 0],
    [0, 0],
  ] as const)
    console.log(`  type beta ${b} dv ${d}: ${(logLik(b, d, lead) / n).toFixed(4)}`);
  // With the hand-dependent terms: per follow tile (wf) and per kept tile (wk), in nats.
  const wide: [number, number, number, number, number][] = [];
  for (const beta of [0, 0.25, 0.5, 1, 2, 5])
    for (const dv of [0, 3, 6])
      for (const wf of [0, 0.25, 0.5, 1, 1.5, 2, 3])
        for (const wk of [-0.5, 0, 0.25, 0.5, 1, 2])
          wide.push([beta, dv, wf, wk, logLik(beta, dv, lead, wf, wk)]);
  wide.sort((a, b) => b[4] - a[4]);
  console.log(`  with follow (wf) and keep (wk):`);
  for (const [b, d, f, k, l] of wide.slice(0, 6))
    console.log(`  beta ${b} dv ${d} wf ${f} wk ${k}: ${(l / n).toFixed(4)}`);
}
