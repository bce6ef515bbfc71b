import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_ACCOUNT } from '@domino/contracts';
import { authTokens, passwordResetTokens, users } from '../../db/schema';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, newPlayer } from '../../test/helpers';
import type { TestInbox } from '../mail/test-inbox';
import { mailBody, mailSubject, resetLinkOf, startTestInbox } from '../mail/test-inbox';
import { hashToken } from './tokens';

/**
 * Password recovery (docs/product.md §2, §5, §8; decision 006) on PGlite, with the mail received by an in-process
 * SMTP server. The concurrent single-use check runs on real PostgreSQL in recovery.postgres.test.ts.
 */
describe('password recovery by e-mail', () => {
  let t: TestApp;
  let inbox: TestInbox;
  let ipSeq = 0;
  /** Each test gets its own client address so the per-address limit only bites where tested. */
  const nextIp = () => `10.1.0.${++ipSeq}`;

  beforeAll(async () => {
    inbox = await startTestInbox();
    t = await buildTestApp('pglite', {
      SMTP_URL: inbox.url,
      PUBLIC_URL: 'https://domino.example/',
      MAIL_FROM: 'Dominó <no-responder@domino.example>',
    });
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  const post = (url: string, payload: unknown, opts: { token?: string; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
      remoteAddress: opts.ip ?? '10.0.0.1',
    });

  async function registered() {
    const p = newPlayer({ name: 'Ana Rodríguez' });
    const res = await post('/api/register_api', p);
    expect(res.statusCode).toBe(201);
    return { ...p, token: res.json().token as string, id: res.json().user.id as number };
  }

  /** Requests a link for `email` and returns the link from the mail received. */
  async function recover(email: string, ip = nextIp()) {
    const since = inbox.messages.length;
    const res = await post('/api/recovery_password', { email }, { ip });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await inbox.waitFor(email, { since });
    return { link: resetLinkOf(mail.raw), mail };
  }
  const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

  it('e-mails a Spanish message with a single-use link to /reset-password', async () => {
    const u = await registered();
    const { link, mail } = await recover(u.email.toUpperCase());
    expect(mail.to).toEqual([u.email]);
    expect(mail.from).toBe('no-responder@domino.example');
    expect(mailSubject(mail.raw)).toBe('Recupera tu contraseña de Dominó');
    expect(link).toMatch(/^https:\/\/domino\.example\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    const text = mailBody(mail.raw, 'text/plain') ?? '';
    expect(text).toContain('Hola, Ana Rodríguez:');
    expect(text).toContain('válido durante 60 minutos');
    expect(text).toContain('Si no solicitaste este cambio, ignora este correo');
    const html = mailBody(mail.raw, 'text/html') ?? '';
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('Dominó');
    // Only the SHA-256 of the token is stored, valid 60 minutes.
    const [row] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, u.id));
    expect(row?.tokenHash).toBe(hashToken(tokenOf(link)));
    expect(row?.tokenHash).not.toContain(tokenOf(link));
    const minutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60.1);
  });

  it('answers 200 with the catalogue message, 404 for an unknown e-mail, 422 for bad input', async () => {
    const u = await registered();
    const ok = await post('/api/recovery_password', { email: u.email }, { ip: nextIp() });
    expect(ok.json()).toEqual({ message: MSG.recoverySent });
    const unknown = await post(
      '/api/recovery_password',
      { email: 'nadie@example.com' },
      { ip: nextIp() },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: MSG.recoveryNotFound, code: 'recovery/not_found' });
    const empty = await post('/api/recovery_password', {}, { ip: nextIp() });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ email: [MSG.emailRequired] });
    const bad = await post('/api/recovery_password', { email: 'no-es-correo' }, { ip: nextIp() });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ email: [MSG.emailInvalid] });
  });

  it('limits requests to 3 per e-mail and 10 per address in 15 minutes with the catalogue 429', async () => {
    const u = await registered();
    for (let i = 0; i < 3; i++) await recover(u.email);
    const blocked = await post('/api/recovery_password', { email: u.email }, { ip: nextIp() });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: MSG.recoveryTooMany, code: 'rate/limited' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (await post('/api/recovery_password', { email: `x${i}@nadie.com` }, { ip })).statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c === 404)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('resets the password once, revokes every session, and the old password stops working', async () => {
    const u = await registered();
    const other = await post('/api/login_api', { email: u.email, password: u.password });
    const { link } = await recover(u.email);
    const token = tokenOf(link);

    const res = await post('/api/reset_password', {
      token,
      password: 'NuevaClave456',
      password_confirmation: 'NuevaClave456',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG_ACCOUNT.resetDone });

    for (const session of [u.token, other.json().token as string]) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { authorization: `Bearer ${session}` },
      });
      expect(me.statusCode).toBe(401);
    }
    const oldLogin = await post('/api/login_api', { email: u.email, password: u.password });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await post('/api/login_api', { email: u.email, password: 'NuevaClave456' });
    expect(newLogin.statusCode).toBe(200);

    const again = await post('/api/reset_password', {
      token,
      password: 'OtraClave789',
      password_confirmation: 'OtraClave789',
    });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({
      message: MSG_ACCOUNT.resetTokenInvalid,
      code: 'recovery/invalid_token',
    });
  });

  it('applies the registration password rules and refuses unknown or malformed tokens', async () => {
    const weak = await post('/api/reset_password', {
      token: 'x'.repeat(43),
      password: 'abc',
      password_confirmation: 'abd',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors).toEqual({
      password: [MSG.passwordMinLength, MSG.passwordUppercase, MSG.passwordNumber],
      password_confirmation: [MSG.passwordMismatch],
    });
    const malformed = await post('/api/reset_password', {
      token: 'corto',
      password: 'NuevaClave456',
      password_confirmation: 'NuevaClave456',
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({ token: [MSG_ACCOUNT.tokenRequired] });
    const unknown = await post('/api/reset_password', {
      token: 'A'.repeat(43),
      password: 'NuevaClave456',
      password_confirmation: 'NuevaClave456',
    });
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json().code).toBe('recovery/invalid_token');
  });

  it('refuses an expired link with its own message and leaves the password alone', async () => {
    const u = await registered();
    const { link } = await recover(u.email);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, u.id));
    const res = await post('/api/reset_password', {
      token: tokenOf(link),
      password: 'NuevaClave456',
      password_confirmation: 'NuevaClave456',
    });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({
      message: MSG_ACCOUNT.resetTokenExpired,
      code: 'recovery/expired_token',
    });
    expect(
      (await post('/api/login_api', { email: u.email, password: u.password })).statusCode,
    ).toBe(200);
  });

  it('tells whether a link still works without using it', async () => {
    const u = await registered();
    const { link } = await recover(u.email);
    const token = tokenOf(link);
    const check = await post('/api/reset_password/check', { token });
    expect(check.statusCode).toBe(200);
    expect(check.json().valid).toBe(true);
    const minutes = (Date.parse(check.json().expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    // Checking twice does not use it up.
    expect((await post('/api/reset_password/check', { token })).statusCode).toBe(200);
    await post('/api/reset_password', {
      token,
      password: 'NuevaClave456',
      password_confirmation: 'NuevaClave456',
    });
    const used = await post('/api/reset_password/check', { token });
    expect(used.statusCode).toBe(410);
    expect(used.json().message).toBe(MSG_ACCOUNT.resetTokenInvalid);
    const malformed = await post('/api/reset_password/check', { token: 'x' });
    expect(malformed.statusCode).toBe(422);
  });

  it('blocks an address after 20 dead links with a Spanish 429', async () => {
    const ip = nextIp();
    const body = { password: 'NuevaClave456', password_confirmation: 'NuevaClave456' };
    for (let i = 0; i < 20; i++) {
      const token = `${String(i).padStart(2, '0')}${'B'.repeat(41)}`;
      const res = await post('/api/reset_password/check', { token }, { ip });
      expect(res.statusCode).toBe(410);
    }
    const blocked = await post('/api/reset_password', { ...body, token: 'C'.repeat(43) }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: MSG_ACCOUNT.tooManyResetAttempts,
      code: 'rate/limited',
    });
  });

  it('documents the recovery endpoints in OpenAPI', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    for (const path of [
      '/api/recovery_password',
      '/api/reset_password',
      '/api/reset_password/check',
      '/api/user/password',
      '/api/user/avatar',
      '/api/avatars/{file}',
    ])
      expect(Object.keys(doc.paths)).toContain(path);
    expect(Object.keys(doc.paths['/api/user'])).toEqual(expect.arrayContaining(['get', 'patch']));
    expect(doc.paths['/api/recovery_password'].post.responses).toHaveProperty('404');
  });

  it('cancels the older link when a newer one is sent', async () => {
    const u = await registered();
    const first = await recover(u.email);
    const second = await recover(u.email);
    const body = { password: 'NuevaClave456', password_confirmation: 'NuevaClave456' };
    const old = await post('/api/reset_password', { ...body, token: tokenOf(first.link) });
    expect(old.statusCode).toBe(410);
    const fresh = await post('/api/reset_password', { ...body, token: tokenOf(second.link) });
    expect(fresh.statusCode).toBe(200);
  });

  it('sends no link to a suspended account and refuses a link issued before the suspension', async () => {
    const u = await registered();
    const { link } = await recover(u.email);
    await t.database.db.update(users).set({ status: 'suspendido' }).where(eq(users.id, u.id));
    const ask = await post('/api/recovery_password', { email: u.email }, { ip: nextIp() });
    expect(ask.statusCode).toBe(403);
    expect(ask.json()).toEqual({ message: MSG.accountSuspended, code: 'auth/suspended' });
    const reset = await post('/api/reset_password', {
      token: tokenOf(link),
      password: 'NuevaClave456',
      password_confirmation: 'NuevaClave456',
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().code).toBe('auth/suspended');
  });

  it('answers 503 in Spanish when the mail server refuses, and keeps no usable link', async () => {
    const u = await registered();
    const before = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, u.id));
    inbox.rejectWith = 'mailbox unavailable';
    try {
      const res = await post('/api/recovery_password', { email: u.email }, { ip: nextIp() });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: MSG_ACCOUNT.recoveryMailFailed,
        code: 'mail/unavailable',
      });
    } finally {
      inbox.rejectWith = null;
    }
    const after = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, u.id));
    expect(after).toHaveLength(before.length);
  });

  it('leaves no live session of the user after a reset', async () => {
    const u = await registered();
    const { link } = await recover(u.email);
    await post('/api/reset_password', {
      token: tokenOf(link),
      password: 'NuevaClave456',
      password_confirmation: 'NuevaClave456',
    });
    const live = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(authTokens)
      .where(sql`${authTokens.userId} = ${u.id} and ${authTokens.revokedAt} is null`);
    expect(live[0]?.n).toBe(0);
  });
});
