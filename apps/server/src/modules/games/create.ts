import { randomBytes, randomUUID } from 'node:crypto';
import type { Difficulty } from '@domino/contracts';
import { configToRules } from '@domino/contracts';
import type { TableConfig } from '@domino/domino';
import { DEFAULT_CONFIG, startMatch } from '@domino/domino';
import type { Tx } from '../../db/client';
import { gamePlayers, games } from '../../db/schema';
import { schedule } from './clock';
import type { GamesContext, Timing } from './context';

/**
 * The start of a match: the deal from the committed server seed and the seats' client seeds
 * (docs/fairness.md), the seats, and the first due time. Practice matches are created here on
 * their own; a table match is created by the tables module inside the transaction that seats
 * its last player.
 */

/**
 * Creates a practice match: the player at seat 0, CPU partner at 2, CPU opponents at 1 and 3.
 * `practiceTurnSeconds` is the player's turn time; `clientSeed` the player's own seed (random
 * when absent). Returns the new game id.
 */
export async function createPracticeGame(
  ctx: GamesContext,
  userId: number,
  difficulty: Difficulty,
  practiceTurnSeconds: number,
  clientSeed?: string,
): Promise<string> {
  const id = randomUUID();
  const serverSeed = randomBytes(32).toString('hex');
  const clientSeeds = [
    clientSeed ?? randomBytes(8).toString('hex'),
    ...[1, 2, 3].map(() => randomBytes(8).toString('hex')),
  ];
  const config = { ...DEFAULT_CONFIG, turnSeconds: practiceTurnSeconds };
  const state = startMatch(config, { serverSeed, clientSeeds });
  const players = clientSeeds.map((seed, seat) => ({
    gameId: id,
    seat,
    userId: seat === 0 ? userId : null,
    botLevel: seat === 0 ? null : difficulty,
    clientSeed: seed,
  }));
  const timing = schedule(state, players, ctx.timing, false);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(games).values({
      id,
      kind: 'practice',
      storedState: state,
      rules: configToRules(config),
      commitment: state.fairness.commitment,
      turnDeadline: timing.turnDeadline,
      dueAt: timing.dueAt,
    });
    await tx.insert(gamePlayers).values(players);
  });
  return id;
}

/**
 * Delay between the creation of a game the server opens by itself (a tournament match, a
 * duplicate set's tables) and its first turn (milliseconds): time for the players to open it.
 */
export const MATCH_START_DELAY_MS = 5_000;

/**
 * Creates a real-money match inside the caller's transaction (the one that seats the last
 * player): seats in order, the table's rules, and the table round's committed server seed.
 * `entryCents` is each seat's entry in céntimos; the fee and pot share (basis points) are kept in
 * the game's meta for its settlement (finish.ts). The first turn waits until `startsAt`.
 */
export async function createTableMatch(
  tx: Tx,
  input: {
    tableId: number;
    tableName: string;
    round: number;
    config: TableConfig;
    serverSeed: string;
    seats: { seat: number; userId: number; clientSeed: string }[];
    entryCents: number;
    houseFeeBps: number;
    potShareBps: number;
    startsAt: Date;
    timing: Timing;
    /**
     * A tournament match (docs/decisions/028-tournaments.md): kept in the game's meta (history,
     * settlement without money); its entry must be 0 (the money is in the tournament's escrow).
     */
    tournament?: { id: number; name: string; round: number; matchId: number };
    /**
     * A table of a duplicate set (docs/decisions/062-duplicate-domino.md): kept in the game's meta
     * (settlement without money, like a tournament match; no spectators). Its entry must be 0.
     */
    duplicate?: { name: string; table: 1 | 2 };
    /**
     * Marks every seat away from this instant (`disconnected_at`), so a seat whose player never
     * opens the game is played by the bot and `disconnected_at` still equals it: the tournament's
     * no-show test. Opening the game (`game:join`) clears it.
     */
    awaySince?: Date;
  },
): Promise<string> {
  if ((input.tournament || input.duplicate) && input.entryCents !== 0)
    throw new Error('a tournament or duplicate match is played without an entry at the table');
  const id = randomUUID();
  const ordered = [...input.seats].sort((a, b) => a.seat - b.seat);
  const state = startMatch(input.config, {
    serverSeed: input.serverSeed,
    clientSeeds: ordered.map((s) => s.clientSeed),
  });
  const players = ordered.map((s) => ({
    gameId: id,
    seat: s.seat,
    userId: s.userId,
    botLevel: null,
    clientSeed: s.clientSeed,
    disconnectedAt: input.awaySince ?? null,
  }));
  const when = schedule(state, players, input.timing, false, input.startsAt);
  await tx.insert(games).values({
    id,
    kind: 'table',
    tableId: input.tableId,
    storedState: state,
    rules: configToRules(input.config),
    commitment: state.fairness.commitment,
    turnDeadline: when.turnDeadline,
    dueAt: when.dueAt,
    round: input.round,
    startsAt: input.startsAt,
    entryCents: input.entryCents,
    meta: {
      tableName: input.tableName,
      houseFeeBps: input.houseFeeBps,
      potShareBps: input.potShareBps,
      ...(input.tournament ? { tournament: input.tournament } : {}),
      ...(input.duplicate ? { duplicate: input.duplicate } : {}),
    },
  });
  await tx.insert(gamePlayers).values(players);
  return id;
}
