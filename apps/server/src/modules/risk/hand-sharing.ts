import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { HandSharingEvidence, SharingDecisionEvidence } from '@domino/contracts';
import {
  HAND_SHARING_MIN_HANDS,
  HAND_SHARING_Z,
  sharingFlagged,
  sharingStatistic,
  type IntegrityOptions,
  type LoggedMove,
  type MatchState,
  type Move,
  type Seat,
  type SharingHand,
  type SharingStatistic,
  type Tile,
} from '@domino/domino';
import type { Db, Executor } from '../../db/client';
import { claimLeasedJob } from '../../lib/leased-jobs';
import {
  gameMoves,
  gamePlayers,
  games,
  gameTables,
  handSharingScores,
  rowState,
} from '../../db/schema';
import { computeSharingInWorker, type SharingInput, type SharingOutput } from './integrity-compute';
import { upsertFindings } from './queue';
import { moneyAtStake } from './stake';

/**
 * The hand-sharing detector on the server (docs/decisions/059-hand-sharing-detector.md,
 * docs/integrity.md): when a rated or paid parejas match settles, each side whose two seats were
 * two different people is queued (`hand_sharing_scores`, one row per match and side), scored off
 * the event loop in a worker thread (packages/domino integrity.ts `scoreMatchHands`), and the
 * pair's statistic over all their scored matches together is checked; when it crosses the
 * threshold a `hand_sharing` item enters the risk queue with the hands and decisions that weigh
 * most. Nothing here holds, suspends or moves money: staff decide from the queue.
 */

/** Tunables of the scoring runs. */
export interface HandSharingOptions {
  /** How long a claim is valid before another node may take the job over (ms). */
  leaseMs: number;
  /** Claims of one job before it is marked failed. */
  maxAttempts: number;
  /** A worker running longer than this is terminated and the attempt fails (ms). */
  timeoutMs: number;
  /** Jobs one run scores at most, one after the other. */
  jobsPerRun: number;
  /** Search effort of the score (the engine's defaults when absent). */
  effort?: IntegrityOptions;
  /** How a job is computed: a worker thread (default); tests may swap it. */
  compute?: (input: SharingInput, timeoutMs: number) => Promise<SharingOutput>;
  /** Asked before each claim: true ends the run (the node is shutting down). */
  stopped?: () => boolean;
}

export const DEFAULT_HAND_SHARING: HandSharingOptions = {
  leaseMs: 300_000,
  maxAttempts: 3,
  timeoutMs: 240_000,
  jobsPerRun: 20,
};

/** Hands with the highest score shown as evidence, with every decision. */
export const EVIDENCE_HANDS = 8;

/**
 * Queues the scoring of a finished match: only a table match (never practice) in parejas, not
 * ended by forfeit, paid (entry > 0) or rated (a table that is not private: the rule of decision
 * 026, read here from the same facts), and only the sides whose two seats are two different
 * users. Idempotent (one row per match and side). Returns how many sides were queued now.
 */
export async function enqueueHandSharing(db: Executor, gameId: string): Promise<number> {
  const [game] = await db
    .select({
      kind: games.kind,
      status: games.status,
      storedState: games.storedState,
      history: games.history,
      entryCents: games.entryCents,
      visibility: gameTables.visibility,
    })
    .from(games)
    .leftJoin(gameTables, eq(gameTables.id, games.tableId))
    .where(eq(games.id, gameId));
  if (!game || game.kind !== 'table' || game.status !== 'finished') return 0;
  const state = rowState(game.storedState, game.history) as MatchState;
  if (state.config.mode !== 'parejas' || state.result?.forfeit === true) return 0;
  const paid = Number(game.entryCents ?? 0) > 0;
  const rated = game.visibility !== null && game.visibility !== 'private';
  if (!paid && !rated) return 0;
  const seats = await db
    .select({ seat: gamePlayers.seat, userId: gamePlayers.userId })
    .from(gamePlayers)
    .where(eq(gamePlayers.gameId, gameId));
  let queued = 0;
  for (const side of [0, 1] as const) {
    const ids = seats.filter((s) => s.seat % 2 === side).map((s) => s.userId);
    const [a, b] = ids;
    if (ids.length !== 2 || a == null || b == null || a === b) continue;
    const rows = await db
      .insert(handSharingScores)
      .values({ gameId, side, userLow: Math.min(a, b), userHigh: Math.max(a, b) })
      .onConflictDoNothing()
      .returning({ side: handSharingScores.side });
    queued += rows.length;
  }
  return queued;
}

/** A claimed job: its key and the claim's attempt number (its fencing token). */
interface SharingClaim {
  gameId: string;
  side: 0 | 1;
  attempt: number;
}

