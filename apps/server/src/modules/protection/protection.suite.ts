import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminWithdrawal } from '@domino/contracts';
import {
  AUDIT_ACTION_LABELS,
  LOGIN_LIMITS,
  MSG,
  MSG_ACCOUNT,
  MSG_PROTECTION,
  WITHDRAWAL_REVIEW_HOURS,
} from '@domino/contracts';
import { accountChanges, auditLog, loginDevices, users, withdrawals } from '../../db/schema';
import { backoffSeconds, deviceHash } from './login-guard';
import type { DbKind, TestApp } from '../../test/helpers';
import { buildTestApp, newPlayer, postgresAvailable } from '../../test/helpers';
import type { TestInbox } from '../mail/test-inbox';
import { mailBody, mailSubject, startTestInbox } from '../mail/test-inbox';
import { liftIdentityGate } from '../../test/identity-helpers';

/**
 * Account protection of docs/decisions/013, run on PGlite and on real PostgreSQL by
 * the two *.test.ts files beside this one: the current password for e-mail, phone and bank-account
 * changes, their notices and records, the 24-hour withdrawal review, the one availability counter
 * and the login lockout per (account, address). Assertions are on what clients, staff and the
 * mailbox see, and on the records the server keeps.
 */

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; SM-A145M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

/** A fresh private address per call, so tests never share a limiter key. */
function address(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export function protectionSuite(kind: DbKind): void {
  describe(`account protection on ${kind}`, async () => {
    const skip = kind === 'postgres' && !(await postgresAvailable());
    let t: TestApp;
    let inbox: TestInbox;
    let admin: string;
    let bank0102: number;

    beforeAll(async () => {
      if (skip) return;
      inbox = await startTestInbox();
      // The production availability limit (the suite stays far below it from the default address).
      t = await buildTestApp(kind, {
        SMTP_URL: inbox.url,
        AVAILABILITY_LIMIT_PER_MINUTE: '60',
        PUBLIC_URL: 'http://domino.test',
      });
      admin = (await send('POST', '/api/login_api', { body: adminLogin() })).json().token;
      await liftIdentityGate(t, admin);
      const banks = (await send('GET', '/api/banks')).json() as { id: number; code: string }[];
      bank0102 = banks.find((b) => b.code === '0102')!.id;
    });
    afterAll(async () => {
      if (skip) return;
      await t.close();
      await inbox.close();
    });

    const adminLogin = () => ({ email: t.config.ADMIN_EMAIL, password: t.config.ADMIN_PASSWORD });

    function send(
      method: 'GET' | 'POST' | 'PATCH',
      url: string,
      opts: { token?: string; body?: unknown; ip?: string; agent?: string; cookie?: string } = {},
    ) {
      const headers: Record<string, string> = {};
      if (opts.cookie) headers.cookie = opts.cookie;
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.agent) headers['user-agent'] = opts.agent;
      return t.app.inject({
        method,
        url,
        headers,
        remoteAddress: opts.ip ?? '127.0.0.1',
        ...(opts.body !== undefined ? { payload: opts.body as Record<string, unknown> } : {}),
      });
    }

    async function registered(ip?: string) {
      const p = newPlayer();
      const res = await send('POST', '/api/register_api', { body: p, ...(ip ? { ip } : {}) });
      expect(res.statusCode, res.body).toBe(201);
      return { ...p, token: res.json().token as string, id: res.json().user.id as number };
    }
    type Player = Awaited<ReturnType<typeof registered>>;

    const profile = (p: Player, extra: Record<string, unknown> = {}) => ({
      name: p.name,
      email: p.email,
      phone: p.phone,
      ...extra,
    });
    const newPhone = () => `0424${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    const row = async (id: number) =>
      (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
    const changesOf = (id: number) =>
      t.database.db.select().from(accountChanges).where(eq(accountChanges.userId, id));
    const auditOf = (id: number) =>
      t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(id))));

    async function fund(p: Player, amount: number) {
      const res = await send('POST', `/api/admin/users/${p.id}/adjustments`, {
        token: admin,
        body: { amount, reason: 'Saldo de prueba' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const withdraw = (p: Player, amount: number) =>
      send('POST', '/api/withdraw_api', {
        token: p.token,
        body: { amount, bank_account: bank0102 },
      });
    const balance = async (p: Player) =>
      (await send('GET', '/api/user/balance', { token: p.token })).json().balance as number;
    const queueItem = async (id: number) => {
      const queue = (
        await send('GET', '/api/admin/withdrawals', { token: admin })
      ).json() as AdminWithdrawal[];
      const item = queue.find((w) => w.id === id);
      if (!item) throw new Error(`withdrawal ${id} is not in the staff queue`);
      return item;
    };

    it.skipIf(skip)(
      'changes the name without a password but refuses an e-mail or phone change without the right one',
      async () => {
        const p = await registered();
        const renamed = await send('PATCH', '/api/user', {
          token: p.token,
          body: profile(p, { name: 'Solo Nombre' }),
        });
        expect(renamed.statusCode, renamed.body).toBe(200);
        expect(renamed.json().name).toBe('Solo Nombre');

        const missing = await send('PATCH', '/api/user', {
          token: p.token,
          body: profile(p, { email: 'ladron@example.com' }),
        });
        expect(missing.statusCode).toBe(422);
        expect(missing.json()).toEqual({
          message: MSG_PROTECTION.currentPasswordForContact,
          code: 'validation/failed',
          errors: { current_password: [MSG_PROTECTION.currentPasswordForContact] },
        });
        const wrong = await send('PATCH', '/api/user', {
          token: p.token,
          body: profile(p, { phone: newPhone(), current_password: 'NoEsLaMia1' }),
        });
        expect(wrong.statusCode).toBe(422);
        expect(wrong.json().errors).toEqual({
          current_password: [MSG_ACCOUNT.currentPasswordWrong],
        });
        expect(await row(p.id)).toMatchObject({ email: p.email, phone: p.phone });
        expect(await changesOf(p.id)).toEqual([]);

        const phone = newPhone();
        const ok = await send('PATCH', '/api/user', {
          token: p.token,
          body: profile(p, { phone, current_password: p.password }),
        });
        expect(ok.statusCode, ok.body).toBe(200);
        expect(ok.json().phone).toBe(phone);
      },
    );

    it.skipIf(skip)(
      'keeps the phone when it is absent or null (docs/product.md §5 optional) and refuses a blank one',
      async () => {
        const p = await registered();
        for (const body of [
          { name: 'Sin Teléfono', email: p.email },
          { name: 'Teléfono Nulo', email: p.email, phone: null },
        ]) {
          const res = await send('PATCH', '/api/user', { token: p.token, body });
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json()).toMatchObject({ name: body.name, phone: p.phone });
        }
        const blank = await send('PATCH', '/api/user', {
          token: p.token,
          body: { name: p.name, email: p.email, phone: '  ' },
        });
        expect(blank.statusCode).toBe(422);
        expect(blank.json().errors).toEqual({ phone: [MSG_PROTECTION.phoneNotRemovable] });
        expect((await row(p.id)).phone).toBe(p.phone);
        expect(await changesOf(p.id)).toEqual([]);
      },
    );

    it.skipIf(skip)(
      'counts wrong passwords of profile, bank-account and password changes together: 429 after 5',
      async () => {
        const p = await registered();
        const bank = {
          bank_name: '0102',
          account_number: `0102${String(randomInt(0, 10 ** 9)).padStart(16, '0')}`,
          account_type: 'ahorro',
          account_holder: p.name,
        };
        for (let i = 0; i < 3; i++) {
          const res = await send('PATCH', '/api/user', {
            token: p.token,
            body: profile(p, { email: `otro${i}@example.com`, current_password: `Mala${i}Clave` }),
          });
          expect(res.statusCode).toBe(422);
        }
        for (let i = 0; i < 2; i++) {
          const res = await send('POST', '/api/bank-accounts', {
            token: p.token,
            body: { ...bank, current_password: `Mala${i}Clave` },
          });
          expect(res.statusCode).toBe(422);
          expect(res.json().errors.current_password).toEqual([MSG_ACCOUNT.currentPasswordWrong]);
        }
        // Even the right password is refused now, on every path that checks it.
        const blocked = await send('POST', '/api/bank-accounts', {
          token: p.token,
          body: { ...bank, current_password: p.password },
        });
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json()).toEqual({
          message: MSG_PROTECTION.tooManyPasswordChecks,
          code: 'rate/limited',
        });
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
        const patch = await send('PATCH', '/api/user', {
          token: p.token,
          body: profile(p, { email: 'otro@example.com', current_password: p.password }),
        });
        expect(patch.statusCode).toBe(429);
        const change = await send('POST', '/api/user/password', {
          token: p.token,
          body: {
            current_password: p.password,
            password: 'Cambiada789',
            password_confirmation: 'Cambiada789',
          },
        });
        expect(change.statusCode).toBe(429);
        expect(await row(p.id)).toMatchObject({ email: p.email });
        expect(
          (await send('GET', '/api/client-data', { token: p.token })).json().bank_accounts,
        ).toEqual([]);
      },
    );

    it.skipIf(skip)(
      'e-mails the old address about an e-mail change: what, when, from where, and what to do',
      async () => {
        const p = await registered();
        const since = inbox.messages.length;
        const newEmail = `nuevo_${randomInt(0, 1e9)}@example.com`;
        const res = await send('PATCH', '/api/user', {
          token: p.token,
          ip: '10.20.30.40',
          agent: ANDROID_CHROME,
          body: profile(p, { email: newEmail, current_password: p.password }),
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().email).toBe(newEmail);
        const mail = await inbox.waitFor(p.email, { since });
        expect(mailSubject(mail.raw)).toBe(
          'Aviso de seguridad: cambiaron datos de tu cuenta de Dominó',
        );
        const text = mailBody(mail.raw, 'text/plain') ?? '';
        expect(text).toContain(`- Correo electrónico: ahora es ${newEmail}`);
        expect(text).toMatch(/Cuándo: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(hora de Venezuela\)/);
        expect(text).toContain('Desde: Chrome en Android, dirección IP 10.20.30.40');
        expect(text).toContain('los retiros que se soliciten en las próximas 24 horas');
        expect(text).toContain('Si no fuiste tú');
        expect(text).toContain('http://domino.test/login');
        // The notice goes to the old address only: whoever changed it already knows the new one.
        expect(inbox.messages.slice(since).some((m) => m.to.includes(newEmail))).toBe(false);
      },
    );

    it.skipIf(skip)(
      'asks for the password to add a bank account and e-mails the account about phone and bank changes',
      async () => {
        const p = await registered();
        const bank = {
          bank_name: '0102',
          account_number: `0102${String(randomInt(0, 10 ** 9)).padStart(12, '0')}2345`,
          account_type: 'ahorro',
          account_holder: p.name,
        };
        const missing = await send('POST', '/api/bank-accounts', { token: p.token, body: bank });
        expect(missing.statusCode).toBe(422);
        expect(missing.json().errors).toEqual({
          current_password: [MSG_PROTECTION.currentPasswordForBank],
        });
        const numeric = await send('POST', '/api/bank-accounts', {
          token: p.token,
          body: { ...bank, current_password: 12345678 },
        });
        expect(numeric.statusCode).toBe(422);
        expect(numeric.json().errors).toEqual({
          current_password: [MSG_PROTECTION.currentPasswordForBank],
        });
        const since = inbox.messages.length;
        const ok = await send('POST', '/api/bank-accounts', {
          token: p.token,
          ip: '10.9.8.7',
          body: { ...bank, current_password: p.password },
        });
        expect(ok.statusCode, ok.body).toBe(201);
        const bankMail = mailBody((await inbox.waitFor(p.email, { since })).raw, 'text/plain');
        expect(bankMail).toMatch(/- Cuenta bancaria nueva: .+, terminada en 2345/);
        expect(bankMail).toContain('dirección IP 10.9.8.7');

        const phone = newPhone();
        const afterBank = inbox.messages.length;
        await send('PATCH', '/api/user', {
          token: p.token,
          body: profile(p, { phone, current_password: p.password }),
        });
        const phoneMail = mailBody(
          (await inbox.waitFor(p.email, { since: afterBank })).raw,
          'text/plain',
        );
        expect(phoneMail).toContain(
          `- Teléfono de Pago Móvil: ahora es ${phone.slice(0, 4)}-***${phone.slice(7)}`,
        );
        expect(phoneMail).not.toContain(phone);
      },
    );

    it.skipIf(skip)(
      'records each change with when and where, and an audit row the staff console labels',
      async () => {
        const p = await registered();
        const email = `auditado_${randomInt(0, 1e9)}@example.com`;
        const phone = newPhone();
        await send('PATCH', '/api/user', {
          token: p.token,
          ip: '10.1.1.1',
          agent: ANDROID_CHROME,
          body: { name: p.name, email, phone, current_password: p.password },
        });
        const changes = await changesOf(p.id);
        expect(changes.map((c) => c.kind).sort()).toEqual(['email', 'phone']);
        for (const c of changes) {
          expect(c).toMatchObject({ ip: '10.1.1.1', userAgent: ANDROID_CHROME });
          expect(Date.now() - c.createdAt.getTime()).toBeLessThan(60_000);
        }
        const rows = await auditOf(p.id);
        const byAction = Object.fromEntries(rows.map((r) => [r.action, r]));
        expect(byAction['account.email_change']).toMatchObject({
          actorUserId: p.id,
          before: { email: p.email },
          after: { email },
        });
        expect(byAction['account.phone_change']).toMatchObject({
          before: { phone: p.phone },
          after: { phone },
        });
        expect(byAction['account.phone_change']?.reason).toContain('10.1.1.1 (Chrome en Android)');
        const listed = (
          await send('GET', `/api/admin/audit?target_type=user&target_id=${p.id}`, { token: admin })
        ).json();
        expect(listed.entries.map((e: { action: string }) => e.action).sort()).toEqual([
          'account.email_change',
          'account.phone_change',
        ]);
        expect(listed.entries[0].actor).toMatchObject({ id: p.id, email });
        expect(AUDIT_ACTION_LABELS['account.email_change']).toBe('Correo cambiado por el jugador');
      },
    );

    it.skipIf(skip)(
      'puts a withdrawal requested after a change under review, shows why, and makes staff acknowledge it to pay',
      async () => {
        const p = await registered();
        await fund(p, 2000);
        const before = (await send('GET', '/api/withdraw_review', { token: p.token })).json();
        expect(before).toEqual({ under_review: false, review: null });

        const phone = newPhone();
        await send('PATCH', '/api/user', {
          token: p.token,
          body: profile(p, { phone, current_password: p.password }),
        });
        const [change] = await changesOf(p.id);
        const until = new Date(change!.createdAt.getTime() + WITHDRAWAL_REVIEW_HOURS * 3_600_000);
        const now = (await send('GET', '/api/withdraw_review', { token: p.token })).json();
        expect(now.under_review).toBe(true);
        expect(now.review.changes).toEqual([
          { kind: 'phone', at: change!.createdAt.toISOString() },
        ]);
        expect(now.review.until).toBe(until.toISOString());
        expect(now.review.message).toMatch(
          /^En revisión por un cambio reciente en tu cuenta: teléfono de Pago Móvil/,
        );

        const res = await withdraw(p, 600);
        expect(res.statusCode, res.body).toBe(201);
        const { id, review, message } = res.json();
        expect(review).toEqual(now.review);
        // Not "en cuestión de minutos": it waits for staff, and the message says so.
        expect(message).toBe(MSG_PROTECTION.withdrawSentUnderReview);
        expect(await balance(p)).toBe(1400);
        const [stored] = await t.database.db
          .select()
          .from(withdrawals)
          .where(eq(withdrawals.id, id));
        expect(stored).toMatchObject({ payoutPhone: phone, reviewUntil: until });

        // The player's transaction detail says it is under review, why and until when.
        const txs = (await send('GET', '/api/transactions', { token: p.token })).json();
        const item = txs.transactions.find((x: { id: string }) => x.id === `W-${id}`);
        expect(item.status).toBe('pending');
        expect(item.details['Revisión']).toBe(now.review.message);

        // Staff see the flag with the change, and paying without acknowledging it is refused.
        const flagged = await queueItem(id);
        expect(flagged.review).toMatchObject({
          changes: now.review.changes,
          until: until.toISOString(),
          acknowledged_by: null,
          acknowledged_at: null,
        });
        expect(flagged.review?.message).toContain('teléfono de Pago Móvil el ');
        const refused = await send('POST', `/api/admin/withdrawals/${id}/pay`, {
          token: admin,
          body: { payout_reference: 'PAGO123' },
        });
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({
          message: MSG_PROTECTION.reviewRequired,
          code: 'payments/review_required',
        });
        expect((await queueItem(id)).status).toBe('pendiente');
        const odd = await send('POST', `/api/admin/withdrawals/${id}/pay`, {
          token: admin,
          body: { payout_reference: 'PAGO123', review_acknowledged: 'sí' },
        });
        expect(odd.statusCode).toBe(422);
        expect(odd.json().errors).toEqual({
          review_acknowledged: [MSG_PROTECTION.reviewAcknowledgeRequired],
        });

        const paid = await send('POST', `/api/admin/withdrawals/${id}/pay`, {
          token: admin,
          body: { payout_reference: 'PAGO123', review_acknowledged: true },
        });
        expect(paid.statusCode, paid.body).toBe(200);
        const after = await queueItem(id);
        expect(after.status).toBe('completado');
        expect(after.review).toMatchObject({ acknowledged_by: 'Administrador' });
        expect(Date.parse(String(after.review?.acknowledged_at))).not.toBeNaN();
        expect(await balance(p)).toBe(1400);
        const [payAudit] = await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'withdrawal.pay'), eq(auditLog.targetId, String(id))));
        expect(payAudit?.after).toMatchObject({
          status: 'completado',
          review_acknowledged: true,
          review_changes: now.review.changes,
        });
        const detail = (await send('GET', '/api/transactions', { token: p.token }))
          .json()
          .transactions.find((x: { id: string }) => x.id === `W-${id}`);
        expect(detail.details['Revisión']).toBe(
          'Revisado por el personal por un cambio reciente en tu cuenta: teléfono de Pago Móvil.',
        );
      },
    );

    it.skipIf(skip)(
      'reviews only withdrawals within 24 hours of a change; others pay without acknowledgement',
      async () => {
        const plain = await registered();
        await fund(plain, 1000);
        const free = await withdraw(plain, 500);
        expect(free.json().review).toBeNull();
        expect(free.json().message).toBe(MSG.withdrawSent);
        expect((await queueItem(free.json().id)).review).toBeNull();
        const paid = await send('POST', `/api/admin/withdrawals/${free.json().id}/pay`, {
          token: admin,
          body: { payout_reference: 'PAGO777' },
        });
        expect(paid.statusCode).toBe(200);

        const old = await registered();
        await fund(old, 1000);
        await t.database.db.insert(accountChanges).values({
          userId: old.id,
          kind: 'email',
          createdAt: sql`now() - interval '25 hours'` as unknown as Date,
        });
        expect((await withdraw(old, 500)).json().review).toBeNull();
        await t.database.db.insert(accountChanges).values({
          userId: old.id,
          kind: 'bank_account',
          createdAt: sql`now() - interval '23 hours'` as unknown as Date,
        });
        const recent = (await withdraw(old, 500)).json();
        expect(recent.review.changes.map((c: { kind: string }) => c.kind)).toEqual([
          'bank_account',
        ]);
        const untilMs = Date.parse(recent.review.until) - Date.now();
        expect(untilMs).toBeGreaterThan(3_590_000 - 60_000);
        expect(untilMs).toBeLessThan(3_600_000 + 60_000);
        // Rejecting a flagged withdrawal needs no acknowledgement: the money goes back.
        const rejected = await send('POST', `/api/admin/withdrawals/${recent.id}/reject`, {
          token: admin,
          body: { reason: 'No pudimos verificar el cambio' },
        });
        expect(rejected.statusCode).toBe(200);
        expect(await balance(old)).toBe(500);
      },
    );

    it.skipIf(skip)(
      'spends one availability counter per address for check_*, registrations, password recovery and profile e-mail or phone edits',
      async () => {
        const ip = address();
        const owner = await registered(address());
        for (let i = 0; i < 57; i++) {
          const res = await send('POST', '/api/check_email', {
            ip,
            body: { email: `libre${i}_${randomInt(0, 1e9)}@example.com` },
          });
          expect(res.statusCode).toBe(200);
        }
        // Password recovery answers the same question (404 for an unknown e-mail): it counts.
        const unknown = await send('POST', '/api/recovery_password', {
          ip,
          body: { email: `nadie_${randomInt(0, 1e9)}@example.com` },
        });
        expect(unknown.statusCode).toBe(404); // 58
        const p = newPlayer();
        expect((await send('POST', '/api/register_api', { ip, body: p })).statusCode).toBe(201); // 59
        const patched = await send('PATCH', '/api/user', {
          token: owner.token,
          ip,
          body: profile(owner, {
            email: `cambio_${randomInt(0, 1e9)}@example.com`,
            current_password: owner.password,
          }),
        });
        expect(patched.statusCode, patched.body).toBe(200); // 60

        const check = await send('POST', '/api/check_phone', { ip, body: { phone: newPhone() } });
        expect(check.statusCode).toBe(429);
        expect(check.json()).toEqual({ message: MSG.tooManyRequests, code: 'rate/limited' });
        const recovery = await send('POST', '/api/recovery_password', {
          ip,
          body: { email: owner.email },
        });
        expect(recovery.statusCode).toBe(429);
        expect(recovery.json()).toEqual({ message: MSG.recoveryTooMany, code: 'rate/limited' });
        const late = newPlayer();
        const register = await send('POST', '/api/register_api', { ip, body: late });
        expect(register.statusCode).toBe(429);
        expect(register.json().message).toBe(MSG.tooManyRequests);
        const [lateRow] = await t.database.db
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = ${late.email}`);
        expect(lateRow).toBeUndefined();
        const phone = await send('PATCH', '/api/user', {
          token: owner.token,
          ip,
          body: {
            name: owner.name,
            email: patched.json().email,
            phone: newPhone(),
            current_password: owner.password,
          },
        });
        expect(phone.statusCode).toBe(429);
        expect((await row(owner.id)).phone).toBe(owner.phone);
        // A profile edit that does not touch the e-mail or phone asks nothing and still works.
        const rename = await send('PATCH', '/api/user', {
          token: owner.token,
          ip,
          body: { name: 'Nombre Nuevo', email: patched.json().email },
        });
        expect(rename.statusCode).toBe(200);

        // Another address has its own counter, and a registration spends it too.
        const other = address();
        expect(
          (await send('POST', '/api/register_api', { ip: other, body: newPlayer() })).statusCode,
        ).toBe(201);
        for (let i = 0; i < 59; i++)
          await send('POST', '/api/check_email', {
            ip: other,
            body: { email: `x${i}@example.com` },
          });
        expect(
          (await send('POST', '/api/check_email', { ip: other, body: { email: 'y@example.com' } }))
            .statusCode,
        ).toBe(429);
      },
    );

    it.skipIf(skip)(
      "makes unknown devices back off an account's guesses while its owner's browser signs in",
      async () => {
        const p = newPlayer();
        const reg = await send('POST', '/api/register_api', { body: p });
        expect(reg.statusCode).toBe(201);
        // Registration leaves the browser's sign-in cookie, scoped to the sign-in endpoint.
        const setCookie = String(reg.headers['set-cookie']);
        expect(setCookie).toMatch(/^domino_device=[A-Za-z0-9_-]{43};/);
        expect(setCookie).toContain('Path=/api/login_api');
        expect(setCookie).toContain('HttpOnly');
        expect(setCookie).toContain('SameSite=Strict');
        const cookie = setCookie.split(';')[0]!;
        const [stored] = await t.database.db
          .select()
          .from(loginDevices)
          .where(eq(loginDevices.userId, reg.json().user.id));
        expect(stored?.deviceHash).toBe(deviceHash(cookie.split('=')[1]!));

        const attacker = address();
        for (let i = 0; i < LOGIN_LIMITS.backoffAfter; i++) {
          const res = await send('POST', '/api/login_api', {
            ip: attacker,
            body: { email: p.email, password: `Adivina${i}X` },
          });
          expect(res.statusCode).toBe(401);
        }
        // Any unknown device now waits (the account backs off), the right password included.
        for (const ip of [attacker, address()]) {
          const refused = await send('POST', '/api/login_api', {
            ip,
            body: { email: p.email, password: p.password },
          });
          expect(refused.statusCode).toBe(429);
          expect(refused.json()).toEqual({
            message: MSG.tooManyLoginAttempts,
            code: 'rate/limited',
          });
          expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        }
        // The owner's browser (its cookie) never waits, from any address.
        const owner = await send('POST', '/api/login_api', {
          ip: attacker,
          cookie,
          body: { email: p.email, password: p.password },
        });
        expect(owner.statusCode).toBe(200);
        expect(String(owner.headers['set-cookie'])).toContain(cookie);
        // A cookie of another account's browser is not this account's known device.
        const mine = newPlayer();
        const other = await send('POST', '/api/register_api', { body: mine });
        const otherCookie = String(other.headers['set-cookie']).split(';')[0]!;
        expect(
          (
            await send('POST', '/api/login_api', {
              ip: attacker,
              cookie: otherCookie,
              body: { email: p.email, password: p.password },
            })
          ).statusCode,
        ).toBe(429);
        // The attacker's address may still sign in to another account (its own, say).
        expect(
          (
            await send('POST', '/api/login_api', {
              ip: attacker,
              body: { email: mine.email, password: mine.password },
            })
          ).statusCode,
        ).toBe(200);
        expect(backoffSeconds(4)).toBe(0);
        expect([5, 6, 7, 14, 40].map(backoffSeconds)).toEqual([2, 4, 8, 900, 900]);
      },
    );

    it.skipIf(skip)(
      'a known device that keeps failing loses its trust for the window',
      async () => {
        const p = newPlayer();
        const reg = await send('POST', '/api/register_api', { body: p });
        const cookie = String(reg.headers['set-cookie']).split(';')[0]!;
        for (let i = 0; i < LOGIN_LIMITS.perDevice; i++)
          expect(
            (
              await send('POST', '/api/login_api', {
                cookie,
                body: { email: p.email, password: `Olvide${i}X` },
              })
            ).statusCode,
          ).toBe(401);
        const after = await send('POST', '/api/login_api', {
          cookie,
          body: { email: p.email, password: p.password },
        });
        expect(after.statusCode).toBe(429);
      },
    );

    it.skipIf(skip)(
      'records a burst of failed logins on one account from many addresses once, for staff, without locking it',
      async () => {
        const p = newPlayer();
        const reg = await send('POST', '/api/register_api', { body: p });
        const cookie = String(reg.headers['set-cookie']).split(';')[0]!;
        const id = reg.json().user.id as number;
        const codes: number[] = [];
        for (let i = 0; i < 25; i++) {
          const res = await send('POST', '/api/login_api', {
            ip: address(),
            body: { email: p.email.toUpperCase(), password: `Adivina${i}X` },
          });
          codes.push(res.statusCode);
        }
        // Five wrong passwords, then the account backs off: the refused attempts count too.
        expect(codes).toEqual([...Array(5).fill(401), ...Array(20).fill(429)]);
        const rows = (await auditOf(id)).filter((r) => r.action === 'auth.login_burst');
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          actorUserId: null,
          after: { failures: 20, window_minutes: 15 },
        });
        expect(rows[0]?.reason).toContain('La cuenta no se bloqueó');
        const owner = await send('POST', '/api/login_api', {
          ip: address(),
          cookie,
          body: { email: p.email, password: p.password },
        });
        expect(owner.statusCode).toBe(200);
        const listed = (
          await send('GET', `/api/admin/audit?action=auth.login_burst&target_id=${id}`, {
            token: admin,
          })
        ).json();
        expect(listed.entries).toHaveLength(1);
        expect(listed.entries[0]).toMatchObject({ actor: null, action: 'auth.login_burst' });
        expect(listed.actions).toContain('auth.login_burst');
        expect(AUDIT_ACTION_LABELS['auth.login_burst']).toBe('Ráfaga de contraseñas fallidas');
      },
    );
  });
}
