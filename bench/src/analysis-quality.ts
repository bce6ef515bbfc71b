/**
 * Post-game analysis quality (docs/decisions/029-post-game-analysis.md, addendum of 2026-12-04):
 * on the same decisions of seeded parejas matches, the move each analysis model recommends as
 * best — Difícil's search at its default effort (`analyzeDificil`, the analysis before that
 * addendum) and Experto's with the analysis options (`analyzeExperto`,
 * analysis.ts `ANALYSIS_EXPERTO_OPTIONS`), both from the deciding seat's view with the analysis's
 * seed `${gameId}:${index}` — is valued by an oracle that searches the true deal (search.ts
 * `HandSearch`, every seat seeing every hand, `--budget` nodes, Difícil's leaf value when not
 * solved). Regret = the oracle's value of its own best play minus its value of the recommended
 * play, in points of the hand for the seat's side.
 *
 *   npx tsx bench/src/analysis-quality.ts [matches=30] [--players=medio] [--budget=2000000]
 *     [--experto='{...}']
 *
 * Match k is played by four `--players` bots (medio or dificil) from the seeds `aq-${k}`; the
 * decisions of seat k mod 4 with two or more legal plays are the ones the analysis searches.
 * Prints, per model, the mean regret per decision with its standard error, the share of
 * decisions where the recommended play is one of the oracle's best, the paired difference, and
 * the same figures over the decisions the oracle solved to the end of the hand (no leaf value).
 * `--experto` overrides options of the Experto analysis (a lighter effort, to compare).
 */
import {
  ANALYSIS_EXPERTO_OPTIONS,
  DEFAULT_CONFIG,
  DEFAULT_EVAL,
  HandSearch,
  analyzeDificil,
  analyzeExperto,
  applyMove,
  chooseMove,
  playerView,
  startMatch,
  type ExpertoOptions,
  type MatchState,
  type Move,
  type PlayMove,
  type Seat,
} from '@domino/domino';
import { loadavg } from 'node:os';
import { maskOf } from '../../packages/domino/src/bots/tileset';
import { tileId } from '../../packages/domino/src/tiles';

/** One reviewed decision: each model's regret (points) and whether the oracle solved it. */
interface Sample {
  readonly dificil: number;
  readonly experto: number;
  /** The two models recommend different plays. */
  readonly differ: boolean;
  readonly exact: boolean;
}

const args = process.argv.slice(2);
const flag = (name: string): string | undefined =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const matches = Number(args.find((a) => !a.startsWith('--')) ?? 30);
const players = flag('players') ?? 'medio';
if (players !== 'medio' && players !== 'dificil') throw new Error('--players: medio or dificil');
const budget = Number(flag('budget') ?? 2_000_000);
const override = JSON.parse(flag('experto') ?? '{}') as Partial<ExpertoOptions>;
const expertoOptions = { ...ANALYSIS_EXPERTO_OPTIONS, ...override };

const samePlay = (a: Move, b: Move): boolean =>
  a.kind === 'play' && b.kind === 'play' && tileId(a.tile) === tileId(b.tile) && a.end === b.end;

/** Mean and standard error of the mean. */
function meanSe(xs: readonly number[]): { mean: number; se: number } {
  const n = xs.length;
  const mean = xs.reduce((s, x) => s + x, 0) / n;
  const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, n - 1);
  return { mean, se: Math.sqrt(variance / n) };
}

const samples: Sample[] = [];
const cpu = { dificil: 0, experto: 0 };
const timed = <T>(key: keyof typeof cpu, f: () => T): T => {
  const start = process.cpuUsage();
  const out = f();
  const d = process.cpuUsage(start);
  cpu[key] += (d.user + d.system) / 1000;
  return out;
};

