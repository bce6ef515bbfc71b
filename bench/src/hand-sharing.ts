/**
 * Calibration of the hand-sharing detector (packages/domino/src/integrity.ts, docs/integrity.md,
 * docs/decisions/059-hand-sharing-detector.md) by simulation.
 *
 * Pairs at seats 0+2 play parejas matches against honest Medio opponents at 1+3:
 * - honest pairs of every bot level (`BOT_LEVELS`: facil, medio, dificil, and any level added
 *   later), with human-like noise: with probability `--eps` a uniformly random legal move;
 * - sharing pairs: each seat is told its partner's tiles and plays the move with the best value
 *   given them (the Difícil search with the partner's tiles fixed, `sharingMove`), with the same
 *   noise; `always` in every hand, `half` in a random half of the hands (honest Difícil in the
 *   others).
 * Every hand of the pair is scored (`scoreMatchHands`, default effort). A pool of `--hands` hands
 * per kind is simulated; `--pairs` pairs per kind are then formed by drawing hands from the pool
 * (with replacement), and each pair is checked after every hand from `HAND_SHARING_MIN_HANDS` on
 * (a stricter schedule than the server's, which checks after each match). Printed: per kind, the
 * mean score per decision and hand with its standard error, and the share of pairs flagged within
 * 25, 50, 100, 150, 200, 300 hands for several thresholds.
 *
 * With `--readings=plays,experto` every simulated match is scored once per reading of the hidden
 * tiles (`IntegrityOptions.reading`; default: the detector's own), on the same hands, and the
 * tables are printed per reading.
 *
 * Run: npx tsx bench/src/hand-sharing.ts [--hands=400] [--pairs=400] [--workers=2] [--eps=0.1]
 *      [--kinds=honest-facil,...,share-always,share-half] [--thresholds=2.5,3,3.3,3.5]
 *      [--readings=plays,experto]
 */
import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import {
  BOT_LEVELS,
  DEFAULT_CONFIG,
  DEFAULT_INTEGRITY_OPTIONS,
  HAND_SHARING_MIN_HANDS,
  HAND_SHARING_Z,
  applyMove,
  chooseMove,
  createRng,
  mulberry32,
  playerView,
  scoreMatchHands,
  sharingMove,
  startMatch,
  type BotLevel,
  type IntegrityOptions,
  type MatchState,
  type Move,
  type Seat,
  type SeatedMove,
} from '@domino/domino';

/** What the pair at seats 0+2 is. */
type Kind = `honest-${BotLevel}` | 'share-always' | 'share-half';

/** How the scorer's valuations read the hidden tiles (`IntegrityOptions.reading`). */
type Reading = 'plays' | 'experto';

interface Job {
  kind: Kind;
  index: number;
  eps: number;
  /** The match is scored once per reading. */
  readings: readonly Reading[];
}

/** One match's pair scored with one reading. */
interface Scored {
  /** Per hand of the pair: D (points) and its decision count. */
  hands: { score: number; decisions: number }[];
  /** CPU milliseconds spent scoring. */
  scoreMs: number;
}

interface Outcome {
  kind: Kind;
  /** The match scored with each of the job's readings, in order. */
  scored: Scored[];
}

/** Search effort of the Difícil bots in this bench (lighter than the product's, for speed). */
const BENCH_DIFICIL = { samples: 16, nodeBudget: 20_000, candidates: 160 };
/**
 * Effort of a sharing seat's valuation (its own search, not the scorer's), reading the plays as
 * Difícil does, as in every calibration recorded in docs/integrity.md (the scorer's reading is
 * `--readings`).
 */
const SHARE_EFFORT: IntegrityOptions = {
  ...DEFAULT_INTEGRITY_OPTIONS,
  samples: 16,
  nodeBudget: 20_000,
  reading: 'plays',
};

function honestMove(view: ReturnType<typeof playerView>, level: BotLevel, seed: string): Move {
  return chooseMove(view, level, seed, { dificil: BENCH_DIFICIL });
}

