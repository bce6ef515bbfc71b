import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_ACCOUNT, MSG_PHONE, MSG_UPLOADS } from '@domino/contracts';
import { uploads, users } from '../../db/schema';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, newPlayer } from '../../test/helpers';
import { eventually } from '../../test/sockets';

/** The profile of decision 006 (docs/product.md §2 Profile, §5, §8) on PGlite: edit, password change, photo. */
describe('profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    opts: { token?: string; body?: unknown } = {},
  ) =>
    t.app.inject({
      method,
      url,
      ...(opts.body !== undefined ? { payload: opts.body as Record<string, unknown> } : {}),
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    });

  async function registered() {
    const p = newPlayer();
    const res = await send('POST', '/api/register_api', { body: p });
    expect(res.statusCode).toBe(201);
    return { ...p, token: res.json().token as string, id: res.json().user.id as number };
  }

  function avatarForm(data: Buffer, type = 'image/png', field = 'avatar') {
    const boundary = `----perfil${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="foto.png"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  const uploadAvatar = (token: string, data: Buffer, field = 'avatar') => {
    const form = avatarForm(data, 'image/png', field);
    return t.app.inject({
      method: 'POST',
      url: '/api/user/avatar',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${token}` },
    });
  };

  it('saves name, e-mail and phone and returns the updated user', async () => {
    const u = await registered();
    const before = (await send('GET', '/api/user', { token: u.token })).json();
    // A test of timestamps: the edit comes once the clock has passed the last one.
    await eventually(
      'the clock to pass updated_at',
      () => Date.now() > Date.parse(before.updated_at),
    );
    const res = await send('PATCH', '/api/user', {
      token: u.token,
      body: {
        name: '  María José  ',
        email: 'Nueva.Direccion@Example.com',
        phone: '04241234567',
        current_password: u.password,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: u.id,
      name: 'María José',
      email: 'nueva.direccion@example.com',
      phone: '04241234567',
      rol: 'jugador',
      status: 'activo',
      avatar_url: null,
    });
    expect(Date.parse(res.json().updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    const me = (await send('GET', '/api/user', { token: u.token })).json();
    expect(me).toMatchObject({ name: 'María José', phone: '04241234567' });
    const login = await send('POST', '/api/login_api', {
      body: { email: 'nueva.direccion@example.com', password: u.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('applies the registration rules with the docs/product.md §5 messages', async () => {
    const u = await registered();
    const res = await send('PATCH', '/api/user', {
      token: u.token,
      body: { name: '   ', email: 'no-es-correo', phone: '0212123' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: [MSG.nameRequired],
      email: [MSG.emailInvalid],
      phone: [MSG_PHONE.unknownOperator],
    });
    // The phone is optional (docs/product.md §5): absent is no error, unlike name and e-mail.
    const empty = await send('PATCH', '/api/user', { token: u.token, body: {} });
    expect(empty.json().errors).toEqual({
      name: [MSG.nameRequired],
      email: [MSG.emailRequired],
    });
  });

  it('refuses an e-mail (409) or phone (422) of another account', async () => {
    const a = await registered();
    const b = await registered();
    const email = await send('PATCH', '/api/user', {
      token: b.token,
      body: {
        name: b.name,
        email: a.email.toUpperCase(),
        phone: b.phone,
        current_password: b.password,
      },
    });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({
      message: MSG.emailInUse,
      code: 'auth/email_taken',
      errors: { email: [MSG.emailTaken] },
    });
    const phone = await send('PATCH', '/api/user', {
      token: b.token,
      body: { name: b.name, email: b.email, phone: a.phone, current_password: b.password },
    });
    expect(phone.statusCode).toBe(422);
    expect(phone.json().errors).toEqual({ phone: [MSG.phoneTaken] });
    // Keeping one's own e-mail and phone is not a conflict.
    const same = await send('PATCH', '/api/user', {
      token: b.token,
      body: { name: 'Otro Nombre', email: b.email, phone: b.phone },
    });
    expect(same.statusCode).toBe(200);
  });

  it('never changes the role or the status', async () => {
    const u = await registered();
    const body = { name: u.name, email: u.email, phone: u.phone };
    const role = await send('PATCH', '/api/user', {
      token: u.token,
      body: { ...body, rol: 'admin' },
    });
    expect(role.statusCode).toBe(422);
    expect(role.json().errors).toEqual({ rol: [MSG_ACCOUNT.roleNotEditable] });
    const status = await send('PATCH', '/api/user', {
      token: u.token,
      body: { ...body, status: 'suspendido' },
    });
    expect(status.statusCode).toBe(422);
    const unchanged = await send('PATCH', '/api/user', {
      token: u.token,
      body: { ...body, rol: 'jugador', status: 'activo' },
    });
    expect(unchanged.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ rol: 'jugador', status: 'activo' });
    expect((await send('PATCH', '/api/user', { body })).statusCode).toBe(401);
  });

  it('keeps the client-data shape of docs/product.md §7', async () => {
    const u = await registered();
    const res = await send('GET', '/api/client-data', { token: u.token });
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'bank_accounts',
        'email',
        'n_identification',
        'name',
        'phone',
        'type_identification',
        'user',
        'username',
      ].sort(),
    );
  });

  describe('password change', () => {
    it('changes the password, keeps this session and revokes the others', async () => {
      const u = await registered();
      const other = (
        await send('POST', '/api/login_api', { body: { email: u.email, password: u.password } })
      ).json().token as string;
      const res = await send('POST', '/api/user/password', {
        token: u.token,
        body: {
          current_password: u.password,
          password: 'Cambiada789',
          password_confirmation: 'Cambiada789',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: MSG_ACCOUNT.passwordChanged });
      expect((await send('GET', '/api/user', { token: u.token })).statusCode).toBe(200);
      expect((await send('GET', '/api/user', { token: other })).statusCode).toBe(401);
      const oldLogin = await send('POST', '/api/login_api', {
        body: { email: u.email, password: u.password },
      });
      expect(oldLogin.statusCode).toBe(401);
      const newLogin = await send('POST', '/api/login_api', {
        body: { email: u.email, password: 'Cambiada789' },
      });
      expect(newLogin.statusCode).toBe(200);
    });

    it('answers a wrong current password and weak new ones with Spanish 422s', async () => {
      const u = await registered();
      const wrong = await send('POST', '/api/user/password', {
        token: u.token,
        body: {
          current_password: 'NoEsEsta1',
          password: 'Cambiada789',
          password_confirmation: 'Cambiada789',
        },
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ current_password: [MSG_ACCOUNT.currentPasswordWrong] });
      const weak = await send('POST', '/api/user/password', {
        token: u.token,
        body: { current_password: '', password: 'corta', password_confirmation: 'otra' },
      });
      expect(weak.json().errors).toEqual({
        current_password: [MSG_ACCOUNT.currentPasswordRequired],
        password: [MSG.passwordMinLength, MSG.passwordUppercase, MSG.passwordNumber],
        password_confirmation: [MSG.passwordMismatch],
      });
      const same = await send('POST', '/api/user/password', {
        token: u.token,
        body: {
          current_password: u.password,
          password: u.password,
          password_confirmation: u.password,
        },
      });
      expect(same.json().errors).toEqual({ password: [MSG_ACCOUNT.newPasswordSameAsCurrent] });
    });

    it('blocks after 5 wrong current passwords with a Spanish 429', async () => {
      const u = await registered();
      const attempt = (current: string) =>
        send('POST', '/api/user/password', {
          token: u.token,
          body: {
            current_password: current,
            password: 'Cambiada789',
            password_confirmation: 'Cambiada789',
          },
        });
      for (let i = 0; i < 5; i++) expect((await attempt(`Mala${i}Clave`)).statusCode).toBe(422);
      const blocked = await attempt(u.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        message: MSG_ACCOUNT.tooManyPasswordAttempts,
        code: 'rate/limited',
      });
    });
  });

  describe('profile photo', () => {
    const photo = () =>
      sharp({ create: { width: 640, height: 400, channels: 4, background: '#1f7a4a80' } })
        .png()
        .toBuffer();

    it('stores a 256 px square JPEG and serves it publicly with long caching', async () => {
      const u = await registered();
      const res = await uploadAvatar(u.token, await photo());
      expect(res.statusCode, res.body).toBe(200);
      const url = res.json().avatar_url as string;
      expect(url).toMatch(/^\/api\/avatars\/\d+-[0-9a-f]{32}\.jpg$/);
      expect((await send('GET', '/api/user', { token: u.token })).json().avatar_url).toBe(url);
      const login = await send('POST', '/api/login_api', {
        body: { email: u.email, password: u.password },
      });
      expect(login.json().user.avatar_url).toBe(url);

      const img = await t.app.inject({ method: 'GET', url });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/jpeg');
      expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(img.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
      expect(meta.exif).toBeUndefined();
      // A wrong key or a guessed id is not served.
      const guessed = url.replace(/-[0-9a-f]{32}/, `-${'0'.repeat(32)}`);
      expect((await t.app.inject({ method: 'GET', url: guessed })).statusCode).toBe(404);
    });

    it('replaces the previous photo and can remove it', async () => {
      const u = await registered();
      const first = (await uploadAvatar(u.token, await photo())).json().avatar_url as string;
      const second = await uploadAvatar(
        u.token,
        await sharp({ create: { width: 300, height: 300, channels: 3, background: '#a70' } })
          .jpeg()
          .toBuffer(),
      );
      expect(second.json().avatar_url).not.toBe(first);
      expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
      const owned = await t.database.db.select().from(uploads).where(eq(uploads.ownerUserId, u.id));
      expect(owned).toHaveLength(1);
      const removed = await send('DELETE', '/api/user/avatar', { token: u.token });
      expect(removed.json().avatar_url).toBeNull();
      const left = await t.database.db.select().from(uploads).where(eq(uploads.ownerUserId, u.id));
      expect(left).toHaveLength(0);
    });

    it('refuses what is not an image, with the proofs Spanish messages', async () => {
      const u = await registered();
      const text = await uploadAvatar(u.token, Buffer.from('<?php echo 1; ?>'));
      expect(text.statusCode).toBe(422);
      expect(text.json().errors).toEqual({ avatar: [MSG_UPLOADS.notAnImage] });
      const missing = await uploadAvatar(u.token, await photo(), 'otro');
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({ avatar: [MSG_ACCOUNT.avatarRequired] });
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/user/avatar' });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
