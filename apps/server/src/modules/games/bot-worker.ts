/**
 * The CPU moves' job module (docs/decisions/082-bot-moves-off-the-event-loop.md), run by
 * bot-compute.ts's worker pool (lib/ts-worker.ts `TsWorkerPool`, decision 072): takes one
 * `BotJob` and answers the engine's move for it, the same `chooseMove` the event loop would call
 * (bots.ts `engineBots`), so the move does not depend on where it was chosen.
 */
import { chooseMove, type Move } from '@domino/domino';
import type { BotJob } from './bot-compute';

export default function chooseInWorker(job: BotJob): Move {
  return chooseMove(job.view, job.level, job.seed);
}
