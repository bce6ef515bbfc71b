import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './test/helpers';
import { buildTestApp, newPlayer, postgresAvailable } from './test/helpers';
import type { FormPart } from './test/forms';
import { hugeCanvasPng, multipartForm } from './test/forms';
import { notSpanishReason } from './test/spanish';

/**
 * The route walker (decision 014): walks every route of the app's own OpenAPI
 * document, every method, and sends only inputs that must be refused (wrong types, missing
 * fields, arrays for objects, null, NUL, lone surrogates, huge strings, non-canonical ids, bad
 * query values, broken JSON and multipart bodies). Every answer must be a 4xx in JSON, with a
 * non-empty Spanish message, our own namespaced code (never a framework's) and Spanish field
 * errors. Nothing may change: every table of the database is the same after the walk.
 *
 * Inputs are derived from each route's schemas, so a new route is walked without touching this
 * file. The token a route gets is found by asking it: no token, then a player's, then staff's.
 */

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  pattern?: string;
  maxLength?: number;
  format?: string;
  nullable?: boolean;
  additionalProperties?: unknown;
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

interface Attempt {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = { 'content-type': 'application/json' };

/** Path ids that must never name a record (decision 014: canonical decimal or UUID only). */
const BAD_IDS = [
  '0x10',
  '%201',
  '1%20',
  '1e3',
  '01',
  '-1',
  '+1',
  '1.5',
  '0',
  'NaN',
  'Infinity',
  '123456789012345678901234567890',
  '%EF%BC%91', // fullwidth digit one
  '%00',
  '%ED%A0%80', // a lone surrogate, percent-encoded as CESU-8
  '%E0%A4%A', // broken percent-encoding
  'x'.repeat(150),
];
/** Query values that no numeric query parameter may accept. */
const BAD_NUMBERS = ['0x10', '%201', '1e3', '01', '-1', '1.5', '0', 'abc', '9'.repeat(30)];

const NUL = 'a\u0000b';
const SURROGATE = '\ud800x';

/** Every type a schema admits (through anyOf/oneOf/allOf); 'integer' counts as 'number'. */
function typesOf(s: Schema | undefined): Set<string> {
  const out = new Set<string>();
  if (!s) return out;
  for (const t of Array.isArray(s.type) ? s.type : s.type ? [s.type] : [])
    out.add(t === 'integer' ? 'number' : t);
  if (s.nullable) out.add('null');
  for (const sub of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])])
    for (const t of typesOf(sub)) out.add(t);
  if (s.enum?.includes(null)) out.add('null');
  return out;
}

function branches(s: Schema): Schema[] {
  return [s, ...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];
}

const isNumeric = (s: Schema | undefined): boolean =>
  !!s &&
  branches(s).some(
    (b) =>
      typesOf(b).has('number') ||
      /^\^?(\\d|\[0-9\]|\[1-9\])/.test(b.pattern ?? '') ||
      /\\d\{4\}-/.test(b.pattern ?? ''),
  );
const hasEnum = (s: Schema | undefined): boolean =>
  !!s && branches(s).some((b) => Array.isArray(b.enum) && b.enum.some((v) => v !== ''));
const maxLengthOf = (s: Schema | undefined): number | undefined =>
  s ? branches(s).find((b) => typeof b.maxLength === 'number')?.maxLength : undefined;

/** A well-formed value for a path parameter that names no record (so nothing can change). */
function placeholder(s: Schema | undefined): string {
  if (s && branches(s).some((b) => (b.pattern ?? '').includes('[0-9a-f]{8}')))
    return '00000000-0000-4000-8000-000000000000';
  if (isNumeric(s)) return '999999999';
  return 'no-existe';
}

/** Strings tried, in order, as a well-formed value for a string with a pattern. */
const PATTERN_SAMPLES = [
  '1',
  '0102',
  '12345678',
  '04141234567',
  '00000000000000000000',
  '2026-01-01',
  'V',
  '00000000-0000-4000-8000-000000000000',
  'REF123',
];

