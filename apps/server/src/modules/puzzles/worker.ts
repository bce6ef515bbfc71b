/**
 * Worker-thread entry of the puzzle miner (docs/decisions/060-puzzles.md): receives one
 * `MiningInput` as `workerData`, rebuilds the seat's position at each candidate decision from the
 * replayed match (`matchPositions`, the seat's view only), verifies each (`verifyPuzzle`) and
 * posts back `{ puzzles, cpuMs }`. A throw ends the worker with an `error` event.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { matchPositions, verifyPuzzle, type Puzzle } from '@domino/domino';
import type { MiningInput } from './compute';

const input = workerData as MiningInput;
const start = process.cpuUsage();
const puzzles: Puzzle[] = [];
for (const source of matchPositions(
  input.config,
  input.fairness,
  input.moves,
  input.seat,
  input.indices,
)) {
  const verdict = verifyPuzzle(source.position, input.check);
  if (verdict.verified) puzzles.push(verdict.puzzle);
}
const used = process.cpuUsage(start);
parentPort?.postMessage({ puzzles, cpuMs: (used.user + used.system) / 1000 });
