import { randomBytes } from 'node:crypto';
import { eq, inArray, or, sql } from 'drizzle-orm';
import {
  DEFAULT_RULES,
  MSG_DUPLICATE,
  normalizeRules,
  publicName,
  rulesToConfig,
  tournamentGamePath,
  type DuplicateDetail,
  type TableRules,
} from '@domino/contracts';
import {
  compareDuplicate,
  duplicateSeat,
  type DuplicateTeam,
  type MatchState,
  type TableConfig,
} from '@domino/domino';
import type { Executor, Tx } from '../../db/client';
import { gamePlayers, gameTables, games, rowState, tableSeats, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import type { Timing } from '../games/context';
import { createTableMatch } from '../games/create';
import { placeOf, elsewhereMessage } from '../places/places';
import { duplicateSets } from './schema';

/**
 * Duplicate sets (docs/decisions/062-duplicate-domino.md): staff open two hidden parejas tables
 * that deal from the same committed seeds, and the set's players read the comparison board by
 * board — a board only once both tables finished it.
 */

/** The parsed staff request (contracts `createDuplicateRequestSchema` output). */
export interface DuplicateInput {
  name: string;
  boards: number;
  rules?: TableRules | undefined;
  teams: { x: [[string, string], [string, string]]; y: [[string, string], [string, string]] };
}

/** A set just opened: its id and, per table, the game and its players in seat order. */
export interface OpenedSet {
  id: number;
  tables: { table: 1 | 2; tableId: number; gameId: string; userIds: number[] }[];
}

function refuse(message: string): AppError {
  return new AppError('duplicate/invalid', 422, message);
}

function notFound(): AppError {
  return new AppError('duplicate/not_found', 404, MSG_DUPLICATE.notFound);
}

/** The engine config of a set: the rules (parejas), the rotating lead, `boards` hands. */
export function duplicateConfig(rules: TableRules, boards: number): TableConfig {
  return { ...rulesToConfig(rules), leadRule: 'rotate', boards };
}

/**
 * Opens a duplicate set inside `tx` (staff): resolves the eight usernames (active accounts, each
 * once, none at a table, queue or tournament), creates the two hidden tables (entry 0, no
 * spectators) and their games from ONE server seed and ONE list of client seeds (so hand k deals
 * the same tiles to seat s at both tables: docs/fairness.md), seats team A's first pair at 0/2 of
 * table 1 and its second pair at 1/3 of table 2 (team B the other seats), and records the set and
 * an audit row; each player then holds a seat at their table until it ends (decision 047, the
 * addendum "Duplicate tournaments" of decision 062). Returns the set. Errors: 422 `duplicate/invalid` (Spanish: unknown, repeated or
 * inactive player, not parejas), 409 `place/elsewhere`-style 422 when a player is elsewhere.
 */
export async function openDuplicateSet(
  tx: Tx,
  staffId: number,
  input: DuplicateInput,
  timing: Timing,
  startsAt: Date,
): Promise<OpenedSet> {
  const rules = normalizeRules(input.rules ?? { ...DEFAULT_RULES, lead_rule: 'rotate' });
  if (rules.mode !== 'parejas' || rules.players !== 4) throw refuse(MSG_DUPLICATE.parejasOnly);
  const rulesRotating: TableRules = { ...rules, lead_rule: 'rotate' } as TableRules;
  const names = [...input.teams.x.flat(), ...input.teams.y.flat()].map((n) =>
    n.trim().replace(/^@/, '').toLowerCase(),
  );
  if (new Set(names).size !== names.length) throw refuse(MSG_DUPLICATE.playerRepeated);
  const found = await tx
    .select({ id: users.id, username: users.username, status: users.status })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, names));
  const byName = new Map(found.map((u) => [u.username.toLowerCase(), u]));
  for (const n of names) {
    const u = byName.get(n);
    if (!u) throw refuse(MSG_DUPLICATE.playerNotFound(n));
    if (u.status !== 'activo') throw refuse(MSG_DUPLICATE.playerInactive(n));
    const place = await placeOf(tx, u.id);
    if (place) throw refuse(`${MSG_DUPLICATE.playerElsewhere(n)} ${elsewhereMessage(place)}`);
  }
  const idOf = (team: DuplicateTeam, pair: 0 | 1, member: 0 | 1): number => {
    const name = input.teams[team][pair][member].trim().replace(/^@/, '').toLowerCase();
    return (byName.get(name) as { id: number }).id;
  };
  const pairOf = (team: DuplicateTeam, pair: 0 | 1): [number, number] => [
    idOf(team, pair, 0),
    idOf(team, pair, 1),
  ];
  const opened = await createSetGames(tx, {
    name: input.name,
    boards: input.boards,
    rules: rulesRotating,
    teams: { x: [pairOf('x', 0), pairOf('x', 1)], y: [pairOf('y', 0), pairOf('y', 1)] },
    createdBy: staffId,
    timing,
    startsAt,
  });
  // The set holds its players' places while their table plays (decision 047): a seat (entry 0)
  // at their own table claims it through the trigger; the table's settlement deletes the seats
  // (games/finish.ts), releasing it. A player placed elsewhere meanwhile makes the claim fail.
  for (const table of opened.tables)
    await tx.insert(tableSeats).values(
      table.userIds.map((userId, seat) => ({
        tableId: table.tableId,
        seat,
        userId,
        entryCents: 0,
      })),
    );
  return opened;
}

