import webpush from 'web-push';
import type { Database } from '../../db/client';
import { vapidKeys } from '../../db/schema';

/**
 * The VAPID identity of this server (RFC 8292; docs/decisions/025): the key pair every push is
 * signed with and the contact push services may use. From VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY
 * when set; on the embedded database without them, a pair generated once with web-push and kept
 * in the `vapid_keys` row (several starts of a development server keep their subscriptions
 * working); on PostgreSQL without them, none: push is off. The private key is never logged.
 */
export interface VapidIdentity {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact (config VAPID_SUBJECT, default mailto: + ADMIN_EMAIL). */
  subject: string;
}

/** Reads or creates the identity as described above; null when push is off. */
export async function resolveVapid(
  config: {
    VAPID_PUBLIC_KEY?: string | undefined;
    VAPID_PRIVATE_KEY?: string | undefined;
    vapidSubject: string;
  },
  database: Pick<Database, 'db' | 'kind'>,
): Promise<VapidIdentity | null> {
  const subject = config.vapidSubject;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  if (database.kind !== 'pglite') return null;
  const [stored] = await database.db.select().from(vapidKeys);
  if (stored) return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  const fresh = webpush.generateVAPIDKeys();
  // One row (id 1): a concurrent first use keeps whichever pair was written first.
  await database.db
    .insert(vapidKeys)
    .values({ id: 1, publicKey: fresh.publicKey, privateKey: fresh.privateKey })
    .onConflictDoNothing();
  const [row] = await database.db.select().from(vapidKeys);
  return row ? { publicKey: row.publicKey, privateKey: row.privateKey, subject } : null;
}