async function claimJob(
  db: Executor,
  leaseMs: number,
  maxAttempts: number,
): Promise<SharingClaim | null> {
  const claim = await claimLeasedJob(
    db,
    { table: 'hand_sharing_scores', key: 'side' },
    leaseMs,
    maxAttempts,
  );
  return claim && { gameId: claim.gameId, side: claim.key as 0 | 1, attempt: claim.attempt };
}

function current(claim: SharingClaim) {
  return and(
    eq(handSharingScores.gameId, claim.gameId),
    eq(handSharingScores.side, claim.side),
    eq(handSharingScores.status, 'running'),
    eq(handSharingScores.attempts, claim.attempt),
  );
}

async function sharingInput(
  db: Executor,
  claim: SharingClaim,
  effort?: IntegrityOptions,
): Promise<SharingInput> {
  const [game] = await db.select().from(games).where(eq(games.id, claim.gameId));
  const state = (game && rowState(game.storedState, game.history)) as MatchState | undefined;
  if (!state || state.status !== 'finished')
    throw new Error(`game ${claim.gameId} is not a finished match`);
  const moves: LoggedMove[] = (
    await db
      .select()
      .from(gameMoves)
      .where(eq(gameMoves.gameId, claim.gameId))
      .orderBy(gameMoves.seq)
  ).map((m) => ({
    seat: m.seat as Seat,
    move: m.move as Move,
    actor: m.actor === 'autoplay' ? 'autoplay' : m.actor === 'bot' ? 'bot' : 'player',
  }));
  return {
    config: state.config,
    fairness: {
      serverSeed: state.fairness.serverSeed,
      clientSeeds: [...state.fairness.clientSeeds],
    },
    moves,
    side: claim.side,
    seed: claim.gameId,
    ...(effort ? { effort } : {}),
  };
}

const tileText = (t: Tile): string => `${t[0]}-${t[1]}`;
const moveText = (m: { tile: Tile; end: 'left' | 'right' }) => ({
  tile: tileText(m.tile),
  end: m.end,
});
const round1 = (x: number) => Math.round(x * 10) / 10;

/** One scored hand as stored in `detail` (tiles as text, user ids of the seats). */
export interface StoredHand {
  hand_number: number;
  score: number;
  decisions: SharingDecisionEvidence[];
}

function storedHands(hands: readonly SharingHand[], userOf: Map<number, number>): StoredHand[] {
  return hands.map((h) => ({
    hand_number: h.handNumber,
    score: h.score,
    decisions: h.decisions.map((d) => ({
      index: d.index,
      seat: d.seat,
      user_id: userOf.get(d.seat) ?? null,
      hand: d.hand.map(tileText),
      partner_hand: d.partnerHand.map(tileText),
      line: d.line.map((p) => tileText(p.tile)),
      played: moveText(d.played),
      best_own: moveText((d.values[0] ?? { move: d.played }).move),
      values: d.values.map((v) => ({ ...moveText(v.move), own: v.own, shared: v.shared })),
      gain: round1(d.gain),
    })),
  }));
}

/**
 * The pair's statistic over its scored matches together (the `done` rows): hands, decisions, ΣD
 * and ΣD² summed in the database (each row holds its match's sums), z and the mean gain.
 */
export async function pairSharingStatistic(
  db: Executor,
  userLow: number,
  userHigh: number,
): Promise<{ stat: SharingStatistic; matches: number }> {
  const [row] = await db
    .select({
      matches: sql<number>`count(*)::int`,
      hands: sql<number>`coalesce(sum(${handSharingScores.hands}), 0)::int`,
      decisions: sql<number>`coalesce(sum(${handSharingScores.decisions}), 0)::int`,
      sum: sql<number>`coalesce(sum(${handSharingScores.scoreSum}), 0)::float8`,
      sumSquares: sql<number>`coalesce(sum(${handSharingScores.scoreSquares}), 0)::float8`,
    })
    .from(handSharingScores)
    .where(
      and(
        eq(handSharingScores.userLow, userLow),
        eq(handSharingScores.userHigh, userHigh),
        eq(handSharingScores.status, 'done'),
      ),
    );
  const sum = Number(row?.sum ?? 0);
  const sumSquares = Number(row?.sumSquares ?? 0);
  const decisions = Number(row?.decisions ?? 0);
  return {
    matches: Number(row?.matches ?? 0),
    stat: {
      hands: Number(row?.hands ?? 0),
      decisions,
      sum,
      sumSquares,
      z: sumSquares > 0 ? sum / Math.sqrt(sumSquares) : 0,
      meanGain: decisions > 0 ? sum / decisions : 0,
    },
  };
}

