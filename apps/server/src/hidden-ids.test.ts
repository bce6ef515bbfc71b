import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { identityVerifications, tableInvitations, uploads, users } from './db/schema';
import type { TestApp } from './test/helpers';
import { buildTestApp } from './test/helpers';
import { createPrivateTable } from './test/private-tables';
import { makePlayers, usernameOf } from './test/tournaments';
import { openDuplicateSet } from './modules/duplicate/service';
import { gamesContext } from './modules/games/routes';
import { auth, fundedPlayer, loginAdmin, requestRecharge, samplePng } from './test/wallet-helpers';

/**
 * The hidden-ids walker (docs/decisions/048-strangers-and-acknowledgements.md): every route of the
 * app's real route table (Fastify's `onRoute` hook, so a route added later is walked without
 * touching this file) whose path names a record by id is called by a stranger, a logged-in
 * player with no relation to anything, once with the id of a record hidden from them (another
 * player's private table, practice match, recharge, verification or invitation, a staff
 * account) and once with an id that names nothing. Both answers must be identical: status,
 * message and code. Sequential ids then tell a stranger nothing.
 *
 * Every path parameter must be classified below; a new parameter name fails the walk until it
 * says what it names (and so how its hidden record is made).
 */

/** What a path parameter names. */
type Kind =
  | 'table'
  | 'game'
  | 'recharge'
  | 'identity'
  | 'invitation'
  | 'user'
  | 'duplicate'
  | 'staff_only'
  | { public: string };

/** The kind of a path parameter of a route (null: not classified; the walk fails). */
function kindOf(url: string, param: string): Kind | null {
  if (url.startsWith('/api/admin/')) return 'staff_only';
  if (param === 'tableId') return 'table';
  if (param === 'gameId') return 'game';
  if (param === 'userId') return 'user';
  if (param === 'invitationId') return 'invitation';
  if (url.startsWith('/api/recharges/:id')) return 'recharge';
  if (url.startsWith('/api/duplicates/:id')) return 'duplicate';
  if (url.startsWith('/api/identity/requests/:id/:which'))
    return param === 'which' ? { public: 'the photo, document or selfie' } : 'identity';
  if (url.startsWith('/api/tournaments/:id'))
    return { public: 'every tournament is listed to everyone (decision 028)' };
  if (url.startsWith('/api/private-tables/:code'))
    return { public: 'the invitation code is the key itself; wrong codes are rate limited (021)' };
  if (url.startsWith('/api/avatars/:file'))
    return { public: 'profile photos are shown to everyone' };
  if (url.startsWith('/api/bank-notifications/:token'))
    return { public: "a bank's notification address: no record behind it, the signature decides" };
  if (url.startsWith('/api/puzzles/:id'))
    return {
      public: 'a puzzle is the same for every player (decision 060): nothing hidden behind it',
    };
  if (url.startsWith('/api/table-images/:id'))
    return { public: 'table images are shown in the public table list' };
  return null;
}

/** An id that names nothing, for the parameter's spelling (decimal or UUID). */
function missingValue(kind: Kind, param: string): string {
  if (kind === 'game') return randomUUID();
  if (param === 'date') return '2001-01-01';
  if (param === 'which') return 'document';
  return '999999999';
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  format?: string;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
}

const PATTERN_SAMPLES = ['1', 'ABC234', 'texto', '12345678', '04141234567', '2026-01-01'];

/** A value its schema accepts (required fields only), for a body that passes validation. */
function validSample(s: JsonSchema | undefined, depth = 0): unknown {
  if (!s || depth > 6) return null;
  if (s.const !== undefined) return s.const;
  const alt = (s.anyOf ?? s.oneOf)?.find((b) => b.type !== 'null');
  if (alt) return validSample(alt, depth + 1);
  if (s.enum) return s.enum.find((v) => v !== null);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('object') || s.properties) {
    const out: Record<string, unknown> = {};
    for (const r of s.required ?? []) out[r] = validSample(s.properties?.[r], depth + 1);
    return out;
  }
  if (types.includes('integer') || types.includes('number'))
    return Math.max(1, (s.minimum ?? s.exclusiveMinimum ?? 0) + (s.exclusiveMinimum ? 1 : 0));
  if (types.includes('boolean')) return false;
  if (types.includes('array')) {
    if (s.prefixItems) return s.prefixItems.map((i) => validSample(i, depth + 1));
    return Array.from({ length: s.minItems ?? 0 }, () => validSample(s.items, depth + 1));
  }
  if (s.format === 'email') return 'caminante@example.com';
  if (s.format === 'uri') return 'https://example.com/';
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    return PATTERN_SAMPLES.find((v) => re.test(v)) ?? 'texto';
  }
  return 'texto de prueba'.padEnd(s.minLength ?? 0, 'o');
}

/** The JSON body a route's own schema accepts, or undefined when it takes none. */
function bodyFor(route: RouteOptions): unknown {
  const schema = (route.schema as { body?: unknown } | undefined)?.body;
  if (!(schema instanceof z.ZodType)) return undefined;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return validSample(json) ?? undefined;
}

interface Walked {
  method: string;
  url: string;
  route: RouteOptions;
}

