import { and, eq, sql } from 'drizzle-orm';
import { REMATCH_OFFER_MS, splitPot } from '@domino/contracts';
import { sideOf } from '@domino/domino';
import type { MatchState, Seat } from '@domino/domino';
import type { Tx } from '../../db/client';
import { gamePlayers, gameTables, games, potPoints, tableSeats, users } from '../../db/schema';
import { accountBalanceCents } from '../ledger/accounts';
import { systemAccount, transfer, walletAccountId } from '../ledger/ledger';
import { potMonth } from '../pot/month';
import { rateMatch } from '../ratings/service';
import type { GameRow, PlayerRow } from './repo';
import { gamePlayersOf, toGameRow } from './repo';

/**
 * The finish of a match. A practice match just ends; a real-money match is settled in the
 * transaction of its final move (decision 005: escrow -> winners + house_fees + monthly_pot, in
 * the transaction that records the result), which also frees the table's seats and opens its
 * next round.
 *
 * pot = entry × seats. house fee = floor(pot × house_fee_bps / 10000); pot share =
 * floor(pot × pot_share_bps / 10000); the rest is split equally between the winning seats
 * (both partners in parejas). A céntimo that cannot be split goes to house_fees — the stated
 * place, so nothing is lost: escrow always ends at exactly 0.
 */
export interface SettlementFacts {
  potCents: number;
  houseFeeCents: number;
  potShareCents: number;
  prizeCents: number;
  remainderCents: number;
  winnerSeats: number[];
  month: string;
}

/**
 * Finishes a table match whose final move `persistMove` just wrote, inside that transaction:
 * settles it (settleTableMatch), rates it (ratings/rateMatch: decision 026), then re-reads the game row (now with its settlement facts) and
 * the seats (with results and payouts), replacing `players` in place. Returns the row and the
 * winners' new wallet balances (céntimos) for the after-commit push. Errors: as settleTableMatch.
 */
export async function finishTableMatch(
  tx: Tx,
  row: GameRow,
  players: PlayerRow[],
  state: MatchState,
): Promise<{ row: GameRow; balances: Map<number, number> }> {
  const settled = await settleTableMatch(tx, row, players, state);
  // Ratings move in the same transaction (decision 026): a finished match is never left unrated,
  // except a duplicate set's table, whose pairs are compared across two tables, not at one
  // (docs/decisions/062-duplicate-domino.md).
  const duplicate = Boolean((row.meta as { duplicate?: unknown } | null)?.duplicate);
  if (row.tableId !== null && state.result && !duplicate) {
    const [table] = await tx
      .select({ visibility: gameTables.visibility })
      .from(gameTables)
      .where(eq(gameTables.id, row.tableId));
    const winners: number[] = [...state.result.winnerSeats];
    await rateMatch(tx, {
      gameId: row.id,
      kind: row.kind,
      visibility: table?.visibility ?? null,
      forfeit: state.result.forfeit === true,
      mode: state.config.mode,
      seats: players.map((p) => ({
        seat: p.seat,
        userId: p.userId,
        won: winners.includes(p.seat),
      })),
    });
  }
  const [withSettlement] = await tx.select().from(games).where(eq(games.id, row.id));
  const refreshed = await gamePlayersOf(tx, row.id);
  players.splice(0, players.length, ...refreshed);
  return { row: withSettlement ? toGameRow(withSettlement) : row, balances: settled.balances };
}

/**
 * The pure arithmetic of a settlement is `splitPot` of @domino/contracts, so the web app shows a
 * player, before they pay the entry, exactly what this pays out.
 *
 * Pays out a finished table match inside the transaction of its final move, records each seat's
 * result and payout, frees the table's seats and opens its next round. Returns the winners'
 * new wallet balances (céntimos) for the after-commit push.
 *
 * Before paying, it checks that the round's escrow holds exactly what the seats paid (the sum
 * of `table_seats.entry_cents`) and that this is the pot (entry × seats); otherwise it throws
 * and the final move rolls back, so a wrong amount is never paid out (decision 010).
 *
 * Pot points (decision 007): every human player gets one `pot_points` row
 * for the settlement month — the points their side scored in the match (final MatchState scores)
 * and whether their side won — and the same points are added to `users.points` (lifetime total).
 * Practice games never reach this function, so they give no points.
 */
