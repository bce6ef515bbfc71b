import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  DUPLICATE_TOURNAMENT_BOARDS,
  MSG_TOURNAMENTS,
  TOURNAMENT_NO_SHOW_MS,
  centsToBolivares,
  type CreateTournamentRequest,
  type StaffTournament,
  type TournamentDetail,
  type TournamentListItem,
  type TournamentMyEntry,
} from '@domino/contracts';
import type { Db, Executor, Tx } from '../../db/client';
import {
  games,
  tournamentEntrants,
  tournamentEntries,
  tournamentMatches,
  tournaments,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import { walletBalanceCents } from '../ledger/accounts';
import { systemAccount, transfer, walletAccountId } from '../ledger/ledger';
import { linkedToAny } from '../risk/linked';
import { assertMayStake } from '../responsible/guard';
import { duplicatePairScores, duplicatePlaces, duplicateSetsOf } from './duplicate';
import { eliminationPlaces, planPrizes, swissStandings, type DecidedMatch } from './logic';

/**
 * Tournament registration, staff scheduling and cancellation, and the public views
 * (docs/decisions/028-tournaments.md). Money: the entry goes wallet → `tournament_escrow` (ref
 * `tournament:<id>`) in the transaction that writes the entry row, under the tournament's row
 * lock (capacity holds under concurrency); refunds go back the same way. Amounts in céntimos.
 */

export type TournamentRow = typeof tournaments.$inferSelect;
export type EntryRow = typeof tournamentEntries.$inferSelect;

const notFound = () => new AppError('tournaments/not_found', 404, MSG_TOURNAMENTS.notFound);
const conflict = (code: string, message: string) =>
  new AppError(`tournaments/${code}`, 409, message);

/** The escrow account reference of a tournament. */
export function escrowRef(tournamentId: number): string {
  return `tournament:${tournamentId}`;
}

/** Locks a tournament's row (FOR UPDATE); 404 when it does not exist. */
export async function lockTournament(tx: Executor, id: number): Promise<TournamentRow> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/** Players per entrant: 2 in parejas, 1 otherwise. */
export function perEntrant(t: Pick<TournamentRow, 'rules'>): number {
  return t.rules.mode === 'parejas' ? 2 : 1;
}

/** Whether registration is open at `now`: scheduled and before its start. */
function registrationOpen(t: TournamentRow, now: Date): boolean {
  return t.status === 'scheduled' && now.getTime() < t.startsAt.getTime();
}

/**
 * Staff schedule a tournament (input validated by createTournamentRequestSchema). The start must
 * be in the future. Audited. Returns the new id.
 */
export async function createTournament(
  db: Executor,
  staffId: number,
  input: CreateTournamentRequest,
  now: Date = new Date(),
): Promise<number> {
  const startsAt = new Date(input.starts_at);
  if (startsAt.getTime() <= now.getTime())
    throw new AppError('tournaments/start_in_past', 422, MSG_TOURNAMENTS.startInPast);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tournaments)
      .values({
        name: input.name,
        format: input.format,
        // A duplicate set's tables rotate the lead (decision 062: hand k has the same leader at
        // both tables).
        rules:
          input.format === 'duplicate'
            ? ({ ...input.rules, lead_rule: 'rotate' } as typeof input.rules)
            : input.rules,
        startsAt,
        entryFeeCents: Math.round(input.entry_fee * 100),
        houseFeeBps: input.house_fee_bps,
        capacity: input.capacity,
        minEntrants: input.min_entrants,
        prizeSplitBps: input.prize_split_bps,
        swissRounds: input.swiss_rounds ?? null,
        boards:
          input.format === 'duplicate'
            ? (input.boards ?? DUPLICATE_TOURNAMENT_BOARDS.default)
            : null,
        createdBy: staffId,
      })
      .returning();
    if (!row) throw new Error('tournament insert returned no row');
    await audit(tx, {
      actorUserId: staffId,
      action: 'tournament.create',
      targetType: 'tournament',
      targetId: row.id,
      before: null,
      after: row,
    });
    return row.id;
  });
}

/** What a registration or unregistration did, for the response and the after-commit push. */
export interface RegistrationOutcome {
  message: string;
  balanceCents: number;
  myEntry: TournamentMyEntry;
}