/**
 * A value the schema accepts in shape (enum member, pattern match, bounds), used only around a
 * NUL or lone surrogate: such a body must be refused by the input guard, not by a missing field,
 * so that without the guard it would reach the handler and the walk would catch the failure.
 */
function sampleOf(s: Schema | undefined, depth = 0): unknown {
  if (!s || depth > 4) return 'texto';
  const first = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (first) return sampleOf(first, depth + 1);
  const nonEmpty = s.enum?.find((v) => v !== '' && v !== null);
  if (nonEmpty !== undefined) return nonEmpty;
  const types = typesOf(s);
  const n = s as Schema & {
    minimum?: number;
    exclusiveMinimum?: boolean | number;
    minLength?: number;
  };
  if (types.has('number')) {
    const min = typeof n.minimum === 'number' ? n.minimum : 1;
    return n.exclusiveMinimum ? min + 1 : Math.max(min, 1);
  }
  if (types.has('boolean')) return false;
  if (types.has('array')) return [];
  if (types.has('object') || s.properties) {
    const out: Record<string, unknown> = {};
    for (const r of s.required ?? []) out[r] = sampleOf(s.properties?.[r], depth + 1);
    return out;
  }
  if (s.format === 'email') return 'caminante@example.com';
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    return PATTERN_SAMPLES.find((v) => re.test(v)) ?? 'texto';
  }
  return 'texto'.padEnd(n.minLength ?? 0, 'o');
}

/** The properties of an object body (through anyOf/oneOf branches) and whether all require some. */
function bodyShape(s: Schema): { fields: Record<string, Schema>; required: Set<string> } {
  const fields: Record<string, Schema> = {};
  const objectBranches = branches(s).filter((b) => b.properties || typesOf(b).has('object'));
  for (const b of objectBranches) Object.assign(fields, b.properties ?? {});
  const withProps = objectBranches.filter((b) => b.properties);
  const required = new Set<string>();
  // Missing-field inputs are only safe when every alternative requires something.
  if (withProps.length > 0 && withProps.every((b) => (b.required ?? []).length > 0))
    for (const b of withProps) for (const r of b.required ?? []) required.add(r);
  return { fields, required };
}

