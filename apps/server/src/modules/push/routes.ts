import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG_PUSH,
  PUSH_CODES,
  errorSchema,
  messageResponseSchema,
  notificationPrefsSchema,
  notificationSettingsSchema,
  pushSubscriptionRequestSchema,
  pushUnsubscribeRequestSchema,
  validationErrorSchema,
  vapidKeyResponseSchema,
} from '@domino/contracts';
import { AppError } from '../../lib/errors';
import { requireAuth, session } from '../auth/plugin';
import { isPushServiceEndpoint } from './endpoints';
import {
  deleteOwnSubscription,
  prefsOf,
  savePrefs,
  saveSubscription,
  subscriptionCount,
} from './repo';

const tags = ['Notificaciones'];
/** A refusal, with the field errors of a body that did not validate. */
const refusalSchema = errorSchema.extend({
  errors: validationErrorSchema.shape.errors.optional(),
});

/**
 * The push API of the signed-in player (docs/decisions/025): the VAPID public key to subscribe
 * with, this browser's subscription (POST stores it, DELETE removes it: only the caller's own),
 * and the switches per kind of notification. Every route needs a session; a player only ever
 * reads or changes their own rows (the user id comes from the session, never from the request).
 */
export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const unavailable = () => new AppError(PUSH_CODES.unavailable, 503, MSG_PUSH.unavailable);

  await app.register(async (scope) => {
    requireAuth(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/push/public-key',
      {
        schema: {
          tags,
          summary: 'Clave pública VAPID para suscribir este navegador',
          response: { 200: vapidKeyResponseSchema, 503: errorSchema },
        },
      },
      async () => {
        const vapid = await app.deps.push.vapid();
        if (!vapid) throw unavailable();
        return { public_key: vapid.publicKey };
      },
    );

    r.post(
      '/api/push/subscriptions',
      {
        schema: {
          tags,
          summary: 'Activar las notificaciones en este navegador (su suscripción de Web Push)',
          body: pushSubscriptionRequestSchema,
          response: {
            200: notificationSettingsSchema.extend({
              message: messageResponseSchema.shape.message,
            }),
            422: refusalSchema,
            503: errorSchema,
          },
        },
      },
      async (req) => {
        if (!(await app.deps.push.vapid())) throw unavailable();
        if (!isPushServiceEndpoint(req.body.endpoint))
          throw new AppError(PUSH_CODES.invalidSubscription, 422, MSG_PUSH.endpointHost);
        const userId = session(req).user.id;
        await saveSubscription(db(), userId, {
          endpoint: req.body.endpoint,
          p256dh: req.body.keys.p256dh,
          auth: req.body.keys.auth,
        });
        return {
          message: MSG_PUSH.subscribed,
          preferences: await prefsOf(db(), userId),
          devices: await subscriptionCount(db(), userId),
        };
      },
    );

    r.delete(
      '/api/push/subscriptions',
      {
        schema: {
          tags,
          summary: 'Desactivar las notificaciones en este navegador',
          body: pushUnsubscribeRequestSchema,
          response: { 200: messageResponseSchema, 404: errorSchema, 422: refusalSchema },
        },
      },
      async (req) => {
        const removed = await deleteOwnSubscription(db(), session(req).user.id, req.body.endpoint);
        if (!removed) throw new AppError(PUSH_CODES.notSubscribed, 404, MSG_PUSH.notSubscribed);
        return { message: MSG_PUSH.unsubscribed };
      },
    );

    r.get(
      '/api/push/preferences',
      {
        schema: {
          tags,
          summary: 'Qué avisos quiero recibir y en cuántos dispositivos',
          response: { 200: notificationSettingsSchema },
        },
      },
      async (req) => {
        const userId = session(req).user.id;
        return {
          preferences: await prefsOf(db(), userId),
          devices: await subscriptionCount(db(), userId),
        };
      },
    );

    r.put(
      '/api/push/preferences',
      {
        schema: {
          tags,
          summary: 'Guardar qué avisos quiero recibir (los cuatro interruptores)',
          body: notificationPrefsSchema,
          response: { 200: notificationSettingsSchema, 422: refusalSchema },
        },
      },
      async (req) => {
        const userId = session(req).user.id;
        await savePrefs(db(), userId, req.body);
        return {
          preferences: await prefsOf(db(), userId),
          devices: await subscriptionCount(db(), userId),
        };
      },
    );
  });
}
