import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorSchema,
  quickPlayOptionsSchema,
  quickPlayRequestSchema,
  quickPlayStatusSchema,
  validationErrorSchema,
  placeConflictSchema,
} from '@domino/contracts';
import { requireAuth, session } from '../auth/plugin';
import { gamesContext } from '../games/routes';
import { clientOf } from '../protection/request';
import { matchAndAnnounce, periodicMatchers } from './matcher';
import { enqueue, leaveQueue, quickOptions, quickStatus } from './service';

const tags = ['Jugar ahora'];
const refusalSchema = errorSchema.extend({
  errors: validationErrorSchema.shape.errors.optional(),
});

/**
 * Quick play for logged-in players (docs/decisions/027-quick-play.md): the options, the caller's
 * status (survives a reload), enqueue (then one matcher pass at once, so a table that can form
 * forms now) and leaving the queue. There are no ids in these routes: each acts on the caller's
 * own entry only.
 */
export async function quickPlayRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const matcher = () => ({
    db: db(),
    hub: app.deps.hub,
    push: app.deps.push,
    timing: gamesContext(app).timing,
  });

  await app.register(async (scope) => {
    requireAuth(scope);
    const s = scope.withTypeProvider<ZodTypeProvider>();

    s.get(
      '/api/quick-play/options',
      {
        schema: {
          tags,
          summary: 'Modos y precios de entrada de Jugar ahora',
          response: { 200: quickPlayOptionsSchema },
        },
      },
      async () => quickOptions(db()),
    );

    s.get(
      '/api/quick-play',
      {
        schema: {
          tags,
          summary: 'Mi búsqueda de mesa: en cola, mesa encontrada o nada',
          response: { 200: quickPlayStatusSchema },
        },
      },
      async (req) => quickStatus(db(), session(req).user.id),
    );

    s.post(
      '/api/quick-play',
      {
        schema: {
          tags,
          summary: 'Buscar mesa: entrar en la cola con un modo y un precio de entrada',
          body: quickPlayRequestSchema,
          response: {
            200: quickPlayStatusSchema,
            403: errorSchema,
            409: placeConflictSchema,
            422: refusalSchema,
          },
        },
      },
      async (req) => {
        const userId = session(req).user.id;
        const client = clientOf(req);
        await enqueue(
          db(),
          app.deps.ratings,
          userId,
          { mode: req.body.mode, entryPrice: req.body.entry_price },
          { deviceId: client.deviceId, ip: client.ip },
        );
        try {
          await matchAndAnnounce(matcher());
        } catch (err) {
          // The entry is queued; the periodic matcher, woken below, tries again within a second.
          req.log.error({ err }, 'quick-play match after enqueue failed');
        }
        // Someone waits now: the node's periodic matcher leaves its idle sleep (decision 078).
        periodicMatchers.of(app.deps)?.runSoon();
        return quickStatus(db(), userId);
      },
    );

    s.delete(
      '/api/quick-play',
      {
        schema: {
          tags,
          summary: 'Salir de la cola de Jugar ahora (antes de que se forme la mesa)',
          response: { 200: quickPlayStatusSchema, 409: errorSchema },
        },
      },
      async (req) => {
        const userId = session(req).user.id;
        await leaveQueue(db(), userId);
        return quickStatus(db(), userId);
      },
    );
  });
}