/** The bad inputs of one operation (auth headers are added by the walker). */
function attemptsFor(method: string, path: string, op: Operation): Attempt[] {
  const M = method.toUpperCase();
  const params = (op.parameters ?? []).filter((p) => p.in === 'path');
  const query = (op.parameters ?? []).filter((p) => p.in === 'query');
  const fill = (values: Record<string, string> = {}) =>
    path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
      if (name in values) return values[name]!;
      return placeholder(params.find((p) => p.name === name)?.schema);
    });
  const base = fill();
  const out: Attempt[] = [];
  const content = op.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const formSchema = content['multipart/form-data']?.schema;
  const jsonBody = (label: string, value: unknown, url = base) =>
    out.push({ label, method: M, url, headers: JSON_TYPE, payload: JSON.stringify(value) });

  // Path ids: every non-canonical spelling, with a body that would be valid in shape.
  for (const p of params)
    for (const bad of BAD_IDS)
      out.push({
        label: `path ${p.name}=${bad.slice(0, 20)}`,
        method: M,
        url: fill({ [p.name]: bad }),
        ...(WITH_BODY.has(M) ? { headers: JSON_TYPE, payload: '{}' } : {}),
      });

  // Query values.
  for (const q of query) {
    const url = (v: string) => `${base}?${encodeURIComponent(q.name)}=${v}`;
    out.push({ label: `query ${q.name} NUL`, method: M, url: url('%00') });
    out.push({ label: `query ${q.name} repeated`, method: M, url: `${url('1')}&${q.name}=2` });
    if (isNumeric(q.schema))
      for (const v of BAD_NUMBERS)
        out.push({ label: `query ${q.name}=${v}`, method: M, url: url(v) });
    if (hasEnum(q.schema))
      out.push({ label: `query ${q.name} not in enum`, method: M, url: url('valor_invalido') });
    const max = maxLengthOf(q.schema);
    if (max !== undefined)
      out.push({ label: `query ${q.name} too long`, method: M, url: url('a'.repeat(max + 1)) });
  }
  out.push({ label: 'query key NUL', method: M, url: `${base}?x%00=1` });

  if (!WITH_BODY.has(M)) return out;

  // Bodies refused before any handler, whatever the route.
  out.push({ label: 'malformed JSON', method: M, url: base, headers: JSON_TYPE, payload: '{"a":' });
  out.push({
    label: 'unsupported media type',
    method: M,
    url: base,
    headers: { 'content-type': 'application/xml' },
    payload: '<a/>',
  });
  out.push({
    label: 'body over 1 MB',
    method: M,
    url: base,
    headers: JSON_TYPE,
    payload: JSON.stringify({ a: 'x'.repeat(2_000_000) }),
  });
  out.push({
    label: 'multipart NUL field',
    method: M,
    url: base,
    ...multipartForm([{ name: 'campo', value: NUL }]),
  });
  out.push({
    label: 'multipart without boundary',
    method: M,
    url: base,
    headers: { 'content-type': 'multipart/form-data' },
    payload: 'xx',
  });

  if (jsonSchema) {
    const { fields, required } = bodyShape(jsonSchema);
    const objectLike =
      typesOf(jsonSchema).has('object') || Object.keys(fields).length > 0 || !!jsonSchema.anyOf;
    if (objectLike) {
      for (const [label, value] of [
        ['array for object', []],
        ['string for object', 'texto'],
        ['number for object', 12345],
        ['null body', null],
        ['boolean body', true],
      ] as const)
        jsonBody(label, value);
      out.push({
        label: 'key NUL',
        method: M,
        url: base,
        headers: JSON_TYPE,
        payload: JSON.stringify({ 'a\u0000': 1 }),
      });
      out.push({
        label: 'key __proto__',
        method: M,
        url: base,
        headers: JSON_TYPE,
        payload: '{"__proto__":{"x":1}}',
      });
      out.push({
        label: 'deep nesting NUL',
        method: M,
        url: base,
        headers: JSON_TYPE,
        payload: `${'['.repeat(500)}"${'\\u0000'}"${']'.repeat(500)}`,
      });
    }
    if (required.size > 0) {
      jsonBody('missing fields', {});
      out.push({ label: 'empty JSON body', method: M, url: base, headers: JSON_TYPE });
    }
    const sample = sampleOf(jsonSchema) as Record<string, unknown>;
    for (const [name, s] of Object.entries(fields)) {
      jsonBody(`${name} NUL`, { ...sample, [name]: NUL });
      jsonBody(`${name} lone surrogate`, { ...sample, [name]: SURROGATE });
      jsonBody(`${name} NUL in list`, { [name]: [{ x: NUL }] });
      const types = typesOf(s);
      const othersRequired = [...required].some((r) => r !== name);
      if (types.size > 0) {
        if (!types.has('string')) jsonBody(`${name} string`, { [name]: 'texto' });
        if (types.has('string') && !types.has('number') && !types.has('boolean')) {
          jsonBody(`${name} number`, { [name]: 12345 });
          jsonBody(`${name} boolean`, { [name]: true });
        }
        if (!types.has('object')) jsonBody(`${name} object`, { [name]: {} });
        if (!types.has('array')) jsonBody(`${name} list`, { [name]: ['x'] });
        if (!types.has('null') && !types.has('number') && !types.has('boolean'))
          jsonBody(`${name} null`, { [name]: null });
      }
      if (hasEnum(s)) jsonBody(`${name} not in enum`, { [name]: 'valor_invalido' });
      const pattern = branches(s).find((b) => b.pattern)?.pattern;
      if (types.has('string') && pattern && !new RegExp(pattern).test('x'))
        jsonBody(`${name} wrong format`, { [name]: 'x' });
      const max = maxLengthOf(s);
      if (types.has('string') && max !== undefined)
        jsonBody(`${name} too long`, { [name]: 'a'.repeat(max + 1) });
      else if ((types.has('string') || types.size === 0) && othersRequired)
        jsonBody(`${name} huge`, { [name]: 'a'.repeat(200_000) });
    }
  }

  if (formSchema) {
    const { fields } = bodyShape(formSchema);
    const fileField =
      Object.entries(fields).find(([, s]) => branches(s).some((b) => b.format === 'binary'))?.[0] ??
      'file';
    const png = (data: Buffer, filename = 'imagen.png') => ({ filename, type: 'image/png', data });
    const form = (label: string, parts: FormPart[]) =>
      out.push({ label, method: M, url: base, ...multipartForm(parts) });
    const cut = multipartForm([{ name: 'a', value: 'b' }]);
    out.push({
      label: 'multipart cut short',
      method: M,
      url: base,
      headers: cut.headers,
      payload: cut.payload.subarray(0, 30),
    });
    form('file name NUL', [{ name: fileField, file: png(Buffer.from('x'), `a${NUL}.png`) }]);
    form('two files', [
      { name: fileField, file: png(Buffer.from('x')) },
      { name: fileField, file: png(Buffer.from('y')) },
    ]);
    form('empty file', [{ name: fileField, file: png(Buffer.alloc(0)) }]);
    form('file over 5 MB', [{ name: fileField, file: png(Buffer.alloc(5_242_881, 1)) }]);
    form('not an image', [{ name: fileField, file: png(Buffer.from('no soy una imagen')) }]);
    form('20000 x 20000 PNG', [{ name: fileField, file: png(hugeCanvasPng()) }]);
    form('file under another name', [{ name: 'otro_campo', file: png(Buffer.from('x')) }]);
    for (const name of Object.keys(fields))
      if (name !== fileField) form(`${name} NUL`, [{ name, value: NUL }]);
  }
  return out;
}

