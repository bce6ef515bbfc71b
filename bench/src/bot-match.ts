/**
 * Plays one bot match through the real engine (startMatch/applyMove with seeds): the bench's unit
 * of work, run inside the tournament's workers. Move times are measured here, outside the pure
 * engine package, with performance.now.
 */
import {
  DEFAULT_CONFIG,
  applyMove,
  type IntegrityOptions,
  playerView,
  sharingMove,
  startMatch,
  type MatchState,
  type Move,
  type PlayerView,
  type Seat,
  type TableConfig,
} from '@domino/domino';
import {
  DEFAULT_DIFICIL_OPTIONS,
  chooseGreedy,
  chooseMove,
  createRng,
  type BotOptions,
  type Rng,
} from '../../packages/domino/src/bots/index';

/**
 * Players of the tournament: the four levels plus two yardsticks that are not bots a player
 * meets: `greedy` (the heaviest-tile player) and `sharing` (parejas only: a seat told its
 * partner's tiles, which plays the best move given them with a search of Difícil's size,
 * integrity.ts `sharingMove`): what knowing the partner's hand is worth (decision 058, addendum
 * 14), the cheat the hand-sharing detector looks for.
 */
export const BOT_NAMES = ['facil', 'medio', 'dificil', 'experto', 'greedy', 'sharing'] as const;
export type BotName = (typeof BOT_NAMES)[number];

/** One match to play: side A (bot `a`) against side B (bot `b`). */
export interface MatchJob {
  readonly experiment: string;
  readonly index: number;
  readonly a: BotName;
  readonly b: BotName;
  readonly config?: TableConfig;
  readonly options?: BotOptions;
  /**
   * Mirrored deals: matches 2k and 2k+1 share their seeds (the same deals, hand after hand), with
   * the sides swapped, so the luck of the deal cancels out between the two.
   */
  readonly mirror?: boolean;
}

/** What a match produced. */
export interface MatchOutcome {
  readonly experiment: string;
  readonly index: number;
  /** Side A won the match. */
  readonly aWon: boolean;
  /** Hands won by each side and voided hands (exact tranque ties). */
  readonly handsA: number;
  readonly handsB: number;
  readonly voided: number;
  readonly pointsA: number;
  readonly pointsB: number;
  /** Milliseconds per bot call, by bot; `decisions` only counts calls with 2+ legal moves. */
  readonly times: Partial<Record<BotName, number[]>>;
  readonly decisions: Partial<Record<BotName, number[]>>;
  /**
   * CPU milliseconds of the process (`process.cpuUsage`, user + system) per decision with 2+
   * legal moves, by bot: the decision's own cost when the process runs one worker
   * (`--workers=1`), whatever else loads the machine; with more workers it also counts theirs.
   */
  readonly cpu: Partial<Record<BotName, number[]>>;
}

/**
 * The `sharing` yardstick's effort: Difícil's own options (dificil.ts `DEFAULT_DIFICIL_OPTIONS`,
 * a superset of integrity.ts `IntegrityOptions`): its deals, proposals and nodes, the others'
 * plays read as Difícil reads them.
 */
const SHARING_EFFORT: IntegrityOptions = DEFAULT_DIFICIL_OPTIONS;

function decide(
  bot: BotName,
  view: PlayerView,
  rng: Rng,
  options: BotOptions,
  state: MatchState,
): Move {
  if (bot === 'greedy') return chooseGreedy(view, rng);
  if (bot === 'sharing') {
    if (view.config.mode !== 'parejas') throw new RangeError('sharing plays parejas only');
    const partnerHand = state.hand.hands[(view.seat + 2) % 4] ?? [];
    return sharingMove(view, partnerHand, rng, SHARING_EFFORT);
  }
  return chooseMove(view, bot, rng, options);
}

/**
 * Plays `job` to the end. Seat assignment alternates with the job index (even: side A holds seats
 * 0+2, odd: 1+3) so neither side always leads; the deal seeds come from the experiment and index
 * (the index halved when `job.mirror`, so each pair of matches plays the same deals).
 */
export function playMatch(job: MatchJob): MatchOutcome {
  const config = job.config ?? DEFAULT_CONFIG;
  const aSide = job.index % 2;
  const dealIndex = job.mirror === true ? `m${Math.floor(job.index / 2)}` : String(job.index);
  const seeds = {
    serverSeed: `${job.experiment}/${dealIndex}`,
    clientSeeds: ['c0', 'c1', 'c2', 'c3'].slice(0, config.players),
  };
  let state = startMatch(config, seeds);
  const rngs = Array.from({ length: config.players }, (_, s) =>
    createRng(`${job.experiment}/${dealIndex}/seat${s}`),
  );
  const botOf = (seat: Seat): BotName => (seat % 2 === aSide ? job.a : job.b);
  const times: Partial<Record<BotName, number[]>> = {};
  const decisions: Partial<Record<BotName, number[]>> = {};
  const cpu: Partial<Record<BotName, number[]>> = {};
  let moves = 0;
  while (state.status === 'playing') {
    if (++moves > 10_000) throw new Error(`match ${job.experiment}/${job.index} did not end`);
    const seat = state.hand.turn as Seat;
    const view = playerView(state, seat);
    const bot = botOf(seat);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const move = decide(bot, view, rngs[seat] as Rng, job.options ?? {}, state);
    const ms = performance.now() - t0;
    const used = process.cpuUsage(c0);
    (times[bot] ??= []).push(ms);
    if (view.legalMoves.length > 1) {
      (decisions[bot] ??= []).push(ms);
      (cpu[bot] ??= []).push((used.user + used.system) / 1000);
    }
    const result = applyMove(state, seat, move);
    if (!result.ok) throw new Error(`${bot} made an illegal move: ${result.code}`);
    state = result.state;
  }
  let handsA = 0;
  let handsB = 0;
  let voided = 0;
  for (const h of state.history) {
    if (h.winnerSide === null) voided++;
    else if (h.winnerSide === aSide) handsA++;
    else handsB++;
  }
  const scores = state.scores;
  return {
    experiment: job.experiment,
    index: job.index,
    aWon: state.result?.winnerSide === aSide,
    handsA,
    handsB,
    voided,
    pointsA: scores[aSide] as number,
    pointsB: scores[1 - aSide] as number,
    times,
    decisions,
    cpu,
  };
}
