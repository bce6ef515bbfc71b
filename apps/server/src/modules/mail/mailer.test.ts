import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '@domino/contracts';
import { buildTestApp, newPlayer } from '../../test/helpers';
import { createMailer } from './mailer';
import { recoveryMail } from './templates';
import { mailBody, mailSubject, resetLinkOf, startTestInbox } from './test-inbox';

/** Mail delivery (README.md): SMTP with SMTP_URL, otherwise .eml files in DATA_DIR/outbox. */
describe('mail', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'domino-mail-'));
    dirs.push(dir);
    return dir;
  };
  const sample = () =>
    recoveryMail({
      to: 'ana@example.com',
      name: 'Ana <b>Pérez</b>',
      link: 'https://domino.example/reset-password?token=abc_DEF-123',
      validMinutes: 60,
    });

  it('delivers through SMTP when SMTP_URL is set', async () => {
    const inbox = await startTestInbox();
    const mailer = createMailer({
      smtpUrl: inbox.url,
      from: 'Dominó <no-responder@domino.example>',
      dataDir: tempDir(),
      log: () => undefined,
    });
    try {
      expect(mailer.kind).toBe('smtp');
      const result = await mailer.send(sample());
      expect(result.outboxFile).toBeUndefined();
      const mail = await inbox.waitFor('ana@example.com');
      expect(mailSubject(mail.raw)).toBe('Recupera tu contraseña de Dominó');
      expect(mailBody(mail.raw, 'text/plain')).toContain('Hola, Ana <b>Pérez</b>:');
      // The name is escaped in HTML: no markup from user data reaches the mail.
      expect(mailBody(mail.raw, 'text/html')).toContain('Hola, Ana &lt;b&gt;Pérez&lt;/b&gt;:');
    } finally {
      mailer.close();
      await inbox.close();
    }
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const inbox = await startTestInbox();
    const url = inbox.url;
    await inbox.close();
    const mailer = createMailer({
      smtpUrl: url,
      from: 'x@domino.example',
      dataDir: tempDir(),
      log: () => undefined,
      timeoutMs: 2_000,
    });
    await expect(mailer.send(sample())).rejects.toThrow();
    mailer.close();
  });

  it('writes an .eml file to DATA_DIR/outbox and logs the link without SMTP_URL', async () => {
    const dataDir = tempDir();
    const lines: string[] = [];
    const mailer = createMailer({
      from: 'Dominó <no-responder@domino.example>',
      dataDir,
      log: (l) => lines.push(l),
      logLinks: true,
    });
    expect(mailer.kind).toBe('outbox');
    const result = await mailer.send(sample());
    expect(result.outboxFile).toMatch(/outbox[/\\].+\.eml$/);
    const raw = fs.readFileSync(result.outboxFile ?? '', 'utf8');
    expect(raw).toMatch(/^To: ana@example\.com$/m);
    expect(resetLinkOf(raw)).toBe('https://domino.example/reset-password?token=abc_DEF-123');
    expect(lines.join('\n')).toContain('https://domino.example/reset-password?token=abc_DEF-123');
  });

  it('never logs the link in production, only where the mail was written', async () => {
    const dataDir = tempDir();
    const lines: string[] = [];
    const mailer = createMailer({
      from: 'Dominó <no-responder@domino.example>',
      dataDir,
      log: (l) => lines.push(l),
      logLinks: false,
    });
    const result = await mailer.send(sample());
    expect(resetLinkOf(fs.readFileSync(result.outboxFile ?? '', 'utf8'))).toContain('token=');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(result.outboxFile);
    expect(lines[0]).not.toContain('token');
  });

  it('sends the recovery mail of the API to the outbox when there is no SMTP server', async () => {
    const dataDir = tempDir();
    const t = await buildTestApp('pglite', { DATA_DIR: dataDir, PUBLIC_URL: 'http://juego.local' });
    try {
      const p = newPlayer();
      await t.app.inject({ method: 'POST', url: '/api/register_api', payload: p });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/recovery_password',
        payload: { email: p.email },
      });
      expect(res.json()).toEqual({ message: MSG.recoverySent });
      const files = fs.readdirSync(path.join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      const raw = fs.readFileSync(path.join(dataDir, 'outbox', files[0] ?? ''), 'utf8');
      expect(resetLinkOf(raw)).toMatch(/^http:\/\/juego\.local\/reset-password\?token=/);
    } finally {
      await t.close();
    }
  });
});