/** The four pairs of a set, as user ids: team x's two pairs and team y's (each [player, partner]). */
export interface SetTeams {
  x: [[number, number], [number, number]];
  y: [[number, number], [number, number]];
}

/**
 * Creates a set's two hidden tables (entry 0, no spectators) and their games inside `tx`, from
 * ONE server seed and ONE list of client seeds (so hand k deals the same tiles to seat s at both
 * tables: docs/fairness.md), seats team x's first pair at 0/2 of table 1 and its second pair at
 * 1/3 of table 2 (team y the other seats: `duplicateSeat`), and records the set and an audit row.
 * The players are not checked here (the caller does: staff input or a tournament's entrants).
 * `tournament`: the set is a tournament's (docs/decisions/062-duplicate-domino.md, addendum
 * "Duplicate tournaments"); each table's game then also carries the tournament's meta, its
 * match id per table, and marks every seat away from `awaySince` (the director's no-show clock).
 */
export async function createSetGames(
  tx: Tx,
  input: {
    name: string;
    boards: number;
    /** Parejas rules with `lead_rule: 'rotate'`. */
    rules: TableRules;
    teams: SetTeams;
    createdBy: number | null;
    timing: Timing;
    startsAt: Date;
    tournament?: { id: number; name: string; round: number; matchIds: [number, number] };
    awaySince?: Date;
  },
): Promise<OpenedSet> {
  const config = duplicateConfig(input.rules, input.boards);
  const serverSeed = randomBytes(32).toString('hex');
  const clientSeeds = [0, 1, 2, 3].map(() => randomBytes(8).toString('hex'));
  const opened: OpenedSet['tables'] = [];
  const tableIds: number[] = [];
  for (const table of [1, 2] as const) {
    const seats: { seat: number; userId: number; clientSeed: string }[] = [];
    for (const team of ['x', 'y'] as const)
      for (const member of [0, 1] as const) {
        const at = duplicateSeat(team, table === 1 ? 0 : 1, member);
        seats.push({
          seat: at.seat,
          userId: input.teams[team][table === 1 ? 0 : 1][member],
          clientSeed: clientSeeds[at.seat] as string,
        });
      }
    seats.sort((a, b) => a.seat - b.seat);
    const name = `${input.name} · Mesa ${table}`;
    const [row] = await tx
      .insert(gameTables)
      .values({
        name,
        entryPriceCents: 0,
        rules: input.rules,
        houseFeeBps: 0,
        potShareBps: 0,
        status: 'closed',
        visibility: 'tournament',
        allowSpectators: false,
      })
      .returning({ id: gameTables.id });
    if (!row) throw new Error('table insert returned no row');
    const t = input.tournament;
    const gameId = await createTableMatch(tx, {
      tableId: row.id,
      tableName: name,
      round: 1,
      config,
      serverSeed,
      seats,
      entryCents: 0,
      houseFeeBps: 0,
      potShareBps: 0,
      startsAt: input.startsAt,
      timing: input.timing,
      duplicate: { name: input.name, table },
      ...(t
        ? {
            tournament: {
              id: t.id,
              name: t.name,
              round: t.round,
              matchId: t.matchIds[table - 1] as number,
            },
          }
        : {}),
      ...(input.awaySince ? { awaySince: input.awaySince } : {}),
    });
    tableIds.push(row.id);
    opened.push({ table, tableId: row.id, gameId, userIds: seats.map((s) => s.userId) });
  }
  const [set] = await tx
    .insert(duplicateSets)
    .values({
      name: input.name,
      boards: input.boards,
      rules: input.rules,
      commitment: await commitmentOf(tx, opened[0]?.gameId as string),
      table1Id: tableIds[0] as number,
      table2Id: tableIds[1] as number,
      game1Id: opened[0]?.gameId as string,
      game2Id: opened[1]?.gameId as string,
      createdBy: input.createdBy,
    })
    .returning({ id: duplicateSets.id });
  if (!set) throw new Error('duplicate set insert returned no row');
  await audit(tx, {
    actorUserId: input.createdBy,
    action: 'duplicate.create',
    targetType: 'duplicate_set',
    targetId: set.id,
    before: null,
    after: {
      name: input.name,
      boards: input.boards,
      games: opened,
      tournamentId: input.tournament?.id ?? null,
    },
  });
  return { id: set.id, tables: opened };
}

