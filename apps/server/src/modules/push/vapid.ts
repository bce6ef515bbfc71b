import webpush from 'web-push';
import type { Database } from '../../db/client';
import { vapidKeys } from '../../db/schema';

/**
 * The VAPID identity of this server (RFC 8292; docs/decisions/025, superseded in part by
 * docs/decisions/048): the key pair every push is signed with and the contact push services may
 * use. From VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set (they win); otherwise, on either
 * database, a pair generated once with web-push and kept in the single `vapid_keys` row, so push
 * works out of the box and every node and every start signs with the same pair. The private key
 * is never logged.
 */
export interface VapidIdentity {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact (config VAPID_SUBJECT, default mailto: + ADMIN_EMAIL). */
  subject: string;
}

/**
 * Reads or creates the identity as described above. Race-free across nodes: each inserts its own
 * fresh pair with `on conflict do nothing` on the one row (id 1), then everyone reads the row, so
 * the first pair written is the only one ever used. Never null when it returns; a database
 * failure rejects (the notifier turns it into "push unavailable", notifier.ts).
 */
export async function resolveVapid(
  config: {
    VAPID_PUBLIC_KEY?: string | undefined;
    VAPID_PRIVATE_KEY?: string | undefined;
    vapidSubject: string;
  },
  database: Pick<Database, 'db'>,
): Promise<VapidIdentity> {
  const subject = config.vapidSubject;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const [stored] = await database.db.select().from(vapidKeys);
  if (stored) return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  const fresh = webpush.generateVAPIDKeys();
  await database.db
    .insert(vapidKeys)
    .values({ id: 1, publicKey: fresh.publicKey, privateKey: fresh.privateKey })
    .onConflictDoNothing();
  const [row] = await database.db.select().from(vapidKeys);
  if (!row) throw new Error('vapid_keys has no row after the insert');
  return { publicKey: row.publicKey, privateKey: row.privateKey, subject };
}
