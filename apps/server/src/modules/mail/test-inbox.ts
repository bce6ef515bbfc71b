import { SMTPServer } from 'smtp-server';

/**
 * Test support: an in-process SMTP server (smtp-server on a free port, no auth, no TLS) that keeps
 * every message it receives, and a small MIME reader to get a message's text body. Used by the
 * server mail tests and the browser journey of decision 006 (`SMTP_URL=smtp://127.0.0.1:<port>`).
 */

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

export interface TestInbox {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message to `to` that arrives (or already arrived) after `since`. */
  waitFor(to: string, opts?: { since?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  /** When set, the next DATA commands are refused with this SMTP error (to test failures). */
  rejectWith: string | null;
  close(): Promise<void>;
}

export async function startTestInbox(): Promise<TestInbox> {
  const messages: ReceivedMail[] = [];
  const inbox: TestInbox = {
    port: 0,
    url: '',
    messages,
    rejectWith: null,
    async waitFor(to, opts = {}) {
      const since = opts.since ?? 0;
      const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
      for (;;) {
        const found = messages
          .slice(since)
          .find((m) => m.to.some((r) => r.toLowerCase() === to.toLowerCase()));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (inbox.rejectWith) {
          const err = new Error(inbox.rejectWith) as Error & { responseCode: number };
          err.responseCode = 451;
          return callback(err);
        }
        const from = session.envelope.mailFrom;
        messages.push({
          from: from ? from.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port');
  inbox.port = address.port;
  inbox.url = `smtp://127.0.0.1:${address.port}`;
  return inbox;
}

function decodeQuotedPrintable(body: string): string {
  const text = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function headerValue(headers: string, name: string): string | undefined {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const re = new RegExp(`^${name}:\\s*(.*)$`, 'im');
  return re.exec(unfolded)?.[1]?.trim();
}

/**
 * The decoded body of the first MIME part of `raw` with the given content type (text/plain or
 * text/html), following multipart boundaries; undefined when there is none.
 */
export function mailBody(raw: string, type: 'text/plain' | 'text/html'): string | undefined {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const contentType = headerValue(headers, 'Content-Type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const found = mailBody(part.replace(/^\r?\n/, ''), type);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!contentType.toLowerCase().startsWith(type)) return undefined;
  const encoding = (headerValue(headers, 'Content-Transfer-Encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The decoded Subject header (RFC 2047 encoded words in UTF-8, B or Q). */
export function mailSubject(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const value = headerValue(split < 0 ? raw : raw.slice(0, split), 'Subject') ?? '';
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** The /reset-password link of a recovery mail's text body. */
export function resetLinkOf(raw: string): string {
  const text = mailBody(raw, 'text/plain') ?? '';
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  if (!link) throw new Error(`no reset link in mail:\n${text}`);
  return link;
}