interface Problem {
  attempt: string;
  status: number;
  reasons: string[];
  body: string;
}

/** What is wrong with an answer to a bad input (empty when it is a proper Spanish refusal). */
function problemsOf(res: LightMyRequestResponse): { reasons: string[]; english: number } {
  const reasons: string[] = [];
  let english = 0;
  if (res.statusCode < 400 || res.statusCode >= 500) reasons.push(`status ${res.statusCode}`);
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json'))
    reasons.push(`content-type ${res.headers['content-type']}`);
  let body: unknown;
  try {
    body = res.json();
  } catch {
    reasons.push('body is not JSON');
    return { reasons, english };
  }
  const b = body as { message?: unknown; code?: unknown; errors?: unknown };
  const messages: unknown[] = [b.message];
  if (typeof b.code !== 'string' || !/^[a-z][a-z_]*\/[a-z][a-z_]*$/.test(b.code))
    reasons.push(`code ${JSON.stringify(b.code)} is not ours`);
  if (typeof b.code === 'string' && /fst|err_/i.test(b.code)) reasons.push('framework code');
  if (b.errors !== undefined) {
    if (!b.errors || typeof b.errors !== 'object' || Array.isArray(b.errors))
      reasons.push('errors is not an object');
    else
      for (const list of Object.values(b.errors)) {
        if (!Array.isArray(list) || list.length === 0) reasons.push('errors entry is not a list');
        else messages.push(...list);
      }
  }
  for (const m of messages) {
    const why = notSpanishReason(m);
    if (why) {
      english += 1;
      reasons.push(`message ${JSON.stringify(m)}: ${why}`);
    }
  }
  return { reasons, english };
}

/** Row count and content hash of every table, to prove the walk changed nothing. */
async function snapshot(t: TestApp): Promise<Record<string, string>> {
  const tables = (
    (await t.database.db.execute(
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )) as unknown as { rows: { table_name: string }[] }
  ).rows.map((r) => r.table_name);
  const out: Record<string, string> = {};
  for (const name of tables) {
    const res = (await t.database.db.execute(
      sql.raw(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${name}" t`,
      ),
    )) as unknown as { rows: { n: number; h: string }[] };
    out[name] = `${res.rows[0]!.n}:${res.rows[0]!.h}`;
  }
  return out;
}