export async function settleTableMatch(
  tx: Tx,
  game: {
    id: string;
    tableId: number | null;
    round: number | null;
    entryCents: number | null;
    meta: unknown;
  },
  players: { seat: number; userId: number | null }[],
  state: MatchState,
): Promise<{ balances: Map<number, number>; facts: SettlementFacts }> {
  if (!state.result || game.tableId === null || game.round === null || game.entryCents === null) {
    throw new Error(`game ${game.id} cannot be settled`);
  }
  const meta = game.meta as {
    houseFeeBps: number;
    potShareBps: number;
    tournament?: unknown;
    duplicate?: unknown;
  };
  const winnerSeats: number[] = [...state.result.winnerSeats];
  // A duplicate set's table settles like a tournament match: no money, results only (decision 062).
  if (meta.tournament || meta.duplicate)
    return settleTournamentMatch(tx, game, players, winnerSeats);
  const split = splitPot(
    game.entryCents,
    players.length,
    meta.houseFeeBps,
    meta.potShareBps,
    winnerSeats.length,
  );
  const month = potMonth(new Date());
  const escrow = await systemAccount(tx, 'table_escrow', `table:${game.tableId}:${game.round}`);
  const seats = await tx
    .select({ entryCents: tableSeats.entryCents })
    .from(tableSeats)
    .where(eq(tableSeats.tableId, game.tableId));
  const paidCents = seats.reduce((sum, s) => sum + s.entryCents, 0);
  const escrowCents = await accountBalanceCents(tx, escrow);
  if (seats.length !== players.length || paidCents !== split.potCents || escrowCents !== paidCents)
    throw new Error(
      `escrow of game ${game.id} holds ${escrowCents} céntimos, its ${seats.length} seats paid ` +
        `${paidCents}, its pot is ${split.potCents}: not settling`,
    );
  const house = await systemAccount(tx, 'house_fees');
  const pot = await systemAccount(tx, 'monthly_pot', month);
  const winnerWallets: { userId: number; wallet: number }[] = [];
  for (const seat of winnerSeats) {
    const p = players.find((x) => x.seat === seat);
    if (!p || p.userId === null) throw new Error(`winner seat ${seat} has no player`);
    winnerWallets.push({ userId: p.userId, wallet: await walletAccountId(tx, p.userId) });
  }
  const postings = [
    { accountId: escrow, amountCents: -split.potCents },
    ...winnerWallets.map((w) => ({ accountId: w.wallet, amountCents: split.prizeCents })),
    { accountId: house, amountCents: split.houseFeeCents + split.remainderCents },
    { accountId: pot, amountCents: split.potShareCents },
  ].filter((p) => p.amountCents !== 0);
  // A free match ("amistosa", entry 0) moves no money: nothing was escrowed, nothing is paid.
  const moved =
    split.potCents === 0
      ? null
      : await transfer(tx, {
          kind: 'game_payout',
          idempotencyKey: `settle:${game.id}`,
          postings,
          description: `Premio de partida en ${(game.meta as { tableName?: string }).tableName ?? 'mesa'}`,
          reference: { type: 'game', id: game.id },
        });
  if (moved && moved.balances.get(escrow) !== 0)
    throw new Error(`escrow of game ${game.id} did not end at 0`);
  for (const p of players) {
    const won = winnerSeats.includes(p.seat);
    await tx
      .update(gamePlayers)
      .set({ result: won ? 'win' : 'loss', payoutCents: won ? split.prizeCents : 0 })
      .where(and(eq(gamePlayers.gameId, game.id), eq(gamePlayers.seat, p.seat)));
  }
  for (const p of players) {
    // Free matches give no points for the Pote del Mes (it pays real money).
    if (p.userId === null || split.potCents === 0) continue;
    const points = state.scores[sideOf(state.config, p.seat as Seat)] ?? 0;
    await tx.insert(potPoints).values({
      gameId: game.id,
      userId: p.userId,
      month,
      points,
      won: winnerSeats.includes(p.seat),
    });
    if (points > 0)
      await tx
        .update(users)
        .set({ points: sql`${users.points} + ${points}` })
        .where(eq(users.id, p.userId));
  }
  const facts: SettlementFacts = { ...split, winnerSeats, month };
  await tx.update(games).set({ settlement: facts }).where(eq(games.id, game.id));
  await tx.delete(tableSeats).where(eq(tableSeats.tableId, game.tableId));
  // At a private table the next round opens with a rematch window: for REMATCH_OFFER_MS only
  // these players may sit, each at their own seat (the first to accept shortens it to 30 s). A public table's seats go to whoever comes
  // next, at once (docs/decisions/021-private-tables.md "Revancha").
  const [table] = await tx
    .select({ visibility: gameTables.visibility })
    .from(gameTables)
    .where(eq(gameTables.id, game.tableId));
  const rematch =
    table?.visibility === 'private'
      ? {
          rematchUntil: new Date(Date.now() + REMATCH_OFFER_MS),
          rematchSeats: players.flatMap((p) =>
            p.userId === null ? [] : [{ seat: p.seat, user_id: p.userId }],
          ),
        }
      : {};
  // A quick-play table is formed for one match and closes when it is settled (decision 027).
  const quickClose =
    table?.visibility === 'quick' ? { status: 'closed', closedReason: 'finished' as const } : {};
  await tx
    .update(gameTables)
    .set({
      round: sql`${gameTables.round} + 1`,
      roundServerSeed: null,
      ...rematch,
      ...quickClose,
      updatedAt: sql`now()`,
    })
    .where(eq(gameTables.id, game.tableId));
  const balances = new Map<number, number>();
  for (const w of winnerWallets)
    balances.set(
      w.userId,
      moved?.balances.get(w.wallet) ?? (await accountBalanceCents(tx, w.wallet)),
    );
  return { balances, facts };
}

