import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG_FAIRNESS,
  MSG_TABLES,
  centsToBolivares,
  clientSeedResponseSchema,
  clientSeedSchema,
  setClientSeedRequestSchema,
  errorSchema,
  joinTableRequestSchema,
  joinTableResponseSchema,
  leaveTableResponseSchema,
  tableDetailSchema,
  tableListSchema,
  validationErrorSchema,
  placeConflictSchema,
} from '@domino/contracts';
import { idParam } from '@domino/contracts';
import { AppError } from '../../lib/errors';
import { bearerToken, requireAuth, session } from '../auth/plugin';
import { authenticate } from '../auth/service';
import { seatPlayer } from './join-route';
import { publishTable } from './publish';
import { maySeeTable } from './private';
import { listOpenTables, tableDetails } from './repo';
import { leaveTableOnRequest, seatSeedOf, setClientSeed } from './service';

const tags = ['Mesas'];

/** The user of an optional session (public routes): null without a valid bearer token. */
async function callerId(req: FastifyRequest): Promise<number | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const ctx = await authenticate(req.server.deps.database.db, token);
  return ctx?.user.id ?? null;
}
const tableParams = z.object({ tableId: idParam });
/** A 422 here: a business refusal `{message, code}` or a form refusal that adds field errors. */
const refusalSchema = errorSchema.extend({
  errors: validationErrorSchema.shape.errors.optional(),
});

/**
 * The table catalogue and joining (docs/product.md §7; decision 010): GET /api/tables and /api/games (the list),
 * GET /api/tables/{id} (seats, game_id and the commitment to the next deal), POST join and leave,
 * and the caller's own client seed, read and set while the table waits (decision 015). Changes are pushed to the
 * public `tables` channel (UserJoinedTable) and the table's room after commit.
 */
export async function tableRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  for (const url of ['/api/tables', '/api/games']) {
    r.get(
      url,
      {
        schema: {
          tags,
          summary: 'Mesas disponibles con sus jugadores',
          response: { 200: tableListSchema },
        },
      },
      async () => listOpenTables(db()),
    );
  }
  r.get(
    '/api/tables/:tableId',
    {
      schema: {
        tags,
        summary: 'Una mesa con sus asientos y su partida',
        params: tableParams,
        response: { 200: tableDetailSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const [detail] = await tableDetails(db(), req.params.tableId);
      if (!detail || detail.status === 'closed')
        throw new AppError('tables/not_found', 404, MSG_TABLES.notFound);
      // A private table exists by id only for its host and players (docs/decisions/021).
      if (!maySeeTable(detail, await callerId(req)))
        throw new AppError('tables/not_found', 404, MSG_TABLES.notFound);
      return detail;
    },
  );

  await app.register(async (scope) => {
    requireAuth(scope);
    // Every route here names a table: one the caller may not see by id (another host's private
    // table, a quick table they do not sit at) answers exactly like a missing one, before any
    // other rule can tell them apart (docs/decisions/048-strangers-and-acknowledgements.md).
    scope.addHook('preHandler', async (req) => {
      const tableId = (req.params as { tableId?: number } | undefined)?.tableId;
      if (typeof tableId !== 'number') return;
      const [detail] = await tableDetails(db(), tableId);
      if (!detail || !maySeeTable(detail, session(req).user.id))
        throw new AppError('tables/not_found', 404, MSG_TABLES.notFound);
    });
    const s = scope.withTypeProvider<ZodTypeProvider>();

    s.post(
      '/api/tables/:tableId/join',
      {
        schema: {
          tags,
          summary: 'Unirse a una mesa pagando la entrada',
          params: tableParams,
          body: joinTableRequestSchema.extend({ client_seed: clientSeedSchema.optional() }),
          response: { 200: joinTableResponseSchema, 409: placeConflictSchema, 422: refusalSchema },
        },
      },
      async (req) =>
        seatPlayer(app, req, req.params.tableId, {
          entryPrice: req.body.entry_price,
          clientSeed: req.body.client_seed,
          access: 'public',
        }),
    );

    s.post(
      '/api/tables/:tableId/rematch',
      {
        schema: {
          tags,
          summary: 'Aceptar la revancha: volver a mi asiento pagando la entrada',
          params: tableParams,
          body: joinTableRequestSchema,
          response: {
            200: joinTableResponseSchema,
            404: errorSchema,
            409: placeConflictSchema,
            422: refusalSchema,
          },
        },
      },
      async (req) =>
        seatPlayer(app, req, req.params.tableId, {
          entryPrice: req.body.entry_price,
          access: 'rematch',
        }),
    );

    s.post(
      '/api/tables/:tableId/leave',
      {
        schema: {
          tags,
          summary: 'Salir de una mesa antes de empezar (devuelve la entrada)',
          params: tableParams,
          response: { 200: leaveTableResponseSchema, 409: errorSchema },
        },
      },
      async (req) => {
        const userId = session(req).user.id;
        const out = await leaveTableOnRequest(db(), userId, req.params.tableId);
        const balance = centsToBolivares(out.balanceCents);
        app.deps.hub.toUser(userId, 'balance:updated', { balance });
        await publishTable(db(), app.deps.hub, req.params.tableId);
        return { new_balance: balance, message: MSG_TABLES.left };
      },
    );

    s.get(
      '/api/tables/:tableId/client-seed',
      {
        schema: {
          tags,
          summary: 'Mi semilla para el reparto de la próxima partida de esta mesa',
          params: tableParams,
          response: { 200: clientSeedResponseSchema, 409: errorSchema },
        },
      },
      async (req) => {
        const out = await seatSeedOf(db(), session(req).user.id, req.params.tableId);
        return { seat: out.seat, client_seed: out.clientSeed };
      },
    );

    s.put(
      '/api/tables/:tableId/client-seed',
      {
        schema: {
          tags,
          summary: 'Elegir mi semilla para el reparto (solo mi puesto, antes de empezar)',
          params: tableParams,
          body: setClientSeedRequestSchema,
          response: {
            200: clientSeedResponseSchema,
            404: errorSchema,
            409: errorSchema,
            422: refusalSchema,
          },
        },
      },
      async (req) => {
        const userId = session(req).user.id;
        const out = await setClientSeed(db(), userId, req.params.tableId, req.body.client_seed);
        return { seat: out.seat, client_seed: out.clientSeed, message: MSG_FAIRNESS.seedSaved };
      },
    );
  });
}