describe('the route walker', async () => {
  // On PostgreSQL where it answers (else the embedded database): what the walk proves
  // (validation, Spanish refusals, nothing written) does not depend on the database, and PGlite
  // ran its ~5,000 requests' queries in WebAssembly, about a quarter more CPU
  // (docs/decisions/045, "Addendum 2026-12-01 (third)").
  const kind = (await postgresAvailable()) ? 'postgres' : 'pglite';
  let t: TestApp;
  let player: string;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register_api',
      payload: newPlayer(),
    });
    player = reg.json().token;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login_api',
      payload: { email: 'admin@test.local', password: 'AdminPass123' },
    });
    admin = login.json().token;
  });
  afterAll(async () => {
    await t?.close();
  });

  // Several hundred requests on PGlite: its own time limit, so a loaded machine is no failure.
  it('walks every route of the OpenAPI document: only Spanish 4xx refusals with our codes, and nothing changes', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Partial<Record<string, Operation>>> };
    const before = await snapshot(t);
    const problems: Problem[] = [];
    let routes = 0;
    let inputs = 0;
    let serverErrors = 0;
    let englishMessages = 0;

    const send = async (a: Attempt, token: string | null): Promise<LightMyRequestResponse> => {
      inputs += 1;
      const res = await t.app.inject({
        method: a.method as InjectOptions['method'],
        url: a.url,
        headers: { ...(a.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(a.payload !== undefined ? { payload: a.payload } : {}),
      });
      if (res.statusCode >= 500) serverErrors += 1;
      const { reasons, english } = problemsOf(res);
      englishMessages += english;
      if (reasons.length > 0)
        problems.push({
          attempt: `${a.method} ${a.url.slice(0, 120)} [${a.label}]${token ? '' : ' (sin token)'}`,
          status: res.statusCode,
          reasons,
          body: res.body.slice(0, 300),
        });
      return res;
    };

    for (const [path, item] of Object.entries(doc.paths)) {
      const defined = METHODS.filter((m) => item[m]);
      for (const method of defined) {
        routes += 1;
        const op = item[method]!;
        const M = method.toUpperCase();
        const url = path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
          placeholder(op.parameters?.find((p) => p.name === name)?.schema),
        );
        // Which token does the route need? Ask it, with an input it must refuse anyway.
        const probe: Attempt = { label: 'auth probe', method: M, url: `${url}?walker=%00` };
        const anonymous = await send(probe, null);
        let token: string | null = null;
        if (anonymous.statusCode === 401) {
          token = player;
          const asPlayer = await send(probe, player);
          if (asPlayer.statusCode === 403) token = admin;
        }
        // The original client's base address (/public/api) answers exactly like /api.
        const viaPublic = await send({ ...probe, url: `/public${probe.url}` }, null);
        if (
          viaPublic.statusCode !== anonymous.statusCode ||
          viaPublic.json().code !== anonymous.json().code
        )
          problems.push({
            attempt: `${M} /public${probe.url}`,
            status: viaPublic.statusCode,
            reasons: [`differs from /api (${anonymous.statusCode})`],
            body: viaPublic.body.slice(0, 200),
          });
        for (const a of attemptsFor(method, path, op)) await send(a, token);
      }
      // A method the path does not have: a JSON 404, never the web page.
      const missing = METHODS.find((m) => !item[m]);
      if (missing)
        await send(
          {
            label: 'method not allowed',
            method: missing.toUpperCase(),
            url: path.replace(/\{[^}]+\}/g, '1'),
          },
          player,
        );
    }

    const after = await snapshot(t);
    process.stdout.write(
      `Route walker: ${routes} routes walked, ${inputs} inputs tried, ${serverErrors} 5xx, ${englishMessages} English messages, ${problems.length} problems.\n`,
    );
    for (const p of problems.slice(0, 40)) process.stdout.write(`${JSON.stringify(p)}\n`);
    expect(routes).toBeGreaterThan(60);
    expect(problems).toEqual([]);
    expect(serverErrors).toBe(0);
    expect(englishMessages).toBe(0);
    expect(after).toEqual(before);
  }, 180_000);
});
