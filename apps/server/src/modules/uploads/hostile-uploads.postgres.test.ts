import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INPUT_CODES,
  MSG_INPUT,
  MSG_PAYMENTS,
  MSG_RECONCILIATION,
  MSG_UPLOADS,
  UPLOAD_CODES,
} from '@domino/contracts';
import {
  auditLog,
  bankStatementLines,
  bankStatements,
  gameTables,
  identityVerifications,
  recharges,
  uploads,
  users,
} from '../../db/schema';
import type { FormPart } from '../../test/forms';
import { multipartForm } from '../../test/forms';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import { hostileCorpus, realPng, type HostileName } from '../../test/hostile-files';
import { loginAdmin, registerPlayer } from '../../test/wallet-helpers';

/**
 * Hostile files against every upload route, on real PostgreSQL
 * (docs/decisions/046-bounded-file-parsing.md). Each file of the corpus (test/hostile-files.ts:
 * an XLSX with values in A and XFD on 300 rows, a 300 MB ZIP bomb declared honestly and one that
 * lies about its size, a 200,000-row CSV, a 500-column CSV, a 100,000-character cell, an empty
 * file, a file one byte over 5 MB, PDF magic bytes, a text named .png, a PNG declaring 400 megapixels, truncated PNG and
 * XLSX) is sent to each route that takes a file. Each refusal is Spanish, names what was wrong
 * with that kind of file, has its status and code, and stores nothing; while each is being
 * refused, `/api/health` keeps answering (the reading runs off the event loop).
 *
 * A new route that takes a file fails the first test until it is added here.
 */

const pg = await postgresAvailable();

type Kind = 'image' | 'statement';
interface Expected {
  status: number;
  message: string;
  code?: string;
}

/** What an image route answers to each file. */
const IMAGE: Record<HostileName, Expected> = {
  xlsxWide: { status: 422, message: MSG_UPLOADS.notAnImage },
  zipBomb: { status: 422, message: MSG_UPLOADS.notAnImage },
  zipBombLying: { status: 422, message: MSG_UPLOADS.notAnImage },
  csv200k: { status: 422, message: MSG_UPLOADS.notAnImage },
  csvWide: { status: 422, message: MSG_UPLOADS.notAnImage },
  csvLongCell: { status: 422, message: MSG_UPLOADS.notAnImage },
  empty: { status: 422, message: MSG_UPLOADS.imageEmpty, code: INPUT_CODES.fileEmpty },
  oversized: { status: 422, message: MSG_PAYMENTS.proofSize, code: INPUT_CODES.fileTooLarge },
  pdfMagic: { status: 422, message: MSG_UPLOADS.notAnImage },
  textNamedPng: { status: 422, message: MSG_UPLOADS.notAnImage },
  pixelBombPng: { status: 422, message: MSG_INPUT.imageTooManyPixels },
  truncatedPng: { status: 422, message: MSG_PAYMENTS.proofUnreadable },
  truncatedXlsx: { status: 422, message: MSG_UPLOADS.notAnImage },
};

/** What the statement route answers to each file. */
const STATEMENT: Record<HostileName, Expected> = {
  xlsxWide: {
    status: 422,
    message: MSG_UPLOADS.statementTooManyColumns,
    code: UPLOAD_CODES.sheetTooLarge,
  },
  zipBomb: {
    status: 413,
    message: MSG_UPLOADS.statementExpandedTooLarge,
    code: UPLOAD_CODES.expandedTooLarge,
  },
  zipBombLying: {
    status: 413,
    message: MSG_UPLOADS.statementExpandedTooLarge,
    code: UPLOAD_CODES.expandedTooLarge,
  },
  csv200k: { status: 422, message: MSG_RECONCILIATION.tooManyRows },
  csvWide: {
    status: 422,
    message: MSG_UPLOADS.statementTooManyColumns,
    code: UPLOAD_CODES.sheetTooLarge,
  },
  csvLongCell: {
    status: 422,
    message: MSG_UPLOADS.statementCellTooLong,
    code: UPLOAD_CODES.sheetTooLarge,
  },
  empty: { status: 422, message: MSG_UPLOADS.statementEmpty, code: INPUT_CODES.fileEmpty },
  oversized: {
    status: 422,
    message: MSG_UPLOADS.statementTooLarge,
    code: INPUT_CODES.fileTooLarge,
  },
  pdfMagic: { status: 422, message: MSG_RECONCILIATION.fileType },
  // A text is a CSV to a statement route: read, and refused for lacking the mapped columns.
  textNamedPng: { status: 422, message: MSG_RECONCILIATION.columnMissing('Fecha', 1) },
  pixelBombPng: { status: 422, message: MSG_RECONCILIATION.fileType },
  truncatedPng: { status: 422, message: MSG_RECONCILIATION.fileType },
  truncatedXlsx: { status: 422, message: MSG_RECONCILIATION.fileUnreadable },
};