describe('hidden ids: a stranger learns nothing from an id', () => {
  let t: TestApp;
  const routes: Walked[] = [];
  let stranger: string;
  /** Hidden records per kind (their ids as a path spells them). */
  const hidden: Partial<Record<string, string[]>> = {};

  beforeAll(async () => {
    t = await buildTestApp(
      'pglite',
      { BOT_MIN_DELAY_MS: '0', BOT_MAX_DELAY_MS: '0' },
      {},
      {
        onRoute: (route) => {
          for (const method of [route.method].flat())
            if (method !== 'HEAD' && route.url.includes(':'))
              routes.push({ method, url: route.url, route });
        },
      },
    );
    await t.app.ready();
    const admin = await loginAdmin(t);
    const host = await fundedPlayer(t, admin, 500);
    const friend = await fundedPlayer(t, admin, 500);
    stranger = (await fundedPlayer(t, admin, 500)).token;
    const db = t.database.db;

    const table = await createPrivateTable(db, { hostUserId: host.id, seated: [host.id] });
    hidden.table = [String(table.id)];

    const practice = await t.app.inject({
      method: 'POST',
      url: '/api/practice-games',
      headers: auth(host.token),
      payload: { difficulty: 'facil' },
    });
    expect(practice.statusCode).toBe(201);
    hidden.game = [practice.json().game_id as string];

    const recharge = await requestRecharge(t, host.token, '300', {
      file: { name: 'pago.png', type: 'image/png', data: await samplePng() },
    });
    expect(recharge.statusCode).toBe(201);
    hidden.recharge = [String(recharge.json().id)];

    const [photo] = await db
      .insert(uploads)
      .values({
        ownerUserId: host.id,
        purpose: 'identity',
        mime: 'image/png',
        bytes: Buffer.from('png'),
        width: 1,
        height: 1,
        size: 3,
        sha256: 'x',
      })
      .returning({ id: uploads.id });
    const [verification] = await db
      .insert(identityVerifications)
      .values({
        userId: host.id,
        typeIdentification: 'V',
        nIdentification: '12345678',
        fullName: 'Ana Anfitriona',
        documentUploadId: photo!.id,
        selfieUploadId: photo!.id,
      })
      .returning({ id: identityVerifications.id });
    hidden.identity = [String(verification!.id)];

    const [invitation] = await db
      .insert(tableInvitations)
      .values({ tableId: table.id, fromUserId: host.id, toUserId: friend.id })
      .returning({ id: tableInvitations.id });
    hidden.invitation = [String(invitation!.id)];

    // A staff account is no player: it is hidden from players like one that does not exist.
    const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.rol, 'admin'));
    hidden.user = [String(staff!.id)];

    // A duplicate set of eight other players (decision 062): only they and staff may read it.
    const eight = await makePlayers(db, 8, 0);
    const n = await Promise.all(eight.map((id) => usernameOf(db, id)));
    const set = await db.transaction((tx) =>
      openDuplicateSet(
        tx,
        staff!.id,
        {
          name: 'Duplicado oculto',
          boards: 1,
          teams: {
            x: [
              [n[0]!, n[1]!],
              [n[2]!, n[3]!],
            ],
            y: [
              [n[4]!, n[5]!],
              [n[6]!, n[7]!],
            ],
          },
        },
        gamesContext(t.app).timing,
        new Date(),
      ),
    );
    hidden.duplicate = [String(set.id)];
    hidden.staff_only = ['1'];
  });
  afterAll(async () => t?.close());

  it('finds the id routes in the real route table', () => {
    const urls = new Set(routes.map((r) => r.url));
    for (const u of [
      '/api/tables/:tableId',
      '/api/games/:gameId/view',
      '/api/talk/tables/:tableId',
    ])
      expect(urls).toContain(u);
  });

  it('answers a stranger alike for a hidden record and a missing one, on every id route', async () => {
    const problems: string[] = [];
    let compared = 0;
    for (const { method, url, route } of routes) {
      const params = [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
      const kinds = params.map((p) => [p, kindOf(url, p)] as const);
      const unclassified = kinds.filter(([, k]) => k === null).map(([p]) => p);
      if (unclassified.length > 0) {
        problems.push(`${method} ${url}: classify ${unclassified.join(', ')} in kindOf`);
        continue;
      }
      // The one parameter that names a hidden record (routes have at most one).
      const target = kinds.find(([, k]) => typeof k === 'string');
      if (!target) continue;
      const [param, kind] = target as [string, Exclude<Kind, { public: string }>];
      const fill = (value: string) =>
        url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
          if (name === param) return value;
          const k = kindOf(url, name)!;
          return missingValue(k, name);
        });
      const body = bodyFor(route);
      const call = async (value: string) => {
        const res = await t.app.inject({
          method: method as 'GET',
          url: fill(value),
          headers: {
            ...auth(stranger),
            'idempotency-key': randomUUID(),
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
        });
        let parsed: { message?: unknown; code?: unknown; errors?: unknown };
        try {
          parsed = res.json();
        } catch {
          parsed = { message: res.body.slice(0, 80) };
        }
        return {
          status: res.statusCode,
          message: parsed.message,
          code: parsed.code,
          errors: parsed.errors,
        };
      };
      const missing = await call(missingValue(kind, param));
      if (missing.errors !== undefined && kind !== 'staff_only')
        problems.push(
          `${method} ${url}: the walker's body was refused (${JSON.stringify(missing.errors)}): give it a valid one`,
        );
      for (const value of hidden[kind] ?? []) {
        const seen = await call(value);
        compared += 1;
        if (
          seen.status !== missing.status ||
          seen.message !== missing.message ||
          seen.code !== missing.code
        )
          problems.push(
            `${method} ${url}: hidden ${kind} ${value} -> ${seen.status} ${String(seen.code)} «${String(seen.message)}», missing -> ${missing.status} ${String(missing.code)} «${String(missing.message)}»`,
          );
        if (seen.status < 400 && missing.status >= 400)
          problems.push(`${method} ${url}: a stranger got ${seen.status}`);
      }
    }
    expect(problems).toEqual([]);
    expect(compared).toBeGreaterThan(30);
  });
});