async function commitmentOf(db: Executor, gameId: string): Promise<string> {
  const [g] = await db
    .select({ commitment: games.commitment })
    .from(games)
    .where(eq(games.id, gameId));
  return g?.commitment ?? '';
}

/**
 * The set `id` as `userId` may read it (`staff`: any set). A player of either table sees the
 * teams, each table's state and the comparison of the boards BOTH tables finished; the game path
 * only of their own table. Anyone else: 404 `duplicate/not_found` (the same as no set).
 */
export async function duplicateDetail(
  db: Executor,
  id: number,
  userId: number,
  staff: boolean,
): Promise<DuplicateDetail> {
  const [set] = await db.select().from(duplicateSets).where(eq(duplicateSets.id, id));
  if (!set) throw notFound();
  const gameIds = [set.game1Id, set.game2Id];
  const seats = await db
    .select({
      gameId: gamePlayers.gameId,
      seat: gamePlayers.seat,
      userId: gamePlayers.userId,
      name: users.name,
    })
    .from(gamePlayers)
    .innerJoin(users, eq(users.id, gamePlayers.userId))
    .where(or(eq(gamePlayers.gameId, set.game1Id), eq(gamePlayers.gameId, set.game2Id)));
  const mine = seats.find((s) => s.userId === userId);
  if (!mine && !staff) throw notFound();
  const rows = await db
    .select({
      id: games.id,
      status: games.status,
      storedState: games.storedState,
      history: games.history,
    })
    .from(games)
    .where(inArray(games.id, gameIds));
  const stateOf = (gameId: string): { status: string; state: unknown } | undefined => {
    const r = rows.find((x) => x.id === gameId);
    return r && { status: r.status, state: rowState(r.storedState, r.history) };
  };
  const g1 = stateOf(set.game1Id);
  const g2 = stateOf(set.game2Id);
  const h1 = (g1?.state as MatchState | undefined)?.history ?? [];
  const h2 = (g2?.state as MatchState | undefined)?.history ?? [];
  const comparison = compareDuplicate(h1, h2, set.boards);
  const tableOf = (gameId: string): 1 | 2 => (gameId === set.game1Id ? 1 : 2);
  const teamOf = (gameId: string, seat: number): DuplicateTeam =>
    (tableOf(gameId) === 1) === (seat % 2 === 0) ? 'x' : 'y';
  const pairs = (team: DuplicateTeam) =>
    ([1, 2] as const).map((table) => ({
      table,
      players: seats
        .filter((s) => tableOf(s.gameId) === table && teamOf(s.gameId, s.seat) === team)
        .sort((a, b) => a.seat - b.seat)
        .map((s) => publicName(s.name)),
    }));
  const finished1 = g1?.status === 'finished';
  const finished2 = g2?.status === 'finished';
  return {
    id: set.id,
    name: set.name,
    status: finished1 && finished2 ? 'finished' : 'playing',
    boards: set.boards,
    commitment: set.commitment,
    tables: ([1, 2] as const).map((table) => {
      const gameId = table === 1 ? set.game1Id : set.game2Id;
      const own = staff || (mine !== undefined && tableOf(mine.gameId) === table);
      return {
        table,
        game_path: own ? tournamentGamePath(gameId) : null,
        finished: table === 1 ? finished1 : finished2,
      };
    }),
    teams: { x: pairs('x'), y: pairs('y') },
    compared: comparison.boards.map((b) => ({
      board: b.board,
      table1: [b.table1[0], b.table1[1]],
      table2: [b.table2[0], b.table2[1]],
      side0_diff: b.side0Diff,
      side1_diff: b.side1Diff,
      team_x: b.teamX,
    })),
    team_x_total: comparison.teamX,
    leader: comparison.leader,
    my_team: mine ? teamOf(mine.gameId, mine.seat) : null,
  };
}
