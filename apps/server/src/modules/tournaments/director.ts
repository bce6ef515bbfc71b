import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import {
  MSG_PLACE,
  MSG_TOURNAMENTS,
  RATING_DEFAULTS,
  SERVER_EVENTS,
  TOURNAMENT_NO_SHOW_MS,
  TOURNAMENT_PAGES,
  centsToBolivares,
  rulesToConfig,
  tournamentGamePath,
  tournamentRoom,
  type Place,
  type TableRules,
  type TournamentMatchReadyEvent,
  type TournamentUpdatedEvent,
} from '@domino/contracts';
import type { MatchState } from '@domino/domino';
import type { Db, Tx } from '../../db/client';
import {
  gamePlayers,
  gameTables,
  games,
  quickPlayQueue,
  rowState,
  tableSeats,
  tournamentEntrants,
  tournamentEntries,
  tournamentMatches,
  tournaments,
  users,
} from '../../db/schema';
import { PeriodicJob } from '../../lib/periodic';
import { audit } from '../audit/audit';
import { ratingsOf } from '../ratings/service';
import { duplicatePairScores, duplicatePlaces, duplicateSetsOf } from './duplicate';
import type { GamesContext } from '../games/context';
import { MATCH_START_DELAY_MS, createTableMatch } from '../games/create';
import { createSetGames } from '../duplicate/service';
import { forfeitMatch } from '../games/forfeit';
import { systemAccount, transfer, walletAccountId } from '../ledger/ledger';
import { placeOf } from '../places/places';
import type { PushNotifier } from '../push/notifier';
import { publishTable } from '../tables/publish';
import { liveMatch, lockTable, refundSeat, type TableRow } from '../tables/service';
import {
  eliminationPlaces,
  eliminationRounds,
  firstRound,
  planPrizes,
  seededShuffle,
  splitBetweenPartners,
  swissPairs,
  swissRounds,
  swissStandings,
  type DecidedMatch,
  type PlaceGroup,
} from './logic';
import {
  assertEscrowEmpty,
  cancelLocked,
  escrowRef,
  refundEntry,
  type Refund,
  type TournamentRow,
} from './service';

/**
 * The tournament director (docs/decisions/028-tournaments.md "Director"): a PeriodicJob on every
 * node. Each tick lists the tournaments that are due (scheduled past their start, or running) and
 * works each one inside a transaction that holds its row `FOR UPDATE SKIP LOCKED`, so two nodes
 * never work the same tournament at once and a node that dies mid-step leaves nothing half done
 * (the transaction rolls back; the next tick on any node redoes the step). Every step is audited.
 *
 * Steps: at the start, registration closes: pairs form (parejas), fewer than the minimum cancels
 * and refunds, else the draw is recorded and round 1 paired. A match's game is created with every
 * seat away from `ready_at`; a side with a seat whose player never opened the game by ready_at +
 * TOURNAMENT_NO_SHOW_MS forfeits (both sides: double forfeit). A finished game decides its match.
 * When a round is decided, the next is paired; after the last, prizes are paid in ONE ledger
 * transaction (escrow → house_fees + every winner's wallet; escrow must end at 0).
 *
 * The games module never imports this one (decision 019): a finished tournament game wakes the
 * director through the `tableMatchFinished` port (server.ts), and the tick finds it anyway.
 */

/** Delay between a match's game creation and its first turn (milliseconds; games/create.ts). */
export { MATCH_START_DELAY_MS };

/** What to tell clients after a step committed. */
interface Notices {
  updated: TournamentUpdatedEvent[];
  ready: { userId: number; event: TournamentMatchReadyEvent }[];
  refunds: { refund: Refund; message: string; tournament: TournamentRow }[];
  prizes: { userId: number; balanceCents: number; message: string; tournament: TournamentRow }[];
  forfeits: { gameId: string; winnerSide: number | null }[];
  /** Seats refunded because their player's tournament started (decision 047). */
  seatsLeft: { userId: number; tableId: number; balanceCents: number; message: string }[];
}

const emptyNotices = (): Notices => ({
  updated: [],
  ready: [],
  refunds: [],
  prizes: [],
  forfeits: [],
  seatsLeft: [],
});

export interface DirectorOptions {
  now?: () => Date;
  /** Milliseconds before a new match's first turn (default MATCH_START_DELAY_MS). */
  startDelayMs?: number;
  /** Milliseconds a player has to open their game (default TOURNAMENT_NO_SHOW_MS). */
  noShowMs?: number;
}

/** Where a registered player is when their tournament starts (decision 047). */
interface Whereabouts {
  place: Place;
  /** In a started match at a table, or in another running tournament: cannot be moved. */
  busy: boolean;
  /** A waiting quick-play search (its row locked). */
  queueEntryId?: number;
  /** The table (row locked) of a seat. */
  table?: TableRow;
}

type MatchRow = typeof tournamentMatches.$inferSelect;
type EntrantRow = typeof tournamentEntrants.$inferSelect;

/** The tournament director: `tick()` advances every due tournament by as many steps as it can. */
export class TournamentDirector extends PeriodicJob<number> {
  private readonly now: () => Date;
  private readonly startDelayMs: number;
  private readonly noShowMs: number;