/**
 * Checks the pair's statistic and, when it crosses the threshold (at least
 * `HAND_SHARING_MIN_HANDS` hands, z >= `HAND_SHARING_Z`), writes its `hand_sharing` item (key
 * `hand_sharing:<low>:<high>`: rewritten on later matches, its status kept, so a dismissed item
 * stays dismissed) with the evidence: the statistic and the hands that weigh most. Returns
 * whether the pair is flagged. Writes only the queue item.
 */
export async function raiseIfCrossed(
  db: Executor,
  userLow: number,
  userHigh: number,
): Promise<boolean> {
  const { stat, matches } = await pairSharingStatistic(db, userLow, userHigh);
  if (!sharingFlagged(stat)) return false;
  const rows = await db
    .select({ gameId: handSharingScores.gameId, detail: handSharingScores.detail })
    .from(handSharingScores)
    .where(
      and(
        eq(handSharingScores.userLow, userLow),
        eq(handSharingScores.userHigh, userHigh),
        eq(handSharingScores.status, 'done'),
      ),
    )
    .orderBy(desc(handSharingScores.finishedAt));
  const top = rows
    .flatMap((r) =>
      ((r.detail as StoredHand[] | null) ?? []).map((h) => ({ game_id: r.gameId, ...h })),
    )
    .filter((h) => h.decisions.length > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, EVIDENCE_HANDS)
    .map((h) => ({ ...h, score: round1(h.score) }));
  const evidence: HandSharingEvidence = {
    user_ids: [userLow, userHigh],
    z: Math.round(stat.z * 100) / 100,
    threshold: HAND_SHARING_Z,
    hands: stat.hands,
    decisions: stat.decisions,
    matches,
    mean_gain: Math.round(stat.meanGain * 100) / 100,
    top_hands: top,
  };
  const userIds = [userLow, userHigh];
  await upsertFindings(
    db,
    [
      {
        kind: 'hand_sharing',
        userIds,
        key: `hand_sharing:${userLow}:${userHigh}`,
        score: evidence.z,
        evidence,
      },
    ],
    await moneyAtStake(db, userIds),
  );
  return true;
}

/** What one run did. */
export interface SharingRun {
  done: number;
  failed: number;
  /** Pairs whose item was written (crossed the threshold) by this run. */
  flagged: number;
}

/**
 * Scores queued matches, up to `jobsPerRun`, one at a time: claims a job (SKIP LOCKED under a
 * lease), computes it in a worker thread, stores it under the claim's fencing token and checks the
 * pair's statistic. A failure is logged and retried on a later run until `maxAttempts`.
 */
export async function runHandSharing(
  db: Db,
  options: Partial<HandSharingOptions> = {},
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<SharingRun> {
  const opts = { ...DEFAULT_HAND_SHARING, ...options };
  const compute = opts.compute ?? computeSharingInWorker;
  const out: SharingRun = { done: 0, failed: 0, flagged: 0 };
  for (let i = 0; i < opts.jobsPerRun && !(opts.stopped?.() ?? false); i++) {
    const claim = await claimJob(db, opts.leaseMs, opts.maxAttempts);
    if (!claim) break;
    try {
      const result = await compute(await sharingInput(db, claim, opts.effort), opts.timeoutMs);
      const seats = await db
        .select({ seat: gamePlayers.seat, userId: gamePlayers.userId })
        .from(gamePlayers)
        .where(eq(gamePlayers.gameId, claim.gameId));
      const userOf = new Map(seats.flatMap((s) => (s.userId === null ? [] : [[s.seat, s.userId]])));
      const detail = storedHands(result.hands, userOf);
      const stat = sharingStatistic(
        result.hands.map((h) => ({ score: h.score, decisions: h.decisions.length })),
      );
      const [row] = await db
        .update(handSharingScores)
        .set({
          status: 'done',
          hands: stat.hands,
          decisions: stat.decisions,
          scoreSum: stat.sum,
          scoreSquares: stat.sumSquares,
          detail,
          cpuMs: Math.round(result.cpuMs),
          error: null,
          leaseUntil: null,
          finishedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(current(claim))
        .returning({ low: handSharingScores.userLow, high: handSharingScores.userHigh });
      if (!row) continue;
      out.done++;
      if (await raiseIfCrossed(db, row.low, row.high)) out.flagged++;
    } catch (err) {
      log?.error({ err, gameId: claim.gameId, side: claim.side }, 'hand sharing score failed');
      const message = err instanceof Error ? err.message : String(err);
      await db
        .update(handSharingScores)
        .set({
          status: claim.attempt >= opts.maxAttempts ? 'failed' : 'pending',
          error: message.slice(0, 500),
          leaseUntil: null,
          updatedAt: sql`now()`,
        })
        .where(current(claim));
      out.failed++;
    }
  }
  return out;
}

export { HAND_SHARING_MIN_HANDS, HAND_SHARING_Z };
