import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

/**
 * Outgoing mail (README.md: with no SMTP_URL, mail is written as .eml files under DATA_DIR/outbox).
 * With `smtpUrl`, nodemailer's SMTP transport delivers it; without, nodemailer's stream transport
 * builds the same RFC 5322 message and it is written to `<dataDir>/outbox/<time>-<id>.eml`, and,
 * outside production (`logLinks`), the caller's `logLine` (e.g. the link) is logged, so a developer
 * can follow the link without a mail server.
 */

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What to log when there is no SMTP server (e.g. the link the mail carries). */
  logLine?: string;
}

export interface MailResult {
  messageId: string;
  /** The .eml path when the message went to the outbox; undefined when sent by SMTP. */
  outboxFile?: string;
}

export interface Mailer {
  /** 'smtp' when SMTP_URL is set, else 'outbox'. */
  readonly kind: 'smtp' | 'outbox';
  /**
   * Sends one message. Rejects when the SMTP server refuses or cannot be reached (after
   * `timeoutMs`), or when the outbox file cannot be written; callers decide what the user sees.
   */
  send(mail: OutgoingMail): Promise<MailResult>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
  /** Logs one line (the app's logger). */
  log: (message: string) => void;
  /**
   * Whether an outbox mail's `logLine` (a live recovery link) may be logged: true in development
   * only. In production a link in the log is a password reset for whoever reads the log, so only
   * the .eml path is logged (docs/decisions/014).
   */
  logLinks?: boolean;
  /** Longest wait for the SMTP server, in milliseconds (connection, greeting and each command). */
  timeoutMs?: number;
}

/** Builds the mailer for the configuration: SMTP when `smtpUrl` is set, else the outbox. */
export function createMailer(opts: MailerOptions): Mailer {
  if (opts.smtpUrl) {
    const timeout = opts.timeoutMs ?? 15_000;
    const url = new URL(opts.smtpUrl);
    const transport: Transporter = nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
      secure: url.protocol === 'smtps:',
      auth: url.username
        ? {
            user: decodeURIComponent(url.username),
            pass: decodeURIComponent(url.password),
          }
        : undefined,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
    return {
      kind: 'smtp',
      async send(mail) {
        const info = (await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        })) as { messageId: string };
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const outbox = path.resolve(opts.dataDir, 'outbox');
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await fs.mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      opts.log(
        `Mail to ${mail.to} written to ${file}${
          mail.logLine && opts.logLinks ? ` — ${mail.logLine}` : ''
        } (set SMTP_URL to send it)`,
      );
      return { messageId: info.messageId, outboxFile: file };
    },
    close: () => transport.close(),
  };
}