  constructor(
    private readonly db: Db,
    private readonly games: GamesContext,
    private readonly push: PushNotifier | null,
    intervalMs: number,
    log: FastifyBaseLogger,
    options: DirectorOptions = {},
  ) {
    super('tournament director', intervalMs, log);
    this.now = options.now ?? (() => new Date());
    this.startDelayMs = options.startDelayMs ?? MATCH_START_DELAY_MS;
    this.noShowMs = options.noShowMs ?? TOURNAMENT_NO_SHOW_MS;
  }

  private waking: Promise<unknown> | null = null;

  /**
   * Runs a tick now, off the caller (a tournament game just finished: AppDeps.tournaments.wake);
   * at most one such tick at a time on this node. Failures are logged.
   */
  wake(): void {
    if (this.waking) return;
    this.waking = this.tick()
      .catch((err: unknown) => this.log.error({ err }, 'tournament director wake failed'))
      .finally(() => {
        this.waking = null;
      });
  }

  /** Stops the timer and waits for the tick in progress and a wake's tick. */
  override async stop(): Promise<void> {
    await super.stop();
    await this.waking;
  }

  /** Works every due tournament once; returns how many it worked (not skipped as locked). */
  async tick(): Promise<number> {
    const now = this.now();
    const due = await this.db
      .select({ id: tournaments.id })
      .from(tournaments)
      .where(
        or(
          and(eq(tournaments.status, 'scheduled'), lte(tournaments.startsAt, now)),
          eq(tournaments.status, 'running'),
        ),
      )
      .orderBy(asc(tournaments.startsAt));
    let worked = 0;
    for (const { id } of due) if (await this.work(id)) worked += 1;
    return worked;
  }

  /** One tournament: a locked step, its after-commit notices, and the forfeits it asked for. */
  async work(id: number): Promise<boolean> {
    // A tournament may need several steps in one tick (a forfeited round then the next pairing).
    for (let pass = 0; pass < 4; pass++) {
      const notices = emptyNotices();
      const locked = await this.db.transaction(async (tx) => {
        const [t] = await tx
          .select()
          .from(tournaments)
          .where(eq(tournaments.id, id))
          .for('update', { skipLocked: true });
        if (!t) return false;
        await this.step(tx, t, notices);
        return true;
      });
      if (!locked) return false;
      this.announce(notices);
      if (notices.forfeits.length === 0) return true;
      for (const f of notices.forfeits) await forfeitMatch(this.games, f.gameId, f.winnerSide);
    }
    return true;
  }

  private async step(tx: Tx, t: TournamentRow, notices: Notices): Promise<void> {
    const now = this.now();
    if (t.status === 'scheduled') {
      if (t.startsAt.getTime() > now.getTime()) return;
      await this.open(tx, t, notices, now);
      return;
    }
    if (t.status !== 'running') return;
    const matches = await tx
      .select()
      .from(tournamentMatches)
      .where(
        and(eq(tournamentMatches.tournamentId, t.id), eq(tournamentMatches.round, t.currentRound)),
      )
      .orderBy(asc(tournamentMatches.slot));
    let changed = false;
    for (const m of matches) {
      if (m.status === 'pending') {
        await this.openMatch(tx, t, m, notices, now);
        changed = true;
      } else if (m.status === 'playing' && (await this.judge(tx, t, m, notices, now))) {
        changed = true;
      }
    }
    const after = await tx
      .select()
      .from(tournamentMatches)
      .where(
        and(eq(tournamentMatches.tournamentId, t.id), eq(tournamentMatches.round, t.currentRound)),
      );
    if (after.length > 0 && after.every((m) => m.status === 'decided')) {
      if (t.currentRound >= (t.totalRounds ?? 0)) await this.finish(tx, t, notices, now);
      else await this.nextRound(tx, t, after, notices, now);
      return;
    }
    if (changed) this.updated(notices, t, t.status, t.currentRound, null);
  }

  private updated(
    notices: Notices,
    t: TournamentRow,
    status: TournamentRow['status'],
    round: number,
    message: string | null,
  ) {
    notices.updated.push({ tournament_id: t.id, status, current_round: round, message });
  }

  // -------------------------------------------------------------------------------------------
  // Start
  // -------------------------------------------------------------------------------------------

