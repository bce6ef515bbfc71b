import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG_PRIVATE,
  SERVER_EVENTS,
  cancelPrivateTableResponseSchema,
  centsToBolivares,
  clientSeedSchema,
  createPrivateTableRequestSchema,
  createPrivateTableResponseSchema,
  errorSchema,
  inviteCodeParams,
  joinTableRequestSchema,
  joinTableResponseSchema,
  privateTableOptionsSchema,
  privateTableSchema,
  privateTableSettingsRequestSchema,
  validationErrorSchema,
  type PrivateTable,
  placeConflictSchema,
} from '@domino/contracts';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { idempotencyScope, runIdempotent } from '../../lib/idempotency';
import { blockedFor, consume, rateLimited } from '../../lib/rate-limit';
import { walletBalanceCents } from '../ledger/accounts';
import { requireAuth, session } from '../auth/plugin';
import { gamesContext } from '../games/routes';
import { pushClosing } from './keeper';
import {
  cancelPrivateTable,
  createPrivateTable,
  privateOptions,
  savePrivateSettings,
  tableIdByCode,
} from './private';
import { tableDetails } from './repo';
import { seatPlayer } from './join-route';

const tags = ['Mesas privadas'];
const refusalSchema = errorSchema.extend({
  errors: validationErrorSchema.shape.errors.optional(),
});

/** The private table's detail with its invitation facts (never null for a private table). */
async function privateDetail(db: Executor, tableId: number): Promise<PrivateTable> {
  const [detail] = await tableDetails(db, tableId);
  if (!detail?.private) throw new AppError('private/not_found', 404, MSG_PRIVATE.notFound);
  return { ...detail, private: detail.private };
}

/**
 * Private tables by invitation (docs/decisions/021-private-tables.md), for logged-in players:
 * the options staff allow, creating a table (the host sits and pays), reading and joining a table
 * by its code (the invitation page), and the host's cancel. Unknown codes count against a per-user
 * limit (30 per 10 minutes) so codes cannot be found by trying. Staff edit the options under
 * /api/admin/private-tables/settings.
 */
export async function privateTableRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  /** Finds the open table of a code for this user, counting misses against the limit. */
  async function tableOf(req: FastifyRequest, code: string): Promise<number> {
    const key = String(session(req).user.id);
    const limiter = app.deps.limiters.inviteCodes;
    const wait = await blockedFor(limiter, key);
    if (wait !== null) throw rateLimited(wait);
    try {
      return await tableIdByCode(db(), code);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) {
        const after = await consume(limiter, key);
        if (after !== null) throw rateLimited(after);
      }
      throw err;
    }
  }

  await app.register(async (scope) => {
    requireAuth(scope);
    const s = scope.withTypeProvider<ZodTypeProvider>();
    const timing = gamesContext(app).timing;

    s.get(
      '/api/private-tables/options',
      {
        schema: {
          tags,
          summary: 'Lo que se puede elegir al crear una mesa privada',
          response: { 200: privateTableOptionsSchema },
        },
      },
      async () => privateOptions(db()),
    );

    s.post(
      '/api/private-tables',
      {
        schema: {
          tags,
          summary: 'Crear una mesa privada y sentarse en ella pagando la entrada',
          body: createPrivateTableRequestSchema.extend({
            client_seed: clientSeedSchema.optional(),
          }),
          response: {
            200: createPrivateTableResponseSchema,
            409: placeConflictSchema,
            422: refusalSchema,
          },
        },
      },
      async (req) => {
        const userId = session(req).user.id;
        const scopeKey = idempotencyScope(req, userId, 'table.private_create', req.body);
        const res = await runIdempotent(db(), scopeKey, async (tx) => {
          const out = await createPrivateTable(
            tx,
            userId,
            {
              rules: req.body.rules,
              entryPrice: req.body.entry_price,
              allowSpectators: req.body.allow_spectators,
              clientSeed: req.body.client_seed,
            },
            timing,
          );
          return {
            status: 200,
            body: {
              table: await privateDetail(tx, out.tableId),
              new_balance: centsToBolivares(out.join.balanceCents),
              message: MSG_PRIVATE.created,
            },
          };
        });
        if (!res.replayed)
          app.deps.hub.toUser(userId, SERVER_EVENTS.balanceUpdated, {
            balance: res.body.new_balance,
          });
        return res.body;
      },
    );

    s.get(
      '/api/private-tables/:code',
      {
        schema: {
          tags,
          summary: 'Una mesa privada por su código de invitación',
          params: inviteCodeParams,
          response: { 200: privateTableSchema, 404: errorSchema, 429: errorSchema },
        },
      },
      async (req) => privateDetail(db(), await tableOf(req, req.params.code)),
    );

    s.post(
      '/api/private-tables/:code/join',
      {
        schema: {
          tags,
          summary: 'Unirse a una mesa privada con su código, pagando la entrada',
          params: inviteCodeParams,
          body: joinTableRequestSchema.extend({ client_seed: clientSeedSchema.optional() }),
          response: {
            200: joinTableResponseSchema,
            404: errorSchema,
            409: placeConflictSchema,
            422: refusalSchema,
            429: errorSchema,
          },
        },
      },
      async (req) =>
        seatPlayer(app, req, await tableOf(req, req.params.code), {
          entryPrice: req.body.entry_price,
          clientSeed: req.body.client_seed,
          access: 'invitation',
        }),
    );

    s.post(
      '/api/private-tables/:code/cancel',
      {
        schema: {
          tags,
          summary: 'Cancelar mi mesa privada antes de empezar (devuelve cada entrada)',
          params: inviteCodeParams,
          response: {
            200: cancelPrivateTableResponseSchema,
            403: errorSchema,
            404: errorSchema,
            409: errorSchema,
          },
        },
      },
      async (req) => {
        const userId = session(req).user.id;
        const closing = await cancelPrivateTable(db(), userId, req.params.code);
        const own = closing.refunds.find((r) => r.userId === userId);
        // The host is told by this answer; the other seats by `table:closed`.
        await pushClosing(
          db(),
          app.deps.hub,
          { ...closing, refunds: closing.refunds.filter((r) => r.userId !== userId) },
          MSG_PRIVATE.cancelledRefunded,
        );
        const balance = own ? own.balanceCents : await walletBalanceCents(db(), userId);
        const newBalance = centsToBolivares(balance);
        app.deps.hub.toUser(userId, SERVER_EVENTS.balanceUpdated, { balance: newBalance });
        return { message: MSG_PRIVATE.cancelled, new_balance: newBalance };
      },
    );
  });

  await app.register(async (scope) => {
    requireAuth(scope, 'admin');
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.get(
      '/api/admin/private-tables/settings',
      {
        schema: {
          tags: ['Administración'],
          summary: 'Ajustes de las mesas privadas',
          response: { 200: privateTableOptionsSchema },
        },
      },
      async () => privateOptions(db()),
    );
    s.put(
      '/api/admin/private-tables/settings',
      {
        schema: {
          tags: ['Administración'],
          summary: 'Cambiar los ajustes de las mesas privadas',
          body: privateTableSettingsRequestSchema,
          response: { 200: privateTableOptionsSchema, 422: refusalSchema },
        },
      },
      async (req) => savePrivateSettings(db(), session(req).user.id, req.body),
    );
  });
}
