/**
 * Worker-thread entry of the hand-sharing score (docs/decisions/059-hand-sharing-detector.md):
 * receives one `SharingInput` as `workerData`, runs the engine's `scoreMatchHands` (pure CPU
 * work) and posts back `{ hands, cpuMs }`. A throw ends the worker with an `error` event that the
 * runner turns into a failed attempt. Loaded through tsx (lib/ts-worker.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { scoreMatchHands } from '@domino/domino';
import type { SharingInput } from './integrity-compute';

const input = workerData as SharingInput;
const start = process.cpuUsage();
const hands = scoreMatchHands(
  input.config,
  input.fairness,
  input.moves,
  input.side,
  input.seed,
  input.effort,
);
const used = process.cpuUsage(start);
parentPort?.postMessage({ hands, cpuMs: (used.user + used.system) / 1000 });