for (let k = 0; k < matches; k++) {
  const gameId = `aq-${k}`;
  const seeds = { serverSeed: gameId, clientSeeds: ['c0', 'c1', 'c2', 'c3'] };
  const reviewed = (k % 4) as Seat;
  let state: MatchState = startMatch(DEFAULT_CONFIG, seeds);
  let index = 0;
  while (state.status === 'playing') {
    const seat = state.hand.turn as Seat;
    const view = playerView(state, seat);
    const move = chooseMove(view, players, `${gameId}/${index}`);
    const plays = view.legalMoves.filter((m): m is PlayMove => m.kind === 'play');
    if (seat === reviewed && plays.length > 1 && plays.length === view.legalMoves.length) {
      const seed = `${gameId}:${index}`;
      const dificil = timed('dificil', () => analyzeDificil(view, seed).move);
      const experto = timed('experto', () => analyzeExperto(view, seed, expertoOptions).move);
      const oracle = new HandSearch(DEFAULT_CONFIG, seat, { eval: DEFAULT_EVAL, winBonus: 0 });
      const result = oracle.search(
        {
          hands: state.hand.hands.map((h) => maskOf(h)),
          stock: state.hand.stock.map((t) => tileId(t)),
          ends: view.ends,
        },
        plays.map((m) => ({ id: tileId(m.tile), end: m.end })),
        budget,
      );
      const values = Array.from(result.values);
      const top = Math.max(...values);
      const regret = (m: Move): number =>
        top - (values[plays.findIndex((p) => samePlay(p, m))] as number);
      samples.push({
        dificil: regret(dificil),
        experto: regret(experto),
        differ: !samePlay(dificil, experto),
        exact: result.exact,
      });
    }
    const r = applyMove(state, seat, move);
    if (!r.ok) throw new Error(r.code);
    state = r.state;
    index++;
  }
  if ((k + 1) % 5 === 0) console.log(`match ${k + 1}/${matches}: ${samples.length} decisions`);
}

function report(label: string, xs: readonly Sample[]): void {
  const d = meanSe(xs.map((s) => s.dificil));
  const e = meanSe(xs.map((s) => s.experto));
  const diff = meanSe(xs.map((s) => s.dificil - s.experto));
  const hits = (key: 'dificil' | 'experto'): string => {
    const p = xs.filter((s) => s[key] <= 1e-6).length / xs.length;
    return `${(100 * p).toFixed(1)}% ± ${(100 * Math.sqrt((p * (1 - p)) / xs.length)).toFixed(1)}`;
  };
  console.log(`\n${label}: ${xs.length} decisions`);
  console.log('model   | mean regret (points) ± SE | picks an oracle best ± SE');
  console.log(`Difícil | ${d.mean.toFixed(2)} ± ${d.se.toFixed(2)} | ${hits('dificil')}`);
  console.log(`Experto | ${e.mean.toFixed(2)} ± ${e.se.toFixed(2)} | ${hits('experto')}`);
  const hit = (x: number): number => (x <= 1e-6 ? 1 : 0);
  const hitDiff = meanSe(xs.map((s) => hit(s.experto) - hit(s.dificil)));
  console.log(
    `paired Difícil − Experto regret: ${diff.mean.toFixed(2)} ± ${diff.se.toFixed(2)} points a decision; ` +
      `the models recommend different plays on ${xs.filter((s) => s.differ).length}`,
  );
  console.log(
    `paired Experto − Difícil share of oracle-best picks: ${(100 * hitDiff.mean).toFixed(1)} ± ` +
      `${(100 * hitDiff.se).toFixed(1)} points (an oracle best by Experto only ` +
      `${xs.filter((s) => hit(s.experto) > hit(s.dificil)).length}, by Difícil only ` +
      `${xs.filter((s) => hit(s.dificil) > hit(s.experto)).length})`,
  );
}

console.log(
  `\n${matches} matches of ${players} bots, seat k mod 4 reviewed; oracle ${budget} nodes; ` +
    `Experto ${JSON.stringify(override)}; load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);
console.log(
  `CPU per decision: Difícil ${(cpu.dificil / samples.length).toFixed(0)} ms, ` +
    `Experto ${(cpu.experto / samples.length).toFixed(0)} ms`,
);
report('all decisions', samples);
report(
  'decisions the oracle solved exactly',
  samples.filter((s) => s.exact),
);