/** One match; returns the pair's scored hands. */
function playMatch(job: Job): Outcome {
  const seeds = { serverSeed: `hs-${job.kind}-${job.index}`, clientSeeds: ['a', 'b', 'c', 'd'] };
  const noise = mulberry32(job.index * 7919 + job.kind.length * 104_729 + 1);
  let state: MatchState = startMatch(DEFAULT_CONFIG, seeds);
  const moves: SeatedMove[] = [];
  const sharingHands = new Set<number>();
  while (state.status === 'playing') {
    const seat = state.hand.turn as Seat;
    const view = playerView(state, seat);
    const seed = `${job.kind}-${job.index}-${moves.length}`;
    let move: Move;
    if (seat % 2 === 1) move = honestMove(view, 'medio', seed);
    else if (view.legalMoves.length > 1 && noise() < job.eps)
      move = view.legalMoves[Math.floor(noise() * view.legalMoves.length)] as Move;
    else if (job.kind === 'share-always' || job.kind === 'share-half') {
      const hand = state.hand.number;
      if (job.kind === 'share-always') sharingHands.add(hand);
      else if (!sharingHands.has(hand) && !sharingHands.has(-hand))
        sharingHands.add(noise() < 0.5 ? hand : -hand);
      if (sharingHands.has(hand)) {
        const partner = state.hand.hands[(seat + 2) % 4] ?? [];
        move = sharingMove(view, partner, createRng(`share-${seed}`), SHARE_EFFORT);
      } else move = honestMove(view, 'dificil', seed);
    } else move = honestMove(view, job.kind.slice(7) as BotLevel, seed);
    const result = applyMove(state, seat, move);
    if (!result.ok) throw new Error(`${job.kind} ${job.index}: ${result.code}`);
    moves.push({ seat, move });
    state = result.state;
  }
  const scored = job.readings.map((reading): Scored => {
    const start = process.cpuUsage();
    const hands = scoreMatchHands(DEFAULT_CONFIG, seeds, moves, 0, `bench-${job.index}`, {
      ...DEFAULT_INTEGRITY_OPTIONS,
      reading,
    });
    const used = process.cpuUsage(start);
    return {
      hands: hands.map((h) => ({ score: h.score, decisions: h.decisions.length })),
      scoreMs: (used.user + used.system) / 1000,
    };
  });
  return { kind: job.kind, scored };
}

function workerBoot(): string {
  const api = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
}

/** Hands of every kind, simulated on `workers` threads until each kind has `target` hands. */
async function simulate(
  kinds: readonly Kind[],
  target: number,
  workers: number,
  eps: number,
  readings: readonly Reading[],
): Promise<Map<Kind, Outcome[]>> {
  const out = new Map<Kind, Outcome[]>(kinds.map((k) => [k, []]));
  const handsOf = (k: Kind) =>
    (out.get(k) ?? []).reduce((s, o) => s + (o.scored[0]?.hands.length ?? 0), 0);
  const inFlight = new Map<Kind, number>(kinds.map((k) => [k, 0]));
  const nextIndex = new Map<Kind, number>(kinds.map((k) => [k, 0]));
  const t0 = performance.now();
  let lastPrint = t0;
  await new Promise<void>((resolve, reject) => {
    const pool: Worker[] = [];
    let busy = 0;
    const nextJob = (): Job | null => {
      // A match has about 10 hands: keep enough in flight to reach the target.
      for (const k of kinds)
        if (handsOf(k) + 10 * (inFlight.get(k) ?? 0) < target) {
          const index = nextIndex.get(k) ?? 0;
          nextIndex.set(k, index + 1);
          inFlight.set(k, (inFlight.get(k) ?? 0) + 1);
          return { kind: k, index, eps, readings };
        }
      return null;
    };
    const dispatch = (w: Worker): void => {
      const job = nextJob();
      if (job === null) {
        if (busy === 0) {
          for (const p of pool) void p.terminate();
          resolve();
        }
        return;
      }
      busy++;
      w.postMessage(job);
    };
    for (let i = 0; i < workers; i++) {
      const w = new Worker(workerBoot(), { eval: true });
      pool.push(w);
      w.on('error', reject);
      w.on('message', (o: Outcome) => {
        busy--;
        inFlight.set(o.kind, (inFlight.get(o.kind) ?? 1) - 1);
        out.get(o.kind)?.push(o);
        if (performance.now() - lastPrint > 30_000) {
          lastPrint = performance.now();
          const done = kinds.map((k) => `${k} ${handsOf(k)}`).join(', ');
          console.log(`  ${((lastPrint - t0) / 1000).toFixed(0)} s: ${done}`);
        }
        dispatch(w);
      });
      dispatch(w);
    }
  });
  return out;
}

const CHECKPOINTS = [25, 50, 100, 150, 200, 300] as const;

/**
 * Share of `pairs` pairs (hands drawn from `pool` with replacement, seeded) flagged at or before
 * each checkpoint, per threshold, checking z = ΣD / sqrt(ΣD²) after every hand from `minHands`.
 */
