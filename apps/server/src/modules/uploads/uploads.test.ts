import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_CODES, MSG, MSG_INPUT, MSG_PAYMENTS, MSG_UPLOADS } from '@domino/contracts';
import { gameTables, recharges, uploads, users } from '../../db/schema';
import type { FormPart } from '../../test/forms';
import { hugeCanvasPng, multipartForm } from '../../test/forms';
import type { TestApp } from '../../test/helpers';
import { buildTestApp } from '../../test/helpers';
import type { Player } from '../../test/wallet-helpers';
import { loginAdmin, registerPlayer, samplePng } from '../../test/wallet-helpers';

/**
 * Uploads (decision 014): each way an upload goes wrong gets its own Spanish message and
 * nothing is stored: a staff table image over 5 MB (used to be silently truncated), a 0-byte proof
 * (used to pass as "no proof"), a 20000 × 20000 PNG (used to be called the wrong file type), two
 * files at once (used to be called "demasiado grande").
 */
describe('uploads', () => {
  let t: TestApp;
  let admin: string;
  let player: Player;
  const rechargeFields: FormPart[] = [
    { name: 'amount', value: '300' },
    { name: 'reference', value: 'REF12345' },
    { name: 'account_id', value: '1' },
  ];
  const png = (data: Buffer, filename = 'imagen.png') => ({ filename, type: 'image/png', data });

  const upload = (url: string, token: string, parts: FormPart[]) => {
    const form = multipartForm(parts);
    return t.app.inject({
      method: 'POST',
      url,
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${token}` },
    });
  };
  const countOf = async (table: typeof recharges | typeof uploads) =>
    (await t.database.db.select({ n: count() }).from(table))[0]!.n;
  const tableImage = async (id: number) =>
    (await t.database.db.select().from(gameTables).where(eq(gameTables.id, id)))[0]!.image;

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    admin = await loginAdmin(t);
    player = await registerPlayer(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a table image over 5 MB with the size message instead of storing a truncated one', async () => {
    const before = await tableImage(1);
    const res = await upload('/api/admin/tables/1/image', admin, [
      { name: 'image', file: png(Buffer.alloc(5_242_881, 7)) },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: MSG_PAYMENTS.proofSize,
      code: INPUT_CODES.fileTooLarge,
      errors: { image: [MSG_PAYMENTS.proofSize] },
    });
    expect(await tableImage(1)).toBe(before);
    expect(await countOf(uploads)).toBe(0);
    // Exactly 5 MB is still read whole (and then judged by its content).
    const exact = await upload('/api/admin/tables/1/image', admin, [
      { name: 'image', file: png(Buffer.alloc(5_242_880, 7)) },
    ]);
    expect(exact.json().errors).toEqual({ image: [MSG_UPLOADS.notAnImage] });
    const ok = await upload('/api/admin/tables/1/image', admin, [
      { name: 'image', file: png(await samplePng()) },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(await tableImage(1)).toMatch(/^\/api\/table-images\/\d+$/);
  });

  it('refuses a 0-byte proof with its own message and files no recharge', async () => {
    const res = await upload('/api/recharge_api', player.token, [
      ...rechargeFields,
      { name: 'payment_proof', file: png(Buffer.alloc(0), 'comprobante.png') },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: MSG_INPUT.fileEmpty,
      code: INPUT_CODES.fileEmpty,
      errors: { payment_proof: [MSG_INPUT.fileEmpty] },
    });
    expect(await countOf(recharges)).toBe(0);
  });

  it('takes a browser’s empty file input (no name, no bytes) as no proof', async () => {
    const res = await upload('/api/recharge_api', player.token, [
      ...rechargeFields,
      {
        name: 'payment_proof',
        file: { filename: '', type: 'application/octet-stream', data: Buffer.alloc(0) },
      },
    ]);
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(recharges)
      .where(eq(recharges.id, res.json().id));
    expect(row!.proofUploadId).toBeNull();
  });

  it('refuses a 20000 × 20000 PNG as too many pixels, not as the wrong file type', async () => {
    const bomb = png(hugeCanvasPng());
    const before = await countOf(recharges);
    const proof = await upload('/api/recharge_api', player.token, [
      ...rechargeFields.map((f) => (f.name === 'reference' ? { ...f, value: 'REF99999' } : f)),
      { name: 'payment_proof', file: bomb },
    ]);
    expect(proof.statusCode).toBe(422);
    expect(proof.json().errors).toEqual({ payment_proof: [MSG_INPUT.imageTooManyPixels] });
    expect(await countOf(recharges)).toBe(before);
    const avatar = await upload('/api/user/avatar', player.token, [{ name: 'avatar', file: bomb }]);
    expect(avatar.json().errors).toEqual({ avatar: [MSG_INPUT.imageTooManyPixels] });
    const image = await upload('/api/admin/tables/2/image', admin, [{ name: 'image', file: bomb }]);
    expect(image.json().errors).toEqual({ image: [MSG_INPUT.imageTooManyPixels] });
    const [me] = await t.database.db.select().from(users).where(eq(users.id, player.id));
    expect(me!.avatarUploadId).toBeNull();
    // An SVG is rasterised at 144 dpi, so 6000 × 6000 user units is 144 megapixels: refused too.
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="6000" height="6000"><rect width="1" height="1"/></svg>',
    );
    const vector = await upload('/api/user/avatar', player.token, [
      { name: 'avatar', file: { filename: 'a.svg', type: 'image/svg+xml', data: svg } },
    ]);
    expect(vector.json().errors).toEqual({ avatar: [MSG_INPUT.imageTooManyPixels] });
  });

  it('refuses two files with "one file only", and a file under another field name', async () => {
    const before = await countOf(recharges);
    const two = await upload('/api/recharge_api', player.token, [
      ...rechargeFields,
      { name: 'payment_proof', file: png(await samplePng(), 'uno.png') },
      { name: 'payment_proof', file: png(await samplePng(), 'dos.png') },
    ]);
    expect(two.statusCode).toBe(422);
    expect(two.json()).toEqual({
      message: MSG_INPUT.fileOnlyOne,
      code: INPUT_CODES.fileOnlyOne,
      errors: { payment_proof: [MSG_INPUT.fileOnlyOne] },
    });
    const three = await upload('/api/user/avatar', player.token, [
      { name: 'avatar', file: png(await samplePng(), 'uno.png') },
      { name: 'avatar', file: png(await samplePng(), 'dos.png') },
      { name: 'avatar', file: png(await samplePng(), 'tres.png') },
    ]);
    expect(three.statusCode).toBe(422);
    expect(three.json().code).toBe(INPUT_CODES.fileOnlyOne);
    const misnamed = await upload('/api/recharge_api', player.token, [
      ...rechargeFields,
      { name: 'comprobante', file: png(await samplePng()) },
    ]);
    expect(misnamed.statusCode).toBe(422);
    expect(misnamed.json().errors).toEqual({ comprobante: [MSG_INPUT.fileWrongField] });
    expect(await countOf(recharges)).toBe(before);
  });

  it('answers a broken form with its own message, and a missing image with "select an image"', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/avatar',
      payload: '--x\r\nContent-Disposition: form-data; name="avatar"\r\n\r\nsin final',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        authorization: `Bearer ${player.token}`,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: MSG_INPUT.multipartMalformed,
      code: INPUT_CODES.multipartMalformed,
    });
    const none = await upload('/api/admin/tables/1/image', admin, [{ name: 'otro', value: 'x' }]);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ image: [MSG_INPUT.imageMissing] });
    const missingTable = await upload('/api/admin/tables/999/image', admin, [
      { name: 'image', file: png(await samplePng()) },
    ]);
    expect(missingTable.statusCode).toBe(404);
    expect(missingTable.json().message).not.toBe(MSG.unexpected);
  });
});
