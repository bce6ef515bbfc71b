import type { FastifyInstance } from 'fastify';
import type { Mailer } from './mailer';
import { createMailer } from './mailer';

/** Keyed by the app instance's dependencies object (`app.deps`). */
const mailers = new WeakMap<object, Mailer>();

/**
 * The one mailer of an app instance (SMTP_URL or the outbox; see mailer.ts), shared by every
 * module that sends mail (recovery links, account-change notices) and closed with the app.
 */
export function appMailer(app: FastifyInstance): Mailer {
  const existing = mailers.get(app.deps);
  if (existing) return existing;
  const { config } = app.deps;
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    dataDir: config.DATA_DIR,
    log: (line) => app.log.info(line),
    logLinks: config.NODE_ENV !== 'production',
  });
  mailers.set(app.deps, mailer);
  app.addHook('onClose', async () => mailer.close());
  return mailer;
}