  private async open(tx: Tx, t: TournamentRow, notices: Notices, now: Date): Promise<void> {
    const registered = await tx
      .select()
      .from(tournamentEntries)
      .where(
        and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.status, 'registered')),
      )
      .orderBy(asc(tournamentEntries.registeredAt), asc(tournamentEntries.id));
    const whereabouts = await this.whereabouts(
      tx,
      registered.map((e) => e.userId),
    );
    // A quick-play search being formed into a table right now: start at the next tick, when that
    // player is seated (then playing: withdrawn below) or back in the queue.
    if (whereabouts === null) return;
    // Players in a match elsewhere (or in another running tournament) cannot be taken out of it:
    // they are withdrawn with their entry refunded (decision 047).
    const entries: typeof registered = [];
    for (const e of registered) {
      const w = whereabouts.get(e.userId);
      if (!w?.busy) {
        entries.push(e);
        continue;
      }
      const balanceCents = await refundEntry(tx, t, e, now);
      const message = MSG_PLACE.withdrawnPlaying(t.name);
      notices.refunds.push({ refund: { userId: e.userId, balanceCents }, message, tournament: t });
      await audit(tx, {
        actorUserId: null,
        action: 'tournament.refund_playing_elsewhere',
        targetType: 'tournament',
        targetId: t.id,
        before: { userId: e.userId, place: w.place },
        after: { refundedCents: e.paidCents },
      });
    }
    const seed = randomBytes(16).toString('hex');
    const teams: { p1: number; p2: number | null }[] = [];
    if (t.rules.mode === 'parejas') {
      const byUser = new Map(entries.map((e) => [e.userId, e]));
      const used = new Set<number>();
      const solos: number[] = [];
      for (const e of entries) {
        if (used.has(e.userId)) continue;
        const p = e.partnerUserId === null ? undefined : byUser.get(e.partnerUserId);
        if (p && p.partnerUserId === e.userId && !used.has(p.userId)) {
          teams.push({ p1: e.userId, p2: p.userId });
          used.add(e.userId).add(p.userId);
        }
      }
      for (const e of entries) if (!used.has(e.userId)) solos.push(e.userId);
      const drawn = seededShuffle(solos, seed, 'partners');
      for (let i = 0; i + 1 < drawn.length; i += 2)
        teams.push({ p1: drawn[i] as number, p2: drawn[i + 1] as number });
      if (drawn.length % 2 === 1) {
        const left = drawn[drawn.length - 1] as number;
        const entry = byUser.get(left);
        if (entry) {
          const balanceCents = await refundEntry(tx, t, entry, now);
          notices.refunds.push({
            refund: { userId: left, balanceCents },
            message: MSG_TOURNAMENTS.noPartnerRefunded,
            tournament: t,
          });
          await audit(tx, {
            actorUserId: null,
            action: 'tournament.refund_unpaired',
            targetType: 'tournament',
            targetId: t.id,
            before: { userId: left },
            after: { refundedCents: entry.paidCents },
          });
        }
      }
    } else {
      for (const e of entries) teams.push({ p1: e.userId, p2: null });
    }
    if (t.format === 'duplicate' && teams.length >= t.minEntrants) {
      // Duplicate: the pairs play in sets of four; the last pairs formed that do not fill a set
      // are refunded (decision 062, addendum "Duplicate tournaments").
      const left = teams.splice(teams.length - (teams.length % 4));
      const byUser = new Map(entries.map((e) => [e.userId, e]));
      for (const pair of left)
        for (const userId of [pair.p1, ...(pair.p2 === null ? [] : [pair.p2])]) {
          const entry = byUser.get(userId);
          if (!entry) continue;
          const balanceCents = await refundEntry(tx, t, entry, now);
          notices.refunds.push({
            refund: { userId, balanceCents },
            message: MSG_TOURNAMENTS.duplicateLeftOver(t.name),
            tournament: t,
          });
          await audit(tx, {
            actorUserId: null,
            action: 'tournament.refund_duplicate_left_over',
            targetType: 'tournament',
            targetId: t.id,
            before: { userId },
            after: { refundedCents: entry.paidCents },
          });
        }
    }
    if (teams.length < t.minEntrants) {
      const refunds = await cancelLocked(tx, t, null, MSG_TOURNAMENTS.cancelledMinimum, now);
      for (const r of refunds)
        notices.refunds.push({
          refund: r,
          message: MSG_TOURNAMENTS.cancelledMinimum,
          tournament: t,
        });
      this.updated(notices, t, 'cancelled', 0, MSG_TOURNAMENTS.cancelledMinimum);
      return;
    }
    // Seeds by rating in the tournament's mode (a pair: its partners' mean), strongest first; the
    // recorded random draw orders equal ratings (decision 028 "Draw and seeding").
    const ratings = await ratingsOf(
      tx,
      teams.flatMap((s) => (s.p2 === null ? [s.p1] : [s.p1, s.p2])),
      t.rules.mode,
    );
    const ratingOf = (id: number) => ratings.get(id)?.rating ?? RATING_DEFAULTS.rating;
    const teamRating = (s: { p1: number; p2: number | null }) =>
      s.p2 === null ? ratingOf(s.p1) : (ratingOf(s.p1) + ratingOf(s.p2)) / 2;
    const seeded = seededShuffle(teams, seed, 'seeds')
      .map((team, drawn) => ({ team, drawn, rating: teamRating(team) }))
      .sort((a, b) => b.rating - a.rating || a.drawn - b.drawn)
      .map((x) => x.team);
    const names = await this.usernames(
      tx,
      seeded.flatMap((s) => [s.p1, ...(s.p2 === null ? [] : [s.p2])]),
    );
    // The tournament takes its players from where they wait, then the entrants' rows claim
    // their places (migration 0035).
    for (const s of seeded)
      for (const userId of s.p2 === null ? [s.p1] : [s.p1, s.p2]) {
        const w = whereabouts.get(userId);
        if (w) await this.takeFrom(tx, t, userId, w, notices, now);
      }
    const rows = await tx
      .insert(tournamentEntrants)
      .values(
        seeded.map((s, i) => ({
          tournamentId: t.id,
          seed: i + 1,
          player1Id: s.p1,
          player2Id: s.p2,
          name:
            s.p2 === null
              ? (names.get(s.p1) ?? 'Jugador')
              : `${names.get(s.p1) ?? 'Jugador'} y ${names.get(s.p2) ?? 'Jugador'}`,
        })),
      )
      .returning();
    for (const r of rows)
      await tx
        .update(tournamentEntries)
        .set({ entrantId: r.id })
        .where(
          and(
            eq(tournamentEntries.tournamentId, t.id),
            inArray(tournamentEntries.userId, [r.player1Id, ...(r.player2Id ? [r.player2Id] : [])]),
          ),
        );
    const total =
      t.format === 'swiss'
        ? swissRounds(rows.length, t.swissRounds)
        : t.format === 'duplicate'
          ? 1
          : eliminationRounds(rows.length);
    await tx
      .update(tournaments)
      .set({
        status: 'running',
        currentRound: 1,
        totalRounds: total,
        drawSeed: seed,
        startedAt: now,
        updatedAt: now,
      })
      .where(eq(tournaments.id, t.id));
    await audit(tx, {
      actorUserId: null,
      action: 'tournament.start',
      targetType: 'tournament',
      targetId: t.id,
      before: { status: 'scheduled' },
      after: { status: 'running', entrants: rows.length, rounds: total, drawSeed: seed },
    });
    const ordered = [...rows].sort((a, b) => a.seed - b.seed);
    const running = { ...t, status: 'running' as const, currentRound: 1, totalRounds: total };
    if (t.format === 'duplicate') {
      await this.openDuplicateSets(tx, running, ordered, seed, notices, now);
      return;
    }
    const pairs =
      t.format === 'swiss'
        ? swissPairs(swissStandings(ordered, [])).map(([a, b], slot) => ({ slot, a, b }))
        : firstRound(ordered.map((e) => e.id));
    await this.pairRound(tx, running, 1, pairs, ordered, notices, now);
  }

  /**
   * Where each registered player is, under a lock of their user rows (`FOR NO KEY UPDATE`, in id
   * order; every path that places a player share-locks its user row first), so nobody is placed
   * elsewhere until this step commits. `busy`: in a started match at a table or in another
   * running tournament. A player seated at a waiting table has the table row locked here (before
   * any ledger account). Returns null when a player's quick-play search is held by a matcher
   * pass (its row is locked): the start waits for the next tick.
   */
  private async whereabouts(tx: Tx, userIds: number[]): Promise<Map<number, Whereabouts> | null> {
    const out = new Map<number, Whereabouts>();
    if (userIds.length === 0) return out;
    await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, userIds))
      .orderBy(asc(users.id))
      .for('no key update');
    for (const userId of [...userIds].sort((a, b) => a - b)) {
      const place = await placeOf(tx, userId);
      if (!place) continue;
      if (place.kind === 'quick') {
        const [entry] = await tx
          .select({ id: quickPlayQueue.id })
          .from(quickPlayQueue)
          .where(and(eq(quickPlayQueue.userId, userId), eq(quickPlayQueue.status, 'waiting')))
          .for('update', { skipLocked: true });
        if (!entry) return null;
        out.set(userId, { place, busy: false, queueEntryId: entry.id });
      } else if (place.kind === 'table' && place.table_id !== null) {
        const table = await lockTable(tx, place.table_id);
        const busy = (await liveMatch(tx, table.id)) !== undefined;
        out.set(userId, { place, busy, table });
      } else out.set(userId, { place, busy: true });
    }
    return out;
  }

  /**
   * Takes a player of a starting tournament out of the place they wait in (decision 047): a
   * quick-play search ends (`dropped`, nothing was charged), a seat at a table whose match has
   * not started is refunded its entry and freed (`table:closed` to the player after commit).
   * Audited.
   */
  private async takeFrom(
    tx: Tx,
    t: TournamentRow,
    userId: number,
    w: Whereabouts,
    notices: Notices,
    now: Date,
  ): Promise<void> {
    if (w.queueEntryId !== undefined) {
      await tx
        .update(quickPlayQueue)
        .set({
          status: 'dropped',
          message: MSG_PLACE.searchEndedForTournament(t.name),
          closedAt: now,
        })
        .where(eq(quickPlayQueue.id, w.queueEntryId));
    } else if (w.table) {
      const [seat] = await tx
        .select()
        .from(tableSeats)
        .where(and(eq(tableSeats.tableId, w.table.id), eq(tableSeats.userId, userId)));
      if (!seat) return;
      const message = MSG_PLACE.seatRefundedForTournament(t.name, w.table.name);
      const { balanceCents } = await refundSeat(
        tx,
        w.table,
        seat,
        `Devolución de entrada de ${w.table.name} (empezó el torneo ${t.name})`,
        userId,
      );
      notices.seatsLeft.push({ userId, tableId: w.table.id, balanceCents, message });
    } else return;
    await audit(tx, {
      actorUserId: null,
      action: 'tournament.take_from_place',
      targetType: 'tournament',
      targetId: t.id,
      before: { userId, place: w.place },
      after: null,
    });
  }

  private async usernames(tx: Tx, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const res = await tx.execute(
      sql`select id, username from users where id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
    const rows = (res as unknown as { rows: { id: unknown; username: string }[] }).rows;
    return new Map(rows.map((r) => [Number(r.id), r.username]));
  }

  /** Inserts a round's matches (byes decided at once) and opens the games of the others. */
  private async pairRound(
    tx: Tx,
    t: TournamentRow,
    round: number,
    pairs: { slot: number; a: number; b: number | null }[],
    entrants: EntrantRow[],
    notices: Notices,
    now: Date,
  ): Promise<void> {
    for (const p of pairs) {
      const [m] = await tx
        .insert(tournamentMatches)
        .values({
          tournamentId: t.id,
          round,
          slot: p.slot,
          entrantA: p.a,
          entrantB: p.b,
          status: p.b === null ? 'decided' : 'pending',
          result: p.b === null ? 'bye' : null,
          winner: p.b === null ? p.a : null,
          decidedAt: p.b === null ? now : null,
        })
        .returning();
      if (m && m.status === 'pending') await this.openMatch(tx, t, m, notices, now, entrants);
    }
    await audit(tx, {
      actorUserId: null,
      action: 'tournament.pair_round',
      targetType: 'tournament',
      targetId: t.id,
      before: null,
      after: { round, pairs },
    });
    this.updated(notices, t, 'running', round, null);
  }

  /**
   * Creates the hidden table and the game of a pending match (docs/decisions/028 "Matches"):
   * entry 0, seats away from `ready_at` (the no-show test), first turn after the start delay; each
   * player is told by `tournament:match_ready` and a push.
   */
  private async openMatch(
    tx: Tx,
    t: TournamentRow,
    m: MatchRow,
    notices: Notices,
    now: Date,
    known?: EntrantRow[],
  ): Promise<void> {
    const entrants =
      known ??
      (await tx.select().from(tournamentEntrants).where(eq(tournamentEntrants.tournamentId, t.id)));
    const a = entrants.find((e) => e.id === m.entrantA);
    const b = entrants.find((e) => e.id === m.entrantB);
    if (!a || !b) throw new Error(`match ${m.id} has no two entrants`);
    const name = `${t.name} · Ronda ${m.round}`;
    const [table] = await tx
      .insert(gameTables)
      .values({
        name,
        entryPriceCents: 0,
        rules: t.rules,
        houseFeeBps: 0,
        potShareBps: 0,
        status: 'closed',
        visibility: 'tournament',
        allowSpectators: true,
      })
      .returning({ id: gameTables.id });
    if (!table) throw new Error('table insert returned no row');
    const seats =
      t.rules.mode === 'parejas'
        ? [
            { seat: 0, userId: a.player1Id },
            { seat: 1, userId: b.player1Id },
            { seat: 2, userId: a.player2Id as number },
            { seat: 3, userId: b.player2Id as number },
          ]
        : [
            { seat: 0, userId: a.player1Id },
            { seat: 1, userId: b.player1Id },
          ];
    const gameId = await createTableMatch(tx, {
      tableId: table.id,
      tableName: name,
      round: 1,
      config: rulesToConfig(t.rules),
      serverSeed: randomBytes(32).toString('hex'),
      seats: seats.map((s) => ({ ...s, clientSeed: randomBytes(8).toString('hex') })),
      entryCents: 0,
      houseFeeBps: 0,
      potShareBps: 0,
      startsAt: new Date(now.getTime() + this.startDelayMs),
      timing: this.games.timing,
      tournament: { id: t.id, name: t.name, round: m.round, matchId: m.id },
      awaySince: now,
    });
    await tx
      .update(tournamentMatches)
      .set({ status: 'playing', tableId: table.id, gameId, readyAt: now })
      .where(eq(tournamentMatches.id, m.id));
    const showBy = new Date(now.getTime() + this.noShowMs).toISOString();
    for (const s of seats)
      notices.ready.push({
        userId: s.userId,
        event: {
          tournament_id: t.id,
          tournament_name: t.name,
          round: m.round,
          match_id: m.id,
          game_id: gameId,
          game_path: tournamentGamePath(gameId),
          show_by: showBy,
          message: MSG_TOURNAMENTS.matchReady(t.name, m.round),
        },
      });
  }

  /**
   * Duplicate (decision 062, addendum "Duplicate tournaments"): the entrants, in the recorded
   * draw's order, form sets of four pairs; set k is matches 2k (table 1) and 2k + 1 (table 2)
   * of round 1, whose games deal from one committed seed (duplicate module `createSetGames`).
   * Team x = the draw's 1st and 2nd pairs of the set, team y the 3rd and 4th; table 1 seats x's
   * first pair at 0/2 (entrant A) and y's first at 1/3 (B); table 2 seats y's second pair at 0/2
   * (A) and x's second at 1/3 (B). Each player is told like any tournament match.
   */
  private async openDuplicateSets(
    tx: Tx,
    t: TournamentRow,
    entrants: EntrantRow[],
    seed: string,
    notices: Notices,
    now: Date,
  ): Promise<void> {
    const drawn = seededShuffle(entrants, seed, 'duplicate-sets');
    const startsAt = new Date(now.getTime() + this.startDelayMs);
    const showBy = new Date(now.getTime() + this.noShowMs).toISOString();
    const sets: { set: number; matches: number[] }[] = [];
    for (let k = 0; k + 3 < drawn.length; k += 4) {
      const [x0, x1, y0, y1] = drawn.slice(k, k + 4) as [
        EntrantRow,
        EntrantRow,
        EntrantRow,
        EntrantRow,
      ];
      const pair = (e: EntrantRow): [number, number] => [e.player1Id, e.player2Id as number];
      const rows = await tx
        .insert(tournamentMatches)
        .values([
          { tournamentId: t.id, round: 1, slot: k / 2, entrantA: x0.id, entrantB: y0.id },
          { tournamentId: t.id, round: 1, slot: k / 2 + 1, entrantA: y1.id, entrantB: x1.id },
        ])
        .returning({ id: tournamentMatches.id, slot: tournamentMatches.slot });
      const ids = rows.sort((a, b) => a.slot - b.slot).map((r) => r.id) as [number, number];
      const opened = await createSetGames(tx, {
        name: `${t.name} · Duplicado ${k / 4 + 1}`,
        boards: t.boards ?? 8,
        rules: { ...t.rules, lead_rule: 'rotate' } as TableRules,
        teams: { x: [pair(x0), pair(x1)], y: [pair(y0), pair(y1)] },
        createdBy: null,
        timing: this.games.timing,
        startsAt,
        tournament: { id: t.id, name: t.name, round: 1, matchIds: ids },
        awaySince: now,
      });
      for (const table of opened.tables) {
        const matchId = ids[table.table - 1] as number;
        await tx
          .update(tournamentMatches)
          .set({ status: 'playing', tableId: table.tableId, gameId: table.gameId, readyAt: now })
          .where(eq(tournamentMatches.id, matchId));
        for (const userId of table.userIds)
          notices.ready.push({
            userId,
            event: {
              tournament_id: t.id,
              tournament_name: t.name,
              round: 1,
              match_id: matchId,
              game_id: table.gameId,
              game_path: tournamentGamePath(table.gameId),
              show_by: showBy,
              message: MSG_TOURNAMENTS.duplicateReady(t.name),
            },
          });
      }
      sets.push({ set: opened.id, matches: ids });
    }
    await audit(tx, {
      actorUserId: null,
      action: 'tournament.duplicate_sets',
      targetType: 'tournament',
      targetId: t.id,
      before: null,
      after: { sets },
    });
    this.updated(notices, t, 'running', 1, null);
  }

  /**
   * Decides a playing match when its game finished, or asks for a forfeit when a side did not
   * show by the deadline. Returns true when the match changed. Duplicate: never a forfeit (the
   * absent seats are played by the bot, so both tables play every board and stay comparable);
   * a finished table is `played` with no winner (the comparison ranks the pairs).
   */
  private async judge(
    tx: Tx,
    t: TournamentRow,
    m: MatchRow,
    notices: Notices,
    now: Date,
  ): Promise<boolean> {
    if (!m.gameId || !m.readyAt) return false;
    const [g] = await tx.select().from(games).where(eq(games.id, m.gameId));
    if (!g) return false;
    const seats = await tx
      .select({ seat: gamePlayers.seat, disconnectedAt: gamePlayers.disconnectedAt })
      .from(gamePlayers)
      .where(eq(gamePlayers.gameId, m.gameId));
    const readyAt = m.readyAt.getTime();
    const parejas = t.rules.mode === 'parejas';
    const sideOf = (seat: number) => (parejas ? seat % 2 : seat);
    // A seat showed when its player opened the game: `disconnected_at` no longer equals ready_at.
    const noShow = [0, 1].map((side) =>
      seats.some((s) => sideOf(s.seat) === side && s.disconnectedAt?.getTime() === readyAt),
    );
    const deadlinePassed = now.getTime() >= readyAt + this.noShowMs;
    const state = rowState(g.storedState, g.history) as MatchState;
    if (t.format === 'duplicate') {
      if (g.status !== 'finished') return false;
      await tx
        .update(tournamentMatches)
        .set({
          status: 'decided',
          result: 'played',
          winner: null,
          decidedAt: now,
          scoreA: state.scores[0] ?? 0,
          scoreB: state.scores[1] ?? 0,
        })
        .where(eq(tournamentMatches.id, m.id));
      await audit(tx, {
        actorUserId: null,
        action: 'tournament.match_decided',
        targetType: 'tournament',
        targetId: t.id,
        before: { matchId: m.id, status: m.status },
        after: { matchId: m.id, gameId: g.id, result: 'played', scores: state.scores },
      });
      return true;
    }
    if (g.status === 'playing') {
      if (!deadlinePassed || (!noShow[0] && !noShow[1])) return false;
      const winnerSide = noShow[0] && noShow[1] ? null : noShow[0] ? 1 : 0;
      notices.forfeits.push({ gameId: g.id, winnerSide });
      return false;
    }
    // The game finished: by its result, unless a side never showed (it forfeits even if the
    // bot playing its seats won).
    let result: 'played' | 'forfeit' | 'double_forfeit' = 'played';
    let winnerSide: number | null = state.result?.winnerSide ?? null;
    if (noShow[0] && noShow[1]) {
      result = 'double_forfeit';
      winnerSide = null;
    } else if (noShow[0] || noShow[1]) {
      result = 'forfeit';
      winnerSide = noShow[0] ? 1 : 0;
    }
    let winner: number | null =
      winnerSide === 0 ? m.entrantA : winnerSide === 1 ? m.entrantB : null;
    if (winner === null && t.format === 'single_elimination') {
      // Nobody won a knockout match (double no-show): the better seed advances.
      const both = await tx
        .select({ id: tournamentEntrants.id, seed: tournamentEntrants.seed })
        .from(tournamentEntrants)
        .where(inArray(tournamentEntrants.id, [m.entrantA as number, m.entrantB as number]))
        .orderBy(asc(tournamentEntrants.seed));
      winner = both[0]?.id ?? m.entrantA;
    }
    await tx
      .update(tournamentMatches)
      .set({
        status: 'decided',
        result,
        winner,
        decidedAt: now,
        scoreA: state.scores[0] ?? 0,
        scoreB: state.scores[1] ?? 0,
      })
      .where(eq(tournamentMatches.id, m.id));
    if (t.format === 'single_elimination') {
      const loser = winner === m.entrantA ? m.entrantB : m.entrantA;
      if (loser !== null)
        await tx
          .update(tournamentEntrants)
          .set({ eliminated: true })
          .where(eq(tournamentEntrants.id, loser));
    }
    await audit(tx, {
      actorUserId: null,
      action: 'tournament.match_decided',
      targetType: 'tournament',
      targetId: t.id,
      before: { matchId: m.id, status: m.status },
      after: { matchId: m.id, gameId: g.id, result, winner, scores: state.scores },
    });
    return true;
  }

  /** Pairs the round after `decided` (all of the current round's matches, decided). */
  private async nextRound(
    tx: Tx,
    t: TournamentRow,
    decided: MatchRow[],
    notices: Notices,
    now: Date,
  ): Promise<void> {
    const round = t.currentRound + 1;
    const entrants = await tx
      .select()
      .from(tournamentEntrants)
      .where(eq(tournamentEntrants.tournamentId, t.id))
      .orderBy(asc(tournamentEntrants.seed));
    let pairs: { slot: number; a: number; b: number | null }[];
    if (t.format === 'single_elimination') {
      const bySlot = [...decided].sort((x, y) => x.slot - y.slot);
      pairs = [];
      for (let i = 0; i + 1 < bySlot.length; i += 2)
        pairs.push({
          slot: i / 2,
          a: bySlot[i]?.winner as number,
          b: bySlot[i + 1]?.winner as number,
        });
    } else {
      const all = await this.decidedOf(tx, t.id);
      pairs = swissPairs(swissStandings(entrants, all)).map(([a, b], slot) => ({ slot, a, b }));
    }
    await tx
      .update(tournaments)
      .set({ currentRound: round, updatedAt: now })
      .where(eq(tournaments.id, t.id));
    await this.pairRound(tx, { ...t, currentRound: round }, round, pairs, entrants, notices, now);
  }

  private async decidedOf(tx: Tx, tournamentId: number): Promise<DecidedMatch[]> {
    const rows = await tx
      .select()
      .from(tournamentMatches)
      .where(
        and(
          eq(tournamentMatches.tournamentId, tournamentId),
          eq(tournamentMatches.status, 'decided'),
        ),
      );
    return rows
      .filter((m) => m.entrantA !== null)
      .map((m) => ({ round: m.round, a: m.entrantA as number, b: m.entrantB, winner: m.winner }));
  }

  /**
   * Final standings and prizes (docs/decisions/028 "Money"): places, the prize plan, then ONE
   * ledger transaction escrow → house_fees + each winning player's wallet (a pair's prize split
   * half each, the odd céntimo to the pair's first player), idempotency key
   * `tournament:<id>:payout`. The escrow must hold exactly what the registered players paid
   * before, and 0 after.
   */
  private async finish(tx: Tx, t: TournamentRow, notices: Notices, now: Date): Promise<void> {
    const entrants = await tx
      .select()
      .from(tournamentEntrants)
      .where(eq(tournamentEntrants.tournamentId, t.id))
      .orderBy(asc(tournamentEntrants.seed));
    const decided = await this.decidedOf(tx, t.id);
    const groups: PlaceGroup[] =
      t.format === 'swiss'
        ? swissStandings(entrants, decided).map((r, i) => ({ place: i + 1, entrants: [r.entrant] }))
        : t.format === 'duplicate'
          ? duplicatePlaces(
              duplicatePairScores(await duplicateSetsOf(tx, t.id, t.boards ?? 8)),
              entrants,
            )
          : eliminationPlaces(t.totalRounds ?? 1, entrants, decided);
    const paid = await tx
      .select({ userId: tournamentEntries.userId, paidCents: tournamentEntries.paidCents })
      .from(tournamentEntries)
      .where(
        and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.status, 'registered')),
      );
    const poolCents = paid.reduce((s, p) => s + p.paidCents, 0);
    const plan = planPrizes(poolCents, t.houseFeeBps, t.prizeSplitBps, groups);
    const perPlayer = new Map<number, number>();
    for (const e of entrants) {
      const cents = plan.byEntrant.get(e.id) ?? 0;
      if (e.player2Id === null) perPlayer.set(e.player1Id, cents);
      else {
        const [first, second] = splitBetweenPartners(cents);
        perPlayer.set(e.player1Id, first);
        perPlayer.set(e.player2Id, second);
      }
    }
    let balances = new Map<number, number>();
    if (poolCents > 0) {
      const escrow = await systemAccount(tx, 'tournament_escrow', escrowRef(t.id));
      const escrowRes = await tx.execute(
        sql`select balance_cents from accounts where id = ${escrow}`,
      );
      const held = Number(
        (escrowRes as unknown as { rows: { balance_cents: unknown }[] }).rows[0]?.balance_cents ??
          0,
      );
      if (held !== poolCents)
        throw new Error(
          `escrow of tournament ${t.id} holds ${held} céntimos, its entries paid ${poolCents}: not paying`,
        );
      const house = await systemAccount(tx, 'house_fees');
      const wallets = new Map<number, number>();
      for (const userId of perPlayer.keys())
        if ((perPlayer.get(userId) ?? 0) > 0)
          wallets.set(userId, await walletAccountId(tx, userId));
      const postings = [
        { accountId: escrow, amountCents: -poolCents },
        { accountId: house, amountCents: plan.houseFeeCents },
        ...[...wallets.entries()].map(([userId, accountId]) => ({
          accountId,
          amountCents: perPlayer.get(userId) ?? 0,
        })),
      ].filter((p) => p.amountCents !== 0);
      const moved = await transfer(tx, {
        kind: 'tournament_payout',
        idempotencyKey: `tournament:${t.id}:payout`,
        postings,
        description: `Premio del torneo ${t.name}`,
        reference: { type: 'tournament', id: t.id },
      });
      if (!moved.replayed && moved.balances.get(escrow) !== 0)
        throw new Error(`escrow of tournament ${t.id} did not end at 0`);
      balances = new Map(
        [...wallets.entries()].map(([userId, acc]) => [userId, moved.balances.get(acc) ?? 0]),
      );
      await assertEscrowEmpty(tx, t.id);
    }
    const placeOf = new Map<number, number>();
    for (const g of groups) for (const id of g.entrants) placeOf.set(id, g.place);
    for (const e of entrants)
      await tx
        .update(tournamentEntrants)
        .set({ place: placeOf.get(e.id) ?? null, prizeCents: plan.byEntrant.get(e.id) ?? 0 })
        .where(eq(tournamentEntrants.id, e.id));
    for (const [userId, cents] of perPlayer)
      if (cents > 0)
        await tx
          .update(tournamentEntries)
          .set({ prizeCents: cents })
          .where(
            and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.userId, userId)),
          );
    const facts = {
      poolCents: plan.poolCents,
      houseFeeCents: plan.houseFeeCents,
      netCents: plan.netCents,
      placeCents: plan.placeCents,
      byEntrant: Object.fromEntries(plan.byEntrant),
    };
    await tx
      .update(tournaments)
      .set({ status: 'finished', finishedAt: now, updatedAt: now, payout: facts })
      .where(eq(tournaments.id, t.id));
    await audit(tx, {
      actorUserId: null,
      action: 'tournament.finish',
      targetType: 'tournament',
      targetId: t.id,
      before: { status: 'running' },
      after: { status: 'finished', ...facts, perPlayer: Object.fromEntries(perPlayer) },
    });
    for (const [userId, balanceCents] of balances) {
      const entrant = entrants.find((e) => e.player1Id === userId || e.player2Id === userId);
      notices.prizes.push({
        userId,
        balanceCents,
        message: MSG_TOURNAMENTS.prizeWon(t.name, entrant ? (placeOf.get(entrant.id) ?? 0) : 0),
        tournament: t,
      });
    }
    this.updated(notices, t, 'finished', t.currentRound, MSG_TOURNAMENTS.finished(t.name));
  }

  /** After commit: the room's update, match-ready events and pushes, balances. */
  private announce(n: Notices): void {
    const hub = this.games.hub;
    for (const u of n.updated)
      hub.toRoom(tournamentRoom(u.tournament_id), SERVER_EVENTS.tournamentUpdated, u);
    for (const r of n.ready) {
      hub.toUser(r.userId, SERVER_EVENTS.tournamentMatchReady, r.event);
      this.push?.notifyUser(
        r.userId,
        'table_start',
        {
          title: r.event.tournament_name.slice(0, 80),
          body: r.event.message.slice(0, 240),
          url: r.event.game_path,
        },
        { onlyIfHidden: false },
      );
    }
    // Seats left for the tournament: the waiting room learns it like a closed table.
    for (const l of n.seatsLeft) {
      const balance = centsToBolivares(l.balanceCents);
      hub.toUser(l.userId, SERVER_EVENTS.balanceUpdated, { balance });
      hub.toUser(l.userId, SERVER_EVENTS.tableClosed, {
        table_id: l.tableId,
        message: l.message,
        new_balance: balance,
      });
      publishTable(this.db, hub, l.tableId).catch((err: unknown) =>
        this.log.error({ err }, 'publishing a table after a tournament start failed'),
      );
    }
    // Refunds and prizes: the new balance, and a push (kind `payment`) with the Spanish reason.
    for (const r of [
      ...n.refunds.map((x) => ({
        ...x,
        userId: x.refund.userId,
        balanceCents: x.refund.balanceCents,
      })),
      ...n.prizes,
    ]) {
      hub.toUser(r.userId, SERVER_EVENTS.balanceUpdated, {
        balance: centsToBolivares(r.balanceCents),
      });
      this.push?.notifyUser(r.userId, 'payment', {
        title: r.tournament.name.slice(0, 80),
        body: r.message.slice(0, 240),
        url: TOURNAMENT_PAGES.detail(r.tournament.id),
      });
    }
  }
}
