import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  TOURNAMENT_ROUTES,
  analysisResponseSchema,
  bankSchema,
  clientDataSchema,
  clientSeedResponseSchema,
  fairnessRecordSchema,
  friendsOverviewSchema,
  gameViewSchema,
  highlightsResponseSchema,
  historyResponseSchema,
  identityStatusSchema,
  invitationListSchema,
  latestBcvRateSchema,
  leaderboardResponseSchema,
  myRatingsSchema,
  normaliseList,
  notificationSettingsSchema,
  playSessionSchema,
  potCurrentResponseSchema,
  potRankingResponseSchema,
  privateTableOptionsSchema,
  privateTableSchema,
  puzzleResponseSchema,
  puzzleStreakSchema,
  quickPlayOptionsSchema,
  quickPlayStatusSchema,
  rechargeAccountSchema,
  rechargeStatusSchema,
  replayResponseSchema,
  responsibleSettingsSchema,
  tableDetailSchema,
  tableListSchema,
  talkStateSchema,
  tournamentListResponseSchema,
  transactionsResponseSchema,
  userSchema,
  withdrawReviewResponseSchema,
} from '@domino/contracts';
import { eq } from 'drizzle-orm';
import { gameTables } from '../db/schema';
import { createPrivateTable } from './private-tables';
import { buildTestApp, type TestApp } from './helpers';
import { playMatchToEnd } from './play';
import { auth, fundedPlayer, loginAdmin, requestRecharge, type Player } from './wallet-helpers';

/**
 * The web app's reading of the server's real answers (docs/decisions/050-one-vocabulary.md): every
 * GET the player's screens parse is called here as a player with a history (a recharge asked for,
 * a public table match played to its end, a practice match, a private table) and its answer is
 * checked with the very schema and list unwrapping (`normaliseList`) the web uses. The web once
 * refused real answers ("Unexpected API response shape"); this is the test that catches it.
 * A second test reads the web's sources: a new GET path the web parses must be listed here.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** How the web reads a path: the schema, and for lists the keys `fetchList` unwraps. */
interface Read {
  /** The route as the web's code writes it, `${…}` as ':p' and without the query. */
  route: string;
  url: () => string;
  schema: z.ZodType;
  /** `fetchList`/`fetchTables` answers: unwrapped with normaliseList(body, keys) first. */
  list?: string[];
}

let t: TestApp;
let player: Player;
let tableGameId = '';
let practiceGameId = '';
let privateCode = '';
let rechargeId = 0;
const tableId = 1;
const waitingTableId = 2;

