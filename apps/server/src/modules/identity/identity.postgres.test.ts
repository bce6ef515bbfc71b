import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDENTITY_CODES,
  MSG,
  MSG_IDENTITY,
  MSG_INPUT,
  MSG_PAYMENTS,
  MSG_UPLOADS,
  type AdminIdentityRequest,
} from '@domino/contracts';
import { auditLog, identityVerifications, uploads, users, withdrawals } from '../../db/schema';
import type { FormPart } from '../../test/forms';
import { multipartForm } from '../../test/forms';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import type { Player } from '../../test/wallet-helpers';
import { auth, fundPlayer, loginAdmin, registerPlayer, samplePng } from '../../test/wallet-helpers';

/**
 * Identity verification on real PostgreSQL (docs/decisions/031-identity-verification.md): the
 * withdrawal gate (first withdrawal, then the staff threshold), the submission's checks (type and
 * number against the account, files by content), one pending request even under a concurrent
 * double submit, staff approve / reject (audited with the reviewer), and who may read what.
 */
const pg = await postgresAvailable();

describe.skipIf(!pg)('identity verification (PostgreSQL)', () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let jpeg: Buffer;
  let png: Buffer;

  const account = async (id: number) =>
    (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const fields = (u: { typeIdentification: string; nIdentification: string }): FormPart[] => [
    { name: 'type_identification', value: u.typeIdentification },
    { name: 'n_identification', value: u.nIdentification },
    { name: 'full_name', value: 'Jugador Prueba Pérez' },
  ];
  const files = (document: Buffer, selfie: Buffer, type = 'image/jpeg'): FormPart[] => [
    { name: 'document', file: { filename: 'cedula.jpg', type, data: document } },
    { name: 'selfie', file: { filename: 'selfie.jpg', type, data: selfie } },
  ];
  const submit = (token: string, parts: FormPart[]) => {
    const form = multipartForm(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/identity',
      payload: form.payload,
      headers: { ...form.headers, ...auth(token) },
    });
  };
  const submitOwn = async (p: Player) =>
    submit(p.token, [...fields(await account(p.id)), ...files(jpeg, png)]);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
  const withdraw = (p: Player, amount: number) =>
    call('POST', '/api/withdraw_api', p.token, { amount, bank_account: 1 });
  const rowsOf = async (userId: number) =>
    t.database.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, userId));
  const withdrawalCount = async (userId: number) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(withdrawals)
        .where(eq(withdrawals.userId, userId))
    )[0]!.n;

  beforeAll(async () => {
    t = await buildTestApp('postgres');
    admin = await loginAdmin(t);
    adminId = (await call('GET', '/api/user', admin)).json().id;
    jpeg = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({ IFD0: { ImageDescription: 'gps 10.5,-66.9' } })
      .toBuffer();
    png = await samplePng();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the first withdrawal of an unverified player, in Spanish, and holds nothing', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p, admin, '1000');
    const res = await withdraw(p, 600);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: IDENTITY_CODES.required, message: MSG_IDENTITY.required });
    expect(await withdrawalCount(p.id)).toBe(0);
    expect((await call('GET', '/api/user/balance', p.token)).json().balance).toBe(1000);
    expect((await call('GET', '/api/identity', p.token)).json()).toMatchObject({
      state: 'none',
      request: null,
      threshold: 0,
    });
  });

  it('checks a submission: account number and type, both files, PNG or JPEG by content', async () => {
    const p = await registerPlayer(t);
    const me = await account(p.id);
    const otherNumber = String(Number(me.nIdentification) + 1);
    const wrong = await submit(p.token, [
      { name: 'type_identification', value: 'E' },
      { name: 'n_identification', value: otherNumber },
      { name: 'full_name', value: 'Jugador Prueba' },
      ...files(jpeg, png),
    ]);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: IDENTITY_CODES.mismatch,
      errors: {
        type_identification: [MSG_IDENTITY.typeMismatch],
        n_identification: [MSG_IDENTITY.numberMismatch],
      },
    });
    // A text file named .jpg and declared image/jpeg, and an SVG: refused by what they contain.
    const fake = await submit(p.token, [
      ...fields(me),
      ...files(
        Buffer.from('esto no es una foto'),
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      ),
    ]);
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors).toEqual({
      document: [MSG_UPLOADS.notAnImage],
      selfie: [MSG_IDENTITY.photoType],
    });
    const missing = await submit(p.token, [
      { name: 'type_identification', value: me.typeIdentification },
      { name: 'n_identification', value: '12' },
      { name: 'document', file: { filename: 'c.jpg', type: 'image/jpeg', data: jpeg } },
    ]);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      n_identification: [MSG.identificationInvalid],
      full_name: [MSG_IDENTITY.fullNameRequired],
      selfie: [MSG_IDENTITY.selfieMissing],
    });
    const big = await submit(p.token, [...fields(me), ...files(Buffer.alloc(5_242_881, 1), png)]);
    expect(big.statusCode).toBe(422);
    expect(big.json().errors).toEqual({ document: [MSG_PAYMENTS.proofSize] });
    const three = await submit(p.token, [
      ...fields(me),
      ...files(jpeg, png),
      { name: 'extra', file: { filename: 'x.png', type: 'image/png', data: png } },
    ]);
    expect(three.statusCode).toBe(422);
    expect(three.json().code).not.toMatch(/^FST_/);
    expect(three.json().message).toBe(MSG_INPUT.fileOnlyOne);
    expect(await rowsOf(p.id)).toHaveLength(0);
    const stored = await t.database.db
      .select({ n: count() })
      .from(uploads)
      .where(eq(uploads.ownerUserId, p.id));
    expect(stored[0]!.n).toBe(0);
  });

  it('keeps one pending request when the same player submits twice at once', async () => {
    const p = await registerPlayer(t);
    const results = await Promise.all([submitOwn(p), submitOwn(p), submitOwn(p)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json()).toEqual({
        code: IDENTITY_CODES.alreadyPending,
        message: MSG_IDENTITY.alreadyPending,
      });
    const rows = await rowsOf(p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('pendiente');
    // Only the winner's two images were kept; the stored copy lost its EXIF block.
    const images = await t.database.db.select().from(uploads).where(eq(uploads.ownerUserId, p.id));
    expect(images.map((i) => i.purpose).sort()).toEqual(['identity_document', 'identity_selfie']);
    const doc = images.find((i) => i.purpose === 'identity_document')!;
    expect((await sharp(doc.bytes).metadata()).exif).toBeUndefined();
    // While pending, a withdrawal says the request is under review.
    await fundPlayer(t, p, admin, '800');
    const res = await withdraw(p, 600);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG_IDENTITY.requiredPending);
  });

  it('lets staff reject with a reason, the player resubmit, staff approve, and then withdraw', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p, admin, '1500');
    const first = await submitOwn(p);
    expect(first.statusCode).toBe(201);
    const id1 = first.json().id as number;

    const queue = (
      await call('GET', '/api/admin/identity?status=pendiente', admin)
    ).json() as AdminIdentityRequest[];
    const row = queue.find((r) => r.id === id1)!;
    const me = await account(p.id);
    expect(row).toMatchObject({
      user: { id: p.id, name: me.name, n_identification: me.nIdentification },
      stated: { full_name: 'Jugador Prueba Pérez', n_identification: me.nIdentification },
      name_matches: true,
      status: 'pendiente',
    });
    const img = await call('GET', row.document_url, admin);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers['cache-control']).toContain('private');

    const noReason = await call('POST', `/api/admin/identity/${id1}/reject`, admin, {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ reason: [MSG_PAYMENTS.reasonRequired] });
    const reason = 'La foto de la cédula está borrosa';
    const rejected = await call('POST', `/api/admin/identity/${id1}/reject`, admin, { reason });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toEqual({
      message: MSG_IDENTITY.rejected,
      id: id1,
      status: 'rechazado',
    });
    const again = await call('POST', `/api/admin/identity/${id1}/approve`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG_IDENTITY.alreadyDecided);
    expect((await call('GET', '/api/identity', p.token)).json()).toMatchObject({
      state: 'rejected',
      request: { id: id1, status: 'rechazado', reason },
    });
    expect((await withdraw(p, 600)).statusCode).toBe(403);

    const second = await submitOwn(p);
    expect(second.statusCode).toBe(201);
    const id2 = second.json().id as number;
    const approved = await call('POST', `/api/admin/identity/${id2}/approve`, admin, {});
    expect(approved.statusCode).toBe(200);
    expect((await call('GET', '/api/identity', p.token)).json().state).toBe('verified');
    expect((await submitOwn(p)).json().code).toBe(IDENTITY_CODES.alreadyVerified);

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'identity_verification')));
    const mine = audits.filter((a) => [String(id1), String(id2)].includes(a.targetId));
    expect(mine.map((a) => [a.action, a.actorUserId, a.reason]).sort()).toEqual([
      ['identity.approve', adminId, null],
      ['identity.reject', adminId, reason],
    ]);
    const [decided] = await t.database.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.id, id2));
    expect(decided).toMatchObject({ status: 'aprobado', decidedBy: adminId });

    const w = await withdraw(p, 600);
    expect(w.statusCode).toBe(201);
    expect(w.json().new_balance).toBe(900);
    expect(await withdrawalCount(p.id)).toBe(1);
  });

  it('applies the staff threshold: at or under it no verification, above it one is needed', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p, admin, '2000');
    const bad = await call('PUT', '/api/admin/identity/settings', admin, { threshold: -1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ threshold: [MSG_IDENTITY.thresholdInvalid] });
    const set = await call('PUT', '/api/admin/identity/settings', admin, { threshold: 700 });
    expect(set.json()).toEqual({ message: MSG_IDENTITY.settingsSaved, threshold: 700 });
    try {
      expect((await withdraw(p, 700)).statusCode).toBe(201);
      const over = await withdraw(p, 700.01);
      expect(over.statusCode).toBe(403);
      expect(over.json().code).toBe(IDENTITY_CODES.required);
      expect((await call('GET', '/api/identity', p.token)).json().threshold).toBe(700);
      const [log] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'identity.threshold'));
      expect(log).toMatchObject({ actorUserId: adminId, after: { threshold_cents: 70000 } });
    } finally {
      await call('PUT', '/api/admin/identity/settings', admin, { threshold: 0 });
    }
  });

  it('keeps players out of staff routes and out of each other’s requests', async () => {
    const owner = await registerPlayer(t);
    const other = await registerPlayer(t);
    const res = await submitOwn(owner);
    const id = res.json().id as number;
    for (const [method, url, body] of [
      ['GET', '/api/admin/identity', undefined],
      ['POST', `/api/admin/identity/${id}/approve`, {}],
      ['POST', `/api/admin/identity/${id}/reject`, { reason: 'Me apruebo solo' }],
      ['GET', '/api/admin/identity/settings', undefined],
      ['PUT', '/api/admin/identity/settings', { threshold: 100000 }],
    ] as const) {
      const r = await call(method, url, other.token, body);
      expect(r.statusCode, url).toBe(403);
      expect(r.json()).toEqual({ code: 'auth/forbidden', message: MSG.forbidden });
      // Not even the owner may decide their own request.
      expect((await call(method, url, owner.token, body)).statusCode).toBe(403);
    }
    for (const which of ['document', 'selfie']) {
      const stranger = await call('GET', `/api/identity/requests/${id}/${which}`, other.token);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toEqual({ code: 'http/not_found', message: MSG.notFound });
      const own = await call('GET', `/api/identity/requests/${id}/${which}`, owner.token);
      expect(own.statusCode).toBe(200);
      const anon = await t.app.inject({
        method: 'GET',
        url: `/api/identity/requests/${id}/${which}`,
      });
      expect(anon.statusCode).toBe(401);
    }
    expect((await call('GET', '/api/identity', other.token)).json().state).toBe('none');
    expect((await rowsOf(owner.id))[0]!.status).toBe('pendiente');
  });
});
