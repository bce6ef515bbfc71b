/**
 * Worker-thread entry of the analysis (docs/decisions/029-post-game-analysis.md): receives one
 * `AnalysisInput` as `workerData`, runs the engine's `reviewMatch` (pure CPU work, seconds at
 * most) and posts back `{ review, cpuMs }`. A throw ends the worker with an `error` event that the
 * runner turns into a failed attempt. Loaded through tsx (`execArgv: ['--import', 'tsx']`).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { reviewMatch } from '@domino/domino';
import type { AnalysisInput } from './compute';

const input = workerData as AnalysisInput;
const start = process.cpuUsage();
const review = reviewMatch(input.config, input.fairness, input.moves, input.seat, {
  seed: input.seed,
  ...(input.dificil ? { dificil: input.dificil } : {}),
});
const used = process.cpuUsage(start);
parentPort?.postMessage({ review, cpuMs: (used.user + used.system) / 1000 });