beforeAll(async () => {
  t = await buildTestApp('pglite');
  const admin = await loginAdmin(t);
  const table = (await t.app.inject({ url: `/api/tables/${tableId}` })).json() as {
    entry_price: number;
  };
  const players: Player[] = [];
  for (let i = 0; i < 4; i++) players.push(await fundedPlayer(t, admin, 5_000));
  player = players[0]!;
  const recharge = await requestRecharge(t, player.token, '300');
  expect(recharge.statusCode).toBe(201);
  rechargeId = recharge.json().id;
  for (const p of players) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/tables/${tableId}/join`,
      headers: auth(p.token),
      payload: { entry_price: table.entry_price },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const detail = (
    await t.app.inject({ url: `/api/tables/${tableId}`, headers: auth(player.token) })
  ).json() as { game_id?: string | null; current_game_id?: string | null };
  tableGameId = String(detail.game_id ?? detail.current_game_id ?? '');
  if (!tableGameId) {
    const history = await t.database.db.execute<{ id: string }>(
      `select id from games where table_id = ${tableId} order by created_at desc limit 1` as never,
    );
    tableGameId = String((history as unknown as { rows: { id: string }[] }).rows[0]?.id ?? '');
  }
  expect(tableGameId).toMatch(/^[0-9a-f-]{36}$/);
  await playMatchToEnd(t, tableGameId, players);
  const practice = await t.app.inject({
    method: 'POST',
    url: '/api/practice-games',
    headers: auth(player.token),
    payload: { difficulty: 'facil' },
  });
  practiceGameId = (practice.json() as { game_id: string }).game_id;
  // The player waits at another table: its seed and its talk are read before a match.
  const other = (await t.app.inject({ url: `/api/tables/${waitingTableId}` })).json() as {
    entry_price: number;
  };
  const seated = await t.app.inject({
    method: 'POST',
    url: `/api/tables/${waitingTableId}/join`,
    headers: auth(player.token),
    payload: { entry_price: other.entry_price },
  });
  expect(seated.statusCode, seated.body).toBe(200);
  // A private table of a friend, by its code (the alphabet has no 0, O, 1, I nor L).
  const host = await fundedPlayer(t, admin, 1);
  const created = await createPrivateTable(t.database.db, {
    hostUserId: host.id,
    seated: [host.id],
  });
  privateCode = 'ABCDEF';
  await t.database.db
    .update(gameTables)
    .set({ inviteCode: privateCode })
    .where(eq(gameTables.id, created.id));
  // The analysis is asked for once, as the result screen does, before it is read.
  await t.app.inject({
    method: 'POST',
    url: `/api/games/${tableGameId}/analysis`,
    headers: auth(player.token),
  });
}, 240_000);

afterAll(async () => {
  await t?.close();
});

const READS: Read[] = [
  { route: '/api/user', url: () => '/api/user', schema: userSchema },
  { route: '/api/client-data', url: () => '/api/client-data', schema: clientDataSchema },
  { route: '/api/banks', url: () => '/api/banks', schema: bankSchema, list: ['data', 'banks'] },
  {
    route: '/api/accounts_recharge',
    url: () => '/api/accounts_recharge',
    schema: rechargeAccountSchema,
    list: ['data', 'accounts'],
  },
  {
    route: '/api/recharges/:p/status',
    url: () => `/api/recharges/${rechargeId}/status`,
    schema: rechargeStatusSchema,
  },
  { route: '/api/tables', url: () => '/api/tables', schema: tableListSchema, list: [] },
  { route: '/api/tables/:p', url: () => `/api/tables/${tableId}`, schema: tableDetailSchema },
  {
    route: '/api/tables/:p/client-seed',
    url: () => `/api/tables/${waitingTableId}/client-seed`,
    schema: clientSeedResponseSchema,
  },
  {
    route: '/api/talk/tables/:p',
    url: () => `/api/talk/tables/${waitingTableId}`,
    schema: talkStateSchema,
  },
  {
    route: '/api/games/:p/view',
    url: () => `/api/games/${tableGameId}/view`,
    schema: gameViewSchema,
  },
  {
    route: '/api/games/:p/view',
    url: () => `/api/games/${practiceGameId}/view`,
    schema: gameViewSchema,
  },
  {
    route: '/api/games/:p/fairness',
    url: () => `/api/games/${tableGameId}/fairness`,
    schema: fairnessRecordSchema,
  },
  {
    route: '/api/games/:p/replay',
    url: () => `/api/games/${tableGameId}/replay`,
    schema: replayResponseSchema,
  },
  {
    route: '/api/games/:p/analysis',
    url: () => `/api/games/${tableGameId}/analysis`,
    schema: analysisResponseSchema,
  },
  { route: '/api/history', url: () => '/api/history?page=1', schema: historyResponseSchema },
  {
    route: '/api/transactions',
    url: () => '/api/transactions?type=deposito&status=pending',
    schema: transactionsResponseSchema,
  },
  {
    route: '/api/transactions',
    url: () => '/api/transactions?page=1&period=month',
    schema: transactionsResponseSchema,
  },
  {
    route: '/api/withdraw_review',
    url: () => '/api/withdraw_review',
    schema: withdrawReviewResponseSchema,
  },
  { route: '/api/bcv-rate', url: () => '/api/bcv-rate', schema: latestBcvRateSchema },
  { route: '/api/identity', url: () => '/api/identity', schema: identityStatusSchema },
  { route: '/api/responsible', url: () => '/api/responsible', schema: responsibleSettingsSchema },
  {
    route: '/api/responsible/session',
    url: () => '/api/responsible/session',
    schema: playSessionSchema,
  },
  { route: '/api/user/ratings', url: () => '/api/user/ratings', schema: myRatingsSchema },
  {
    route: '/api/leaderboard',
    url: () => '/api/leaderboard?tab=parejas&page=1',
    schema: leaderboardResponseSchema,
  },
  {
    route: '/api/leaderboard',
    url: () => '/api/leaderboard?tab=points&page=1',
    schema: leaderboardResponseSchema,
  },
  {
    route: '/api/monthly-pot/current',
    url: () => '/api/monthly-pot/current',
    schema: potCurrentResponseSchema,
  },
  {
    route: '/api/monthly-pot/ranking',
    url: () => '/api/monthly-pot/ranking',
    schema: potRankingResponseSchema,
  },
  {
    route: '/api/public/highlights',
    url: () => '/api/public/highlights',
    schema: highlightsResponseSchema,
  },
  { route: '/api/friends', url: () => '/api/friends', schema: friendsOverviewSchema },
  {
    route: '/api/friends/invitations',
    url: () => '/api/friends/invitations',
    schema: invitationListSchema,
  },
  {
    route: '/api/private-tables/options',
    url: () => '/api/private-tables/options',
    schema: privateTableOptionsSchema,
  },
  {
    route: '/api/private-tables/:p',
    url: () => `/api/private-tables/${privateCode}`,
    schema: privateTableSchema,
  },
  { route: '/api/quick-play', url: () => '/api/quick-play', schema: quickPlayStatusSchema },
  {
    route: '/api/quick-play/options',
    url: () => '/api/quick-play/options',
    schema: quickPlayOptionsSchema,
  },
  {
    route: '/api/push/preferences',
    url: () => '/api/push/preferences',
    schema: notificationSettingsSchema,
  },
  {
    route: TOURNAMENT_ROUTES.list,
    url: () => TOURNAMENT_ROUTES.list,
    schema: tournamentListResponseSchema,
  },
  { route: '/api/puzzles/daily', url: () => '/api/puzzles/daily', schema: puzzleResponseSchema },
  { route: '/api/puzzles/streak', url: () => '/api/puzzles/streak', schema: puzzleStreakSchema },
  {
    route: '/api/puzzles/practice',
    url: () => '/api/puzzles/practice?difficulty=media',
    schema: puzzleResponseSchema,
  },
];

describe("the web's schemas read the server's real answers", () => {
  it.each(READS.map((r, i) => [`${i + 1}. ${r.route}`, r] as const))('%s', async (_, read) => {
    const url = read.url();
    const res = await t.app.inject({ url, headers: auth(player.token) });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    let body: unknown = res.json();
    if (read.list) {
      body = normaliseList(body, read.list.length ? read.list : undefined);
      expect(body, `${url}: not a list the web unwraps`).not.toBeNull();
    }
    const schema =
      read.list && read.schema !== tableListSchema ? z.array(read.schema) : read.schema;
    const parsed = schema.safeParse(body);
    expect(parsed.success ? [] : parsed.error.issues, url).toEqual([]);
  });

  it('covers every player GET the web parses (a new one must be added here)', () => {
    const covered = new Set(READS.map((r) => r.route));
    const webPaths = playerGetPaths();
    expect(webPaths.length).toBeGreaterThan(20);
    expect(webPaths.filter((p) => !covered.has(p.route) && !SKIPPED.has(p.route))).toEqual([]);
  });
});

/**
 * GETs the web parses that this test does not call, with the reason: they need a state the
 * journeys cover (a spectator of another's match, a tournament's detail).
 */
const SKIPPED = new Map([
  ['/api/games/:p/spectate:p', 'a spectator view: e2e/spectators.test.ts reads it in the browser'],
  ['/api/admin/pot', "the staff's pot (the pot page asks it for staff only)"],
  ['/api/push/public-key', 'answers 404 without VAPID keys configured (decision 025)'],
  [
    '/api/duplicates/:p',
    "a duplicate set's players only: modules/duplicate/duplicate.postgres.test.ts parses it",
  ],
]);

/**
 * The first argument of every `apiGet(…)`, `fetchList(…)` and method-less `apiRequest(…)` in the
 * web's player code (not the staff console, not tests), as '/api/x/:p' without the query.
 */
function playerGetPaths(): { route: string; where: string }[] {
  const dir = path.join(ROOT, 'apps/web/src');
  const files = (function walk(d: string): string[] {
    return fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(d, e.name);
      // The staff console: features/staff-*, components/staff, lib/staff (decision 056).
      if (e.isDirectory()) return /^staff(-|$)/.test(e.name) ? [] : walk(p);
      return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
    });
  })(dir);
  const out: { route: string; where: string }[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const name = node.expression.text;
        const first = node.arguments[0];
        const options = node.arguments[1];
        const isGet =
          name === 'apiGet' ||
          name === 'fetchList' ||
          (name === 'apiRequest' &&
            !(
              options &&
              ts.isObjectLiteralExpression(options) &&
              /\bmethod\b/.test(options.getText(source))
            ));
        let text: string | null = null;
        if (first && ts.isStringLiteralLike(first)) text = first.text;
        else if (first && ts.isTemplateExpression(first))
          text = first.head.text + first.templateSpans.map((s) => `:p${s.literal.text}`).join('');
        if (isGet && text?.startsWith('/api/')) {
          const route = text.split('?')[0]!.replace(/:p[^/]*/g, ':p');
          out.push({ route, where: path.relative(ROOT, file) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}