function curve(
  pool: readonly number[],
  pairs: number,
  thresholds: readonly number[],
  seed: number,
): number[][] {
  const rnd = mulberry32(seed);
  const last = CHECKPOINTS[CHECKPOINTS.length - 1] as number;
  const flaggedAt = thresholds.map(() => [] as number[]);
  for (let p = 0; p < pairs; p++) {
    let sum = 0;
    let sq = 0;
    const first = thresholds.map(() => Infinity);
    for (let h = 1; h <= last; h++) {
      const d = pool[Math.floor(rnd() * pool.length)] as number;
      sum += d;
      sq += d * d;
      if (h < HAND_SHARING_MIN_HANDS || sq === 0) continue;
      const z = sum / Math.sqrt(sq);
      thresholds.forEach((t, i) => {
        if (z >= t && first[i] === Infinity) first[i] = h;
      });
    }
    first.forEach((h, i) => flaggedAt[i]?.push(h));
  }
  return flaggedAt.map((hs) => CHECKPOINTS.map((c) => hs.filter((h) => h <= c).length / pairs));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const arg = (name: string, fallback: string) =>
    args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
  const target = Number(arg('hands', '400'));
  const pairs = Number(arg('pairs', '400'));
  const workers = Number(arg('workers', String(Math.min(2, availableParallelism()))));
  const eps = Number(arg('eps', '0.1'));
  const allKinds: Kind[] = [
    ...BOT_LEVELS.map((l) => `honest-${l}` as Kind),
    'share-always',
    'share-half',
  ];
  const kinds = arg('kinds', allKinds.join(',')).split(',') as Kind[];
  const thresholds = arg('thresholds', `2.5,3,${HAND_SHARING_Z},3.5`).split(',').map(Number);
  const readings = arg('readings', DEFAULT_INTEGRITY_OPTIONS.reading ?? 'plays').split(
    ',',
  ) as Reading[];
  console.log(
    `hand-sharing calibration: ${target} hands per kind, ${pairs} pairs per kind, eps ${eps}, ${workers} worker(s), kinds ${kinds.join(',')}, readings ${readings.join(',')}`,
  );
  const t0 = performance.now();
  const simulated = await simulate(kinds, target, workers, eps, readings);
  console.log(`simulated in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
  readings.forEach((reading, r) => {
    const sims = new Map(
      [...simulated].map(([k, outcomes]) => [k, outcomes.map((o) => o.scored[r] as Scored)]),
    );
    console.log(`reading: ${reading}`);
    report(kinds, sims, pairs, thresholds);
  });
  console.log(`\ntotal ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

/** The per-kind table and the flagging curve of one reading's scores. */
function report(
  kinds: readonly Kind[],
  sims: Map<Kind, Scored[]>,
  pairs: number,
  thresholds: readonly number[],
): void {
  console.log(
    'kind            hands  decisions  d/decision (se)   D/hand (se)     sd(D)  ms/decision',
  );
  for (const k of kinds) {
    const outcomes = sims.get(k) ?? [];
    const hands = outcomes.flatMap((o) => o.hands);
    const n = hands.length;
    const decisions = hands.reduce((s, h) => s + h.decisions, 0);
    const mean = hands.reduce((s, h) => s + h.score, 0) / n;
    const sd = Math.sqrt(hands.reduce((s, h) => s + (h.score - mean) ** 2, 0) / (n - 1));
    const ms = outcomes.reduce((s, o) => s + o.scoreMs, 0) / Math.max(1, decisions);
    const perDecision = (mean * n) / Math.max(1, decisions);
    const seDecision = (sd * Math.sqrt(n)) / Math.max(1, decisions);
    console.log(
      `${k.padEnd(15)} ${String(n).padStart(5)}  ${String(decisions).padStart(9)}  ${perDecision.toFixed(3).padStart(7)} (${seDecision.toFixed(3)})  ${mean.toFixed(2).padStart(6)} (${(sd / Math.sqrt(n)).toFixed(2)})  ${sd.toFixed(2).padStart(6)}  ${ms.toFixed(1).padStart(6)}`,
    );
  }

  console.log(
    `\nshare of pairs flagged within N hands together (checked after every hand from ${HAND_SHARING_MIN_HANDS}; ${pairs} pairs drawn from each pool)`,
  );
  console.log(
    `threshold  kind            ${CHECKPOINTS.map((c) => String(c).padStart(6)).join('')}`,
  );
  thresholds.forEach((t, ti) => {
    kinds.forEach((k, ki) => {
      const pool = (sims.get(k) ?? []).flatMap((o) => o.hands.map((h) => h.score));
      const row = curve(pool, pairs, thresholds, 1000 + ki)[ti] ?? [];
      console.log(
        `z >= ${t.toFixed(1)}   ${k.padEnd(15)} ${row.map((r) => `${(100 * r).toFixed(1)}%`.padStart(6)).join('')}`,
      );
    });
  });
  console.log('');
}

if (isMainThread) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
} else {
  parentPort?.on('message', (job: Job) => parentPort?.postMessage(playMatch(job)));
}