/** Longest wait for `/api/health` while a file is being refused (ms): generous, not a benchmark. */
const HEALTH_DEADLINE_MS = 5_000;

describe.skipIf(!pg)('hostile files against every upload route (PostgreSQL)', () => {
  let t: TestApp;
  let admin: string;
  let player: { token: string; id: number; typeIdentification: string; nIdentification: string };
  /** Avatars are rate-limited per player (profile routes): each test uploads as a new one. */
  let avatarToken: string;
  let corpus: Record<HostileName, Buffer>;
  let png: Buffer;
  let accountId: number;

  interface Route {
    key: string;
    url: string;
    kind: Kind;
    field: string;
    token: () => string;
    /** The other parts of a form that would be accepted with a good file. */
    parts: () => FormPart[];
  }
  const routes: Route[] = [
    {
      key: 'POST /api/recharge_api',
      url: '/api/recharge_api',
      kind: 'image',
      field: 'payment_proof',
      token: () => player.token,
      parts: () => [
        { name: 'amount', value: '300' },
        { name: 'reference', value: 'REF12345' },
        { name: 'account_id', value: String(accountId) },
      ],
    },
    {
      key: 'POST /api/user/avatar',
      url: '/api/user/avatar',
      kind: 'image',
      field: 'avatar',
      token: () => avatarToken,
      parts: () => [],
    },
    {
      key: 'POST /api/admin/tables/{id}/image',
      url: '/api/admin/tables/1/image',
      kind: 'image',
      field: 'image',
      token: () => admin,
      parts: () => [],
    },
    {
      key: 'POST /api/identity',
      url: '/api/identity',
      kind: 'image',
      field: 'document',
      token: () => player.token,
      parts: () => [
        { name: 'type_identification', value: player.typeIdentification },
        { name: 'n_identification', value: player.nIdentification },
        { name: 'full_name', value: 'Jugador Prueba Pérez' },
        { name: 'selfie', file: { filename: 'selfie.png', type: 'image/png', data: png } },
      ],
    },
    {
      key: 'POST /api/admin/reconciliation/statements',
      url: '/api/admin/reconciliation/statements',
      kind: 'statement',
      field: 'statement',
      token: () => admin,
      parts: () => [{ name: 'account_id', value: String(accountId) }],
    },
  ];

  const counts = async () => {
    const db = t.database.db;
    const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
    return {
      uploads: await n(db.select({ n: count() }).from(uploads)),
      recharges: await n(db.select({ n: count() }).from(recharges)),
      statements: await n(db.select({ n: count() }).from(bankStatements)),
      lines: await n(db.select({ n: count() }).from(bankStatementLines)),
      identity: await n(db.select({ n: count() }).from(identityVerifications)),
      audit: await n(db.select({ n: count() }).from(auditLog)),
      avatars: await n(
        db.select({ n: count() }).from(users).where(isNotNull(users.avatarUploadId)),
      ),
      tableImage: (await db.select().from(gameTables).where(eq(gameTables.id, 1)))[0]!.image,
    };
  };

  beforeAll(async () => {
    t = await buildTestApp('postgres');
    admin = await loginAdmin(t);
    const p = await registerPlayer(t);
    const [me] = await t.database.db.select().from(users).where(eq(users.id, p.id));
    player = {
      ...p,
      typeIdentification: me!.typeIdentification,
      nIdentification: me!.nIdentification,
    };
    corpus = await hostileCorpus();
    png = await realPng();
    const accounts = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reconciliation/accounts',
      headers: { authorization: `Bearer ${admin}` },
    });
    accountId = (accounts.json() as { id: number; active: boolean }[]).find((a) => a.active)!.id;
    const mapping = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/reconciliation/accounts/${accountId}/mapping`,
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        header_row: 1,
        date_column: 'Fecha',
        date_format: 'dd/mm/yyyy',
        reference_column: 'Referencia',
        amount_mode: 'signed',
        amount_column: 'Monto',
        amount_format: 've',
        description_column: 'Descripción',
      },
    });
    expect(mapping.statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('covers every route of the API that takes a file', () => {
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { requestBody?: { content?: object } }>>;
    };
    const withFiles = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(
          ([, op]) => op.requestBody?.content && 'multipart/form-data' in op.requestBody.content,
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withFiles.sort()).toEqual(routes.map((r) => r.key).sort());
  });

  it('takes a good file on each route (the corpus is refused for what it is, not for the form)', async () => {
    avatarToken = (await registerPlayer(t)).token;
    const ok = await send(routes[1]!, 'avatar.png', png);
    expect(ok.status).toBe(200);
    const statement = await send(
      routes[4]!,
      'estado.csv',
      Buffer.from('Fecha;Referencia;Descripción;Monto\n15/11/2026;00012345678;PAGO;1.234,56\n'),
    );
    expect(statement.status).toBe(200);
  }, 60_000);

  /**
   * Sends one file and, while it is being refused, asks `/api/health` again and again: every
   * answer must be a 200 within HEALTH_DEADLINE_MS.
   */
  async function send(route: Route, filename: string, data: Buffer) {
    const form = multipartForm([
      ...route.parts(),
      { name: route.field, file: { filename, type: 'application/octet-stream', data } },
    ]);
    let done = false;
    const request = t.app
      .inject({
        method: 'POST',
        url: route.url,
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${route.token()}` },
      })
      .finally(() => {
        done = true;
      });
    const health: { status: number; ms: number }[] = [];
    do {
      const started = performance.now();
      const res = await Promise.race([
        t.app.inject({ method: 'GET', url: '/api/health' }),
        new Promise<null>((r) => setTimeout(() => r(null), HEALTH_DEADLINE_MS)),
      ]);
      health.push({ status: res?.statusCode ?? 0, ms: performance.now() - started });
      // A test of time (health answering during the upload): a sample every 50 ms at most,
      // and none once the upload is answered.
      if (!done)
        await Promise.race([request.catch(() => undefined), new Promise((r) => setTimeout(r, 50))]);
    } while (!done);
    const res = await request;
    return { status: res.statusCode, body: res.json() as Record<string, unknown>, health };
  }

  const NAMES = Object.keys(IMAGE) as HostileName[];
  for (const name of NAMES) {
    it(`refuses ${name} on every upload route, in Spanish, storing nothing, health answering`, async () => {
      avatarToken = (await registerPlayer(t)).token;
      const before = await counts();
      for (const route of routes) {
        const expected = (route.kind === 'image' ? IMAGE : STATEMENT)[name];
        const filename =
          route.kind === 'image'
            ? 'foto.png'
            : name.startsWith('csv')
              ? 'estado.csv'
              : 'estado.xlsx';
        const res = await send(route, filename, corpus[name]);
        const where = `${name} -> ${route.key}`;
        expect(res.status, where).toBe(expected.status);
        expect(res.body.errors, where).toEqual({ [route.field]: [expected.message] });
        if (expected.code) expect(res.body.code, where).toBe(expected.code);
        // Every health check answered, within the deadline, while the file was refused.
        expect(res.health.length, where).toBeGreaterThan(0);
        for (const h of res.health) {
          expect(h.status, where).toBe(200);
          expect(h.ms, where).toBeLessThan(HEALTH_DEADLINE_MS);
        }
      }
      expect(await counts()).toEqual(before);
    }, 180_000);
  }
});
