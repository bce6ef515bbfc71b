/**
 * Generates the shipped "Problema del día" set (docs/decisions/060-puzzles.md): parejas matches
 * between Medio bots from deterministic seeds (`selfPlayMatch`, matches 0..N-1), every seat's
 * non-forced decision screened by one Difícil search, the candidates verified under several seeds
 * and sample counts (`minePositions`, `DEFAULT_PUZZLE_CHECK`). Deterministic: the same N gives the
 * same file, whatever the number of parallel jobs.
 *
 * Run: npx tsx bench/src/puzzles.ts [matches, default 80] [--jobs 2] [--out <file>]
 * Writes one puzzle per line (JSON, in match and move order) to
 * apps/server/src/modules/puzzles/shipped-puzzles.jsonl and prints the figures (positions,
 * candidates, verified, refused as unstable or narrow, verified by difficulty, CPU seconds).
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_CONFIG,
  DEFAULT_PUZZLE_CHECK,
  emptyFigures,
  matchPositions,
  minePositions,
  selfPlayMatch,
  type MiningFigures,
  type Puzzle,
} from '@domino/domino';

const DEFAULT_OUT = fileURLToPath(
  new URL('../../apps/server/src/modules/puzzles/shipped-puzzles.jsonl', import.meta.url),
);

interface PartResult {
  readonly puzzles: { match: number; puzzle: Puzzle }[];
  readonly figures: MiningFigures;
  readonly cpuMs: number;
}

/** Mines matches n with n % jobs === part, in order. */
function minePart(matches: number, part: number, jobs: number): PartResult {
  const start = process.cpuUsage();
  const figures = emptyFigures();
  const puzzles: { match: number; puzzle: Puzzle }[] = [];
  for (let n = part; n < matches; n += jobs) {
    const { fairness, moves } = selfPlayMatch(DEFAULT_CONFIG, n);
    const sources = matchPositions(DEFAULT_CONFIG, fairness, moves, null);
    for (const puzzle of minePositions(sources, `puzzles-${n}`, DEFAULT_PUZZLE_CHECK, figures))
      puzzles.push({ match: n, puzzle });
  }
  const used = process.cpuUsage(start);
  return { puzzles, figures, cpuMs: (used.user + used.system) / 1000 };
}

function runChild(matches: number, part: number, jobs: number): Promise<PartResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        String(matches),
        '--part',
        `${part}/${jobs}`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as PartResult) : reject(new Error(`part ${part}`)),
    );
  });
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const matches = Number(process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 80);
const part = arg('--part');
if (part) {
  const [k, jobs] = part.split('/').map(Number) as [number, number];
  process.stdout.write(JSON.stringify(minePart(matches, k, jobs)));
} else {
  const jobs = Number(arg('--jobs') ?? 2);
  const out = arg('--out') ?? DEFAULT_OUT;
  const started = performance.now();
  const parts = await Promise.all(
    Array.from({ length: jobs }, (_, k) => runChild(matches, k, jobs)),
  );
  const all = parts
    .flatMap((p) => p.puzzles)
    .sort((a, b) => a.match - b.match || a.puzzle.id.localeCompare(b.puzzle.id));
  const seen = new Set<string>();
  const unique = all.filter(({ puzzle }) => !seen.has(puzzle.id) && seen.add(puzzle.id));
  writeFileSync(out, unique.map(({ puzzle }) => JSON.stringify(puzzle)).join('\n') + '\n');
  const figures = emptyFigures();
  for (const p of parts) {
    figures.positions += p.figures.positions;
    figures.candidates += p.figures.candidates;
    figures.verified += p.figures.verified;
    figures.unstable += p.figures.unstable;
    figures.narrow += p.figures.narrow;
    for (const d of ['facil', 'media', 'dificil'] as const)
      figures.byDifficulty[d] += p.figures.byDifficulty[d];
  }
  console.log(
    JSON.stringify(
      {
        matches,
        ...figures,
        shipped: unique.length,
        cpuSeconds: Math.round(parts.reduce((s, p) => s + p.cpuMs, 0) / 1000),
        wallSeconds: Math.round((performance.now() - started) / 1000),
        out,
      },
      null,
      2,
    ),
  );
}