/**
 * The end of a tournament match (docs/decisions/028-tournaments.md): no money moves at the table
 * (the entry is 0; the tournament pays from its own escrow at its end) and no pot points are
 * given; each seat's result is recorded (every seat a loss when `winnerSeats` is empty: a double
 * no-show), the settlement facts are kept, and the hidden table's round advances.
 */
async function settleTournamentMatch(
  tx: Tx,
  game: { id: string; tableId: number | null; entryCents: number | null },
  players: { seat: number; userId: number | null }[],
  winnerSeats: number[],
): Promise<{ balances: Map<number, number>; facts: SettlementFacts }> {
  if (game.entryCents !== 0 || game.tableId === null)
    throw new Error(`tournament game ${game.id} has an entry at the table: not settling`);
  for (const p of players) {
    const won = winnerSeats.includes(p.seat);
    await tx
      .update(gamePlayers)
      .set({ result: won ? 'win' : 'loss', payoutCents: 0 })
      .where(and(eq(gamePlayers.gameId, game.id), eq(gamePlayers.seat, p.seat)));
  }
  const facts: SettlementFacts = {
    potCents: 0,
    houseFeeCents: 0,
    potShareCents: 0,
    prizeCents: 0,
    remainderCents: 0,
    winnerSeats,
    month: potMonth(new Date()),
  };
  await tx.update(games).set({ settlement: facts }).where(eq(games.id, game.id));
  // A staff duplicate set seats its players (entry 0) to hold their places while the table plays
  // (docs/decisions/062-duplicate-domino.md); a tournament match has none. Either way, released.
  await tx.delete(tableSeats).where(eq(tableSeats.tableId, game.tableId));
  await tx
    .update(gameTables)
    .set({ round: sql`${gameTables.round} + 1`, roundServerSeed: null, updatedAt: sql`now()` })
    .where(eq(gameTables.id, game.tableId));
  return { balances: new Map(), facts };
}