/**
 * Registers `userId` (docs/decisions/028 "Registration"). Under the tournament's row lock: open
 * registration, active account, not already registered, a free place (capacity in players), the
 * partner rules of parejas (`partnerName` = the partner's username: registering with someone who
 * named you confirms the pair; naming someone registered with another partner is refused; a
 * registered player without a partner may name one later, paying nothing again); then
 * the entry moves wallet → escrow (idempotency key `tournament:<id>:entry:<user>:<n>`, n counts
 * this user's registrations) with the entry row. Errors (AppError, Spanish): 404 not found /
 * partner not found, 409 closed / already registered / full / partner taken, 422 partner in an
 * individual tournament or oneself, insufficient funds, inactive account (403).
 */
export async function register(
  db: Executor,
  tournamentId: number,
  userId: number,
  partnerName: string | undefined,
  now: Date = new Date(),
): Promise<RegistrationOutcome> {
  return db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    if (!registrationOpen(t, now))
      throw conflict('registration_closed', MSG_TOURNAMENTS.registrationClosed);
    const [me] = await tx
      .select({ status: users.status, username: users.username })
      .from(users)
      .where(eq(users.id, userId))
      .for('share');
    if (me?.status !== 'activo')
      throw new AppError('tournaments/account_inactive', 403, MSG_TOURNAMENTS.accountInactive);
    await assertMayStake(tx, userId, t.entryFeeCents, now);
    // Linked accounts never play one money tournament, by the rule every path uses
    // (risk/linked.ts, docs/decisions/039): an address alone never counts.
    if (t.entryFeeCents > 0) {
      const entrants = await tx
        .select({ userId: tournamentEntries.userId })
        .from(tournamentEntries)
        .where(
          and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.status, 'registered')),
        );
      if (
        await linkedToAny(
          tx,
          userId,
          entrants.map((e) => e.userId),
        )
      )
        throw conflict('linked_account', MSG_TOURNAMENTS.linkedAccount);
    }
    const [existing] = await tx
      .select()
      .from(tournamentEntries)
      .where(and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.userId, userId)));
    let partner: { id: number; username: string; namedMe: boolean } | null = null;
    if (partnerName !== undefined) {
      if (t.rules.mode !== 'parejas')
        throw new AppError(
          'tournaments/partner_not_for_mode',
          422,
          MSG_TOURNAMENTS.partnerNotForMode,
        );
      const [p] = await tx
        .select({ id: users.id, username: users.username, status: users.status, rol: users.rol })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${partnerName})`);
      // Only an active player can be a partner; a staff account, a suspended player and an
      // unknown name get the same refusal, so the answer names no staff (decision 048).
      if (!p || p.status !== 'activo' || p.rol !== 'jugador')
        throw new AppError('tournaments/partner_not_found', 404, MSG_TOURNAMENTS.partnerNotFound);
      if (p.id === userId)
        throw new AppError('tournaments/partner_self', 422, MSG_TOURNAMENTS.partnerSelf);
      const [theirs] = await tx
        .select()
        .from(tournamentEntries)
        .where(and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.userId, p.id)));
      const registered = theirs?.status === 'registered';
      if (registered && theirs.partnerUserId !== null && theirs.partnerUserId !== userId)
        throw conflict('partner_taken', MSG_TOURNAMENTS.partnerTaken);
      partner = {
        id: p.id,
        username: p.username,
        namedMe: registered && theirs.partnerUserId === userId,
      };
      // A registered player who came alone becomes this player's partner only by naming them
      // back; until then the pair is unconfirmed.
    }

    // Already registered: in parejas, a player who has no partner yet may name one (this confirms
    // an invitation, or invites); nothing is paid again. Anything else is a replay: refused.
    if (existing?.status === 'registered') {
      if (!partner || existing.partnerUserId !== null)
        throw conflict('already_registered', MSG_TOURNAMENTS.alreadyRegistered);
      await tx
        .update(tournamentEntries)
        .set({ partnerUserId: partner.id })
        .where(eq(tournamentEntries.id, existing.id));
      await audit(tx, {
        actorUserId: userId,
        action: 'tournament.partner',
        targetType: 'tournament',
        targetId: t.id,
        before: { partnerUserId: null },
        after: { partnerUserId: partner.id },
      });
      return {
        message: partner.namedMe
          ? MSG_TOURNAMENTS.partnerConfirmed(partner.username)
          : MSG_TOURNAMENTS.registeredWaitingPartner(partner.username),
        balanceCents: await walletBalanceCents(tx, userId),
        myEntry: await myEntryOf(tx, t, userId, now),
      };
    }
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(tournamentEntries)
      .where(
        and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.status, 'registered')),
      )) as [{ count: number }];
    if (count >= t.capacity) throw conflict('full', MSG_TOURNAMENTS.full);

    const registrations = existing ? existing.registrations + 1 : 1;
    let balanceCents: number;
    if (t.entryFeeCents > 0) {
      const wallet = await walletAccountId(tx, userId);
      const escrow = await systemAccount(tx, 'tournament_escrow', escrowRef(t.id));
      try {
        const moved = await transfer(tx, {
          kind: 'tournament_entry',
          idempotencyKey: `tournament:${t.id}:entry:${userId}:${registrations}`,
          postings: [
            { accountId: wallet, amountCents: -t.entryFeeCents },
            { accountId: escrow, amountCents: t.entryFeeCents },
          ],
          description: `Inscripción en el torneo ${t.name}`,
          reference: { type: 'tournament', id: t.id },
          actorUserId: userId,
        });
        balanceCents = moved.balances.get(wallet) ?? (await walletBalanceCents(tx, userId));
      } catch (err) {
        if (err instanceof AppError && err.code === 'wallet/insufficient_funds')
          throw new AppError('wallet/insufficient_funds', 422, MSG_TOURNAMENTS.insufficientFunds);
        throw err;
      }
    } else {
      balanceCents = await walletBalanceCents(tx, userId);
    }
    const values = {
      status: 'registered' as const,
      partnerUserId: partner?.id ?? null,
      paidCents: t.entryFeeCents,
      registrations,
      registeredAt: now,
      refundedAt: null,
    };
    if (existing)
      await tx.update(tournamentEntries).set(values).where(eq(tournamentEntries.id, existing.id));
    else await tx.insert(tournamentEntries).values({ tournamentId: t.id, userId, ...values });
    await tx.update(tournaments).set({ updatedAt: now }).where(eq(tournaments.id, t.id));
    await audit(tx, {
      actorUserId: userId,
      action: 'tournament.register',
      targetType: 'tournament',
      targetId: t.id,
      before: existing ?? null,
      after: { userId, ...values },
    });
    const message = partner
      ? partner.namedMe
        ? MSG_TOURNAMENTS.partnerConfirmed(partner.username)
        : MSG_TOURNAMENTS.registeredWaitingPartner(partner.username)
      : t.entryFeeCents > 0
        ? MSG_TOURNAMENTS.registered
        : MSG_TOURNAMENTS.registeredFree;
    return { message, balanceCents, myEntry: await myEntryOf(tx, t, userId, now) };
  });
}

/**
 * Returns one registered player's entry to their wallet inside `tx` (idempotency key
 * `tournament:<id>:refund:<user>:<n>`), marks the entry refunded and clears partners naming them.
 * Returns the wallet balance after (céntimos). No money moves in a free tournament.
 */
export async function refundEntry(
  tx: Tx,
  t: TournamentRow,
  entry: EntryRow,
  now: Date,
): Promise<number> {
  let balance: number | null = null;
  if (entry.paidCents > 0) {
    const wallet = await walletAccountId(tx, entry.userId);
    const escrow = await systemAccount(tx, 'tournament_escrow', escrowRef(t.id));
    const moved = await transfer(tx, {
      kind: 'tournament_refund',
      idempotencyKey: `tournament:${t.id}:refund:${entry.userId}:${entry.registrations}`,
      postings: [
        { accountId: escrow, amountCents: -entry.paidCents },
        { accountId: wallet, amountCents: entry.paidCents },
      ],
      description: `Devolución de la inscripción en ${t.name}`,
      reference: { type: 'tournament', id: t.id },
    });
    balance = moved.balances.get(wallet) ?? null;
  }
  await tx
    .update(tournamentEntries)
    .set({ status: 'refunded', paidCents: 0, refundedAt: now })
    .where(eq(tournamentEntries.id, entry.id));
  return balance ?? (await walletBalanceCents(tx, entry.userId));
}

/**
 * Unregisters `userId` before the start and refunds the entry (docs/decisions/028). A partner who
 * had named them stays registered, alone (paired at random at the start unless they name someone
 * else... they may unregister too). Errors: 404, 409 not registered / already started.
 */
export async function unregister(
  db: Executor,
  tournamentId: number,
  userId: number,
  now: Date = new Date(),
): Promise<RegistrationOutcome> {
  return db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    const [entry] = await tx
      .select()
      .from(tournamentEntries)
      .where(and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.userId, userId)));
    if (entry?.status !== 'registered')
      throw conflict('not_registered', MSG_TOURNAMENTS.notRegistered);
    if (!registrationOpen(t, now))
      throw conflict('cannot_unregister', MSG_TOURNAMENTS.cannotUnregister);
    const balanceCents = await refundEntry(tx, t, entry, now);
    await tx.update(tournaments).set({ updatedAt: now }).where(eq(tournaments.id, t.id));
    await audit(tx, {
      actorUserId: userId,
      action: 'tournament.unregister',
      targetType: 'tournament',
      targetId: t.id,
      before: entry,
      after: { status: 'refunded', refundedCents: entry.paidCents },
    });
    return {
      message:
        t.entryFeeCents > 0 ? MSG_TOURNAMENTS.unregistered : MSG_TOURNAMENTS.unregisteredFree,
      balanceCents,
      myEntry: await myEntryOf(tx, t, userId, now),
    };
  });
}

/** A refunded player, for the after-commit push. */
export interface Refund {
  userId: number;
  balanceCents: number;
}

/**
 * Cancels a scheduled tournament and refunds every registered player, inside `tx` with the
 * tournament locked by the caller. `actor` null = the director (minimum not reached). Audited.
 */
export async function cancelLocked(
  tx: Tx,
  t: TournamentRow,
  actor: number | null,
  reason: string,
  now: Date,
): Promise<Refund[]> {
  const entries = await tx
    .select()
    .from(tournamentEntries)
    .where(
      and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.status, 'registered')),
    )
    .orderBy(asc(tournamentEntries.id));
  const refunds: Refund[] = [];
  for (const e of entries)
    refunds.push({ userId: e.userId, balanceCents: await refundEntry(tx, t, e, now) });
  await assertEscrowEmpty(tx, t.id);
  await tx
    .update(tournaments)
    .set({ status: 'cancelled', cancelledReason: reason, updatedAt: now, finishedAt: now })
    .where(eq(tournaments.id, t.id));
  await audit(tx, {
    actorUserId: actor,
    action: 'tournament.cancel',
    targetType: 'tournament',
    targetId: t.id,
    before: { status: t.status },
    after: { status: 'cancelled', refunded: refunds.length },
    reason,
  });
  return refunds;
}

/** Throws when the tournament's escrow does not hold exactly 0 céntimos. */
export async function assertEscrowEmpty(tx: Executor, tournamentId: number): Promise<void> {
  const escrow = await systemAccount(tx, 'tournament_escrow', escrowRef(tournamentId));
  const res = await tx.execute(sql`select balance_cents from accounts where id = ${escrow}`);
  const balance = Number(
    (res as unknown as { rows: { balance_cents: unknown }[] }).rows[0]?.balance_cents ?? 0,
  );
  if (balance !== 0)
    throw new Error(`escrow of tournament ${tournamentId} holds ${balance} céntimos, expected 0`);
}

/** Staff cancel before the start (refunds). Errors: 404; 409 once started or ended. */
export async function cancelByStaff(
  db: Db,
  tournamentId: number,
  staffId: number,
  reason: string | undefined,
  now: Date = new Date(),
): Promise<Refund[]> {
  return db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    if (t.status !== 'scheduled') throw conflict('cannot_cancel', MSG_TOURNAMENTS.cannotCancel);
    return cancelLocked(tx, t, staffId, reason?.trim() || MSG_TOURNAMENTS.cancelledByStaff, now);
  });
}

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

async function paidTotals(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, { players: number; pool: number }>();
  const rows = await db
    .select({
      id: tournamentEntries.tournamentId,
      players: sql<number>`count(*)::int`,
      pool: sql<number>`coalesce(sum(${tournamentEntries.paidCents}), 0)::bigint`,
    })
    .from(tournamentEntries)
    .where(
      and(inArray(tournamentEntries.tournamentId, ids), eq(tournamentEntries.status, 'registered')),
    )
    .groupBy(tournamentEntries.tournamentId);
  return new Map(
    rows.map((r) => [Number(r.id), { players: Number(r.players), pool: Number(r.pool) }]),
  );
}

function listItem(
  t: TournamentRow,
  totals: { players: number; pool: number } | undefined,
  registered: boolean,
): TournamentListItem {
  return {
    id: t.id,
    name: t.name,
    status: t.status,
    format: t.format,
    mode: t.rules.mode,
    starts_at: t.startsAt.toISOString(),
    entry_fee: centsToBolivares(t.entryFeeCents),
    capacity: t.capacity,
    min_entrants: t.minEntrants,
    registered_players: totals?.players ?? 0,
    pool: centsToBolivares(totals?.pool ?? 0),
    current_round: t.currentRound,
    total_rounds: t.totalRounds,
    registered,
  };
}

/** The public list: every tournament, upcoming and running first, then the ended ones (100). */
export async function listTournaments(
  db: Executor,
  viewerId: number | null,
): Promise<TournamentListItem[]> {
  const rows = await db
    .select()
    .from(tournaments)
    .orderBy(
      sql`case when ${tournaments.status} in ('scheduled', 'running') then 0 else 1 end`,
      sql`case when ${tournaments.status} in ('scheduled', 'running') then ${tournaments.startsAt} end asc`,
      sql`${tournaments.startsAt} desc`,
    )
    .limit(100);
  const totals = await paidTotals(
    db,
    rows.map((r) => r.id),
  );
  const mine = new Set<number>();
  if (viewerId !== null && rows.length > 0) {
    const m = await db
      .select({ id: tournamentEntries.tournamentId })
      .from(tournamentEntries)
      .where(
        and(
          eq(tournamentEntries.userId, viewerId),
          eq(tournamentEntries.status, 'registered'),
          inArray(
            tournamentEntries.tournamentId,
            rows.map((r) => r.id),
          ),
        ),
      );
    for (const r of m) mine.add(Number(r.id));
  }
  return rows.map((t) => listItem(t, totals.get(t.id), mine.has(t.id)));
}

/** The caller's own entry (see tournamentMyEntrySchema), or a refunded/absent shape. */
async function myEntryOf(
  db: Executor,
  t: TournamentRow,
  userId: number,
  now: Date,
): Promise<TournamentMyEntry> {
  const [e] = await db
    .select()
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.userId, userId)));
  let partner: TournamentMyEntry['partner'] = null;
  let entrantPartner: number | null = null;
  if (e?.entrantId) {
    const [en] = await db
      .select()
      .from(tournamentEntrants)
      .where(eq(tournamentEntrants.id, e.entrantId));
    if (en) entrantPartner = en.player1Id === userId ? en.player2Id : en.player1Id;
  }
  const partnerId = entrantPartner ?? e?.partnerUserId ?? null;
  if (partnerId !== null) {
    const [p] = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(eq(users.id, partnerId));
    const [theirs] = await db
      .select()
      .from(tournamentEntries)
      .where(
        and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.userId, partnerId)),
      );
    if (p)
      partner = {
        id: p.id,
        name: p.username,
        confirmed:
          entrantPartner !== null ||
          (theirs?.status === 'registered' && theirs.partnerUserId === userId),
      };
  }
  let currentGame: string | null = null;
  if (e?.entrantId) {
    const [m] = await db
      .select({ gameId: tournamentMatches.gameId })
      .from(tournamentMatches)
      .innerJoin(games, eq(games.id, tournamentMatches.gameId))
      .where(
        and(
          eq(tournamentMatches.tournamentId, t.id),
          eq(tournamentMatches.status, 'playing'),
          eq(games.status, 'playing'),
          sql`(${tournamentMatches.entrantA} = ${e.entrantId} or ${tournamentMatches.entrantB} = ${e.entrantId})`,
        ),
      );
    currentGame = m?.gameId ?? null;
  }
  return {
    status: e?.status ?? 'refunded',
    paid: centsToBolivares(e?.paidCents ?? 0),
    entrant_id: e?.entrantId ?? null,
    partner,
    current_game_id: currentGame,
    prize: centsToBolivares(e?.prizeCents ?? 0),
    can_unregister: e?.status === 'registered' && registrationOpen(t, now),
  };
}

/**
 * The detail page's data: entrants, rounds with matches (game ids for spectating), standings
 * (Swiss live; single elimination final places once decided), prizes (estimated from the current
 * pool until paid), the caller's entry and invitations. Errors: 404.
 */
export async function tournamentDetail(
  db: Executor,
  id: number,
  viewerId: number | null,
  now: Date = new Date(),
): Promise<TournamentDetail> {
  const [t] = await db.select().from(tournaments).where(eq(tournaments.id, id));
  if (!t) throw notFound();
  const totals = (await paidTotals(db, [t.id])).get(t.id);
  const entrants = await db
    .select()
    .from(tournamentEntrants)
    .where(eq(tournamentEntrants.tournamentId, t.id))
    .orderBy(asc(tournamentEntrants.seed));
  const playerIds = entrants.flatMap((e) => [e.player1Id, ...(e.player2Id ? [e.player2Id] : [])]);
  const names = new Map<number, string>();
  if (playerIds.length > 0) {
    const rows = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.id, playerIds));
    for (const r of rows) names.set(r.id, r.username);
  }
  const matches = await db
    .select()
    .from(tournamentMatches)
    .where(eq(tournamentMatches.tournamentId, t.id))
    .orderBy(asc(tournamentMatches.round), asc(tournamentMatches.slot));
  const decided: DecidedMatch[] = matches
    .filter((m) => m.status === 'decided' && m.entrantA !== null)
    .map((m) => ({ round: m.round, a: m.entrantA as number, b: m.entrantB, winner: m.winner }));
  // Duplicate: the sets and their compared boards (a board only once both tables finished it).
  const sets = t.format === 'duplicate' ? await duplicateSetsOf(db, t.id, t.boards ?? 8) : [];
  const setOf = (matchId: number) =>
    sets.find((x) => x.table1.matchId === matchId || x.table2.matchId === matchId);
  // A table's totals are shown only once both tables of its set finished: before, they would
  // tell the other table the boards it is still playing (decision 062).
  const scoresShown = (matchId: number) => {
    const set = setOf(matchId);
    return !set || (set.table1.finished && set.table2.finished);
  };
  const roundsMap = new Map<number, typeof matches>();
  for (const m of matches) roundsMap.set(m.round, [...(roundsMap.get(m.round) ?? []), m]);
  const rounds = [...roundsMap.entries()].map(([number, ms]) => ({
    number,
    status: ms.every((m) => m.status === 'decided') ? ('done' as const) : ('playing' as const),
    matches: ms.map((m) => ({
      id: m.id,
      round: m.round,
      slot: m.slot,
      entrant_a: m.entrantA,
      entrant_b: m.entrantB,
      status: m.status,
      result: m.result,
      winner: m.winner,
      game_id: m.gameId,
      score_a: scoresShown(m.id) ? m.scoreA : null,
      score_b: scoresShown(m.id) ? m.scoreB : null,
      duplicate_set_id: setOf(m.id)?.setId ?? null,
      show_by:
        m.status === 'playing' && m.readyAt
          ? new Date(m.readyAt.getTime() + TOURNAMENT_NO_SHOW_MS).toISOString()
          : null,
    })),
  }));
  const prizeOf = new Map(entrants.map((e) => [e.id, e.prizeCents]));
  let standings: TournamentDetail['standings'] = [];
  if (t.format === 'swiss') {
    standings = swissStandings(entrants, decided).map((r, i) => ({
      place: entrants.find((e) => e.id === r.entrant)?.place ?? i + 1,
      entrant: r.entrant,
      points: r.points,
      buchholz: r.buchholz,
      wins: r.wins,
      losses: r.losses,
      prize: centsToBolivares(prizeOf.get(r.entrant) ?? 0),
    }));
  } else if (t.format === 'duplicate') {
    const scores = duplicatePairScores(sets);
    for (const g of duplicatePlaces(scores, entrants))
      for (const id of g.entrants) {
        const score = scores.get(id) ?? { points: 0, wins: 0, losses: 0 };
        standings.push({
          place: g.place,
          entrant: id,
          points: score.points,
          buchholz: null,
          wins: score.wins,
          losses: score.losses,
          prize: centsToBolivares(prizeOf.get(id) ?? 0),
        });
      }
  } else if (t.totalRounds) {
    const groups = eliminationPlaces(t.totalRounds, entrants, decided);
    for (const g of groups)
      for (const id of g.entrants) {
        const wins = decided.filter((m) => m.winner === id && m.b !== null).length;
        standings.push({
          place: g.place,
          entrant: id,
          points: wins,
          buchholz: null,
          wins,
          losses: decided.filter(
            (m) =>
              m.b !== null && m.winner !== null && m.winner !== id && (m.a === id || m.b === id),
          ).length,
          prize: centsToBolivares(prizeOf.get(id) ?? 0),
        });
      }
  }
  const pool = totals?.pool ?? 0;
  const payout = t.payout as {
    poolCents: number;
    houseFeeCents: number;
    placeCents: number[];
  } | null;
  const plan = payout ?? planPrizes(pool, t.houseFeeBps, t.prizeSplitBps, []);
  let myEntry: TournamentMyEntry | null = null;
  const invitations: { id: number; name: string }[] = [];
  if (viewerId !== null) {
    const [mine] = await db
      .select({ id: tournamentEntries.id })
      .from(tournamentEntries)
      .where(and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.userId, viewerId)));
    if (mine) myEntry = await myEntryOf(db, t, viewerId, now);
    if (t.status === 'scheduled') {
      const inv = await db
        .select({ id: users.id, username: users.username })
        .from(tournamentEntries)
        .innerJoin(users, eq(users.id, tournamentEntries.userId))
        .where(
          and(
            eq(tournamentEntries.tournamentId, t.id),
            eq(tournamentEntries.status, 'registered'),
            eq(tournamentEntries.partnerUserId, viewerId),
          ),
        );
      const myPartner = myEntry?.partner?.confirmed ? myEntry.partner.id : null;
      for (const i of inv) if (i.id !== myPartner) invitations.push({ id: i.id, name: i.username });
    }
  }
  return {
    ...listItem(t, totals, myEntry?.status === 'registered'),
    rules: t.rules,
    house_fee_bps: t.houseFeeBps,
    prizes: t.prizeSplitBps.map((bps, i) => ({
      place: i + 1,
      bps,
      amount: centsToBolivares(plan.placeCents[i] ?? 0),
    })),
    house_fee: centsToBolivares(plan.houseFeeCents),
    entrants: entrants.map((e) => ({
      id: e.id,
      name: e.name,
      players: [e.player1Id, ...(e.player2Id ? [e.player2Id] : [])].map((pid) => ({
        id: pid,
        name: names.get(pid) ?? 'Jugador',
      })),
      seed: e.seed,
      eliminated: e.eliminated,
    })),
    rounds,
    standings,
    my_entry: myEntry,
    invitations,
    cancelled_reason: t.cancelledReason,
    finished_at: t.finishedAt?.toISOString() ?? null,
    draw_seed: t.drawSeed,
    boards: t.boards,
  };
}

/** Staff list: every tournament with its registrations (newest start first, 100). */
export async function staffList(db: Executor): Promise<StaffTournament[]> {
  const rows = await db
    .select()
    .from(tournaments)
    .orderBy(sql`${tournaments.startsAt} desc`)
    .limit(100);
  const ids = rows.map((r) => r.id);
  const totals = await paidTotals(db, ids);
  const entries =
    ids.length === 0
      ? []
      : await db
          .select({ e: tournamentEntries, username: users.username })
          .from(tournamentEntries)
          .innerJoin(users, eq(users.id, tournamentEntries.userId))
          .where(inArray(tournamentEntries.tournamentId, ids))
          .orderBy(asc(tournamentEntries.id));
  const nameOf = new Map(entries.map((x) => [x.e.userId, x.username]));
  const partnerNames = new Map<number, string>();
  const missing = entries
    .map((x) => x.e.partnerUserId)
    .filter((p): p is number => p !== null && !nameOf.has(p));
  if (missing.length > 0) {
    const rows2 = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.id, missing));
    for (const r of rows2) partnerNames.set(r.id, r.username);
  }
  return rows.map((t) => ({
    ...listItem(t, totals.get(t.id), false),
    house_fee_bps: t.houseFeeBps,
    prize_split_bps: t.prizeSplitBps,
    rules: t.rules,
    entrants: entries
      .filter((x) => x.e.tournamentId === t.id)
      .map((x) => ({
        user: { id: x.e.userId, name: x.username },
        status: x.e.status,
        partner:
          x.e.partnerUserId === null
            ? null
            : {
                id: x.e.partnerUserId,
                name:
                  nameOf.get(x.e.partnerUserId) ?? partnerNames.get(x.e.partnerUserId) ?? 'Jugador',
              },
        paid: centsToBolivares(x.e.paidCents),
      })),
    created_at: t.createdAt.toISOString(),
    cancelled_reason: t.cancelledReason,
  }));
}
