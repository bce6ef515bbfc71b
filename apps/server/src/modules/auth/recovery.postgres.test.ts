import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@domino/contracts';
import { passwordResetTokens } from '../../db/schema';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, newPlayer, postgresAvailable } from '../../test/helpers';
import type { TestInbox } from '../mail/test-inbox';
import { resetLinkOf, startTestInbox } from '../mail/test-inbox';

/**
 * Password recovery races (decision 006) on real PostgreSQL (PGlite serialises everything, README.md): a recovery link used
 * by many concurrent submissions changes the password exactly once; so does a password change sent
 * several times at once; players saving the same new e-mail or phone at once: one wins, the others
 * get the registration's error, never a 500.
 */
describe('account races on postgres', async () => {
  const skip = !(await postgresAvailable());
  let t: TestApp;
  let inbox: TestInbox;
  beforeAll(async () => {
    if (skip) return;
    inbox = await startTestInbox();
    t = await buildTestApp('postgres', { SMTP_URL: inbox.url });
  });
  afterAll(async () => {
    if (skip) return;
    await t.close();
    await inbox.close();
  });

  const call = (method: 'POST' | 'PATCH', url: string, payload: unknown, token?: string) =>
    t.app.inject({
      method,
      url,
      payload: payload as Record<string, unknown>,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  async function registered() {
    const p = newPlayer();
    const res = await call('POST', '/api/register_api', p);
    expect(res.statusCode).toBe(201);
    return { ...p, token: res.json().token as string, id: res.json().user.id as number };
  }

  it.skipIf(skip)('uses a recovery link once under 10 concurrent submissions', async () => {
    const u = await registered();
    const since = inbox.messages.length;
    expect((await call('POST', '/api/recovery_password', { email: u.email })).statusCode).toBe(200);
    const token = new URL(
      resetLinkOf((await inbox.waitFor(u.email, { since })).raw),
    ).searchParams.get('token');
    const passwords = Array.from({ length: 10 }, (_, i) => `Carrera${i}Clave`);
    const results = await Promise.all(
      passwords.map((password) =>
        call('POST', '/api/reset_password', { token, password, password_confirmation: password }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 410)).toHaveLength(9);
    const winner = passwords[codes.indexOf(200)];
    const logins = await Promise.all(
      passwords.map((password) => call('POST', '/api/login_api', { email: u.email, password })),
    );
    expect(logins.map((r) => r.statusCode === 200)).toEqual(passwords.map((p) => p === winner));
    const rows = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, u.id));
    expect(rows.every((r) => r.usedAt !== null)).toBe(true);
  });

  it.skipIf(skip)(
    'lets one of several concurrent password changes with the same current password win',
    async () => {
      const u = await registered();
      const passwords = Array.from({ length: 5 }, (_, i) => `Paralela${i}Clave`);
      const results = await Promise.all(
        passwords.map((password) =>
          call(
            'POST',
            '/api/user/password',
            { current_password: u.password, password, password_confirmation: password },
            u.token,
          ),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 422)).toHaveLength(4);
      const winner = passwords[codes.indexOf(200)];
      const login = await call('POST', '/api/login_api', { email: u.email, password: winner });
      expect(login.statusCode).toBe(200);
    },
  );

  it.skipIf(skip)('lets one of several players take the same new e-mail at once', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => registered()));
    const email = `carrera_${Date.now()}@example.com`;
    const results = await Promise.all(
      players.map((p) =>
        call(
          'PATCH',
          '/api/user',
          { name: p.name, email, phone: p.phone, current_password: p.password },
          p.token,
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ message: MSG.emailInUse, code: 'auth/email_taken' });
    }
  });

  it.skipIf(skip)('lets one of several players take the same new phone at once', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => registered()));
    const phone = newPlayer().phone;
    const results = await Promise.all(
      players.map((p) =>
        call(
          'PATCH',
          '/api/user',
          { name: p.name, email: p.email, phone, current_password: p.password },
          p.token,
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(422);
      expect(r.json().errors).toEqual({ phone: [MSG.phoneTaken] });
    }
  });
});
