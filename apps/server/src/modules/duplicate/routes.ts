import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DUPLICATE_ROUTES,
  MSG_DUPLICATE,
  createDuplicateRequestSchema,
  duplicateDetailSchema,
  duplicateIdParams,
  errorSchema,
  validationErrorSchema,
} from '@domino/contracts';
import { idempotencyScope, runIdempotent } from '../../lib/idempotency';
import { requireAuth, session } from '../auth/plugin';
import { MATCH_START_DELAY_MS } from '../games/create';
import { serverGamesContext } from '../games/module';
import { duplicateDetail, openDuplicateSet, type OpenedSet } from './service';

const tags = ['Duplicado'];
const refusalSchema = errorSchema.extend({
  errors: validationErrorSchema.shape.errors.optional(),
});

/**
 * Duplicate sets over HTTP (docs/decisions/062-duplicate-domino.md): staff open a set
 * (`POST /api/admin/duplicates`, idempotent with `Idempotency-Key`); its players and staff read
 * the comparison (`GET /api/duplicates/{id}`, a board only once both tables finished it). After
 * the set is opened each player gets a `table_start` push with their game's path.
 */
export async function duplicateRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  await app.register(async (scope) => {
    requireAuth(scope);
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.get(
      DUPLICATE_ROUTES.detail(':id'),
      {
        schema: {
          tags,
          summary: 'Comparación de un duplicado, mano por mano',
          params: duplicateIdParams,
          response: { 200: duplicateDetailSchema, 404: errorSchema },
        },
      },
      async (req) => {
        const auth = session(req);
        return duplicateDetail(db(), req.params.id, auth.user.id, auth.user.rol === 'admin');
      },
    );
  });

  await app.register(async (scope) => {
    requireAuth(scope, 'admin');
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.post(
      DUPLICATE_ROUTES.staffCreate,
      {
        schema: {
          tags,
          summary: 'Personal: abrir las dos mesas de un duplicado',
          body: createDuplicateRequestSchema,
          response: { 200: duplicateDetailSchema, 422: refusalSchema },
        },
      },
      async (req) => {
        const staffId = session(req).user.id;
        const scope = idempotencyScope(req, staffId, 'duplicate.create', req.body);
        const timing = serverGamesContext(app).timing;
        let opened: OpenedSet | null = null;
        const res = await runIdempotent(db(), scope, async (tx) => {
          opened = await openDuplicateSet(
            tx,
            staffId,
            req.body,
            timing,
            new Date(Date.now() + MATCH_START_DELAY_MS),
          );
          return { status: 200, body: { id: opened.id } };
        });
        const set = opened as OpenedSet | null;
        if (!res.replayed && set)
          for (const t of set.tables)
            for (const userId of t.userIds)
              app.deps.push.notifyUser(userId, 'table_start', {
                title: MSG_DUPLICATE.pushTitle,
                body: MSG_DUPLICATE.pushBody(req.body.name),
                url: `/games/${t.gameId}`,
                tag: `duplicate:${set.id}`,
              });
        return duplicateDetail(db(), res.body.id, staffId, true);
      },
    );
  });
}
