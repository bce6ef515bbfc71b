import webpush from 'web-push';
import type { VapidIdentity } from './vapid';

/**
 * Delivery of one encrypted message to one browser's push service (docs/decisions/025). The
 * production sender is the `web-push` library (payload encryption RFC 8291, VAPID RFC 8292);
 * tests inject a fake that records what would have been sent.
 */

/** A browser subscription as stored: the push service URL and the browser's keys (base64url). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Options of one delivery. */
export interface DeliveryOptions {
  /** How long the push service may keep the message for an offline browser, in seconds. */
  ttlSeconds: number;
  urgency: 'normal' | 'high';
  /** Replaces an undelivered message with the same topic (base64url, at most 32 characters). */
  topic?: string | undefined;
}

/** The push service refused the message with an HTTP status (404/410: the subscription is gone). */
export class PushRefused extends Error {
  constructor(readonly statusCode: number) {
    super(`push service answered ${statusCode}`);
    this.name = 'PushRefused';
  }
}

/**
 * Sends `payload` (a JSON string) to `target`, signed with `vapid`. Resolves when the push service
 * accepted it (2xx); rejects with PushRefused for another status, or with the network error.
 */
export interface PushSender {
  send(
    target: PushTarget,
    payload: string,
    options: DeliveryOptions,
    vapid: VapidIdentity,
  ): Promise<void>;
}

/** The real sender: web-push's sendNotification, 10 s timeout per request. */
export const webPushSender: PushSender = {
  async send(target, payload, options, vapid) {
    try {
      await webpush.sendNotification(target, payload, {
        vapidDetails: {
          subject: vapid.subject,
          publicKey: vapid.publicKey,
          privateKey: vapid.privateKey,
        },
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        ...(options.topic ? { topic: options.topic } : {}),
        timeout: 10_000,
      });
    } catch (err) {
      // web-push's WebPushError carries the push service's status; never rethrow it as is: its
      // message and headers name the endpoint, a capability URL that has no place in a log line.
      const status = (err as { statusCode?: unknown }).statusCode;
      if (typeof status === 'number') throw new PushRefused(status);
      // eslint-disable-next-line preserve-caught-error -- the cause names the endpoint (see above)
      throw new Error(`push delivery failed: ${(err as Error).name ?? 'error'}`);
    }
  },
};
