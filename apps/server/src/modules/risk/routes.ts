import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG_RISK,
  errorSchema,
  idParam,
  riskActionResponseSchema,
  riskActionSchema,
  riskDismissResponseSchema,
  riskDismissSchema,
  riskItemListSchema,
  riskItemsQuerySchema,
  riskMarksSchema,
  riskRecomputeResponseSchema,
} from '@domino/contracts';
import { requireAuth, session } from '../auth/plugin';
import { marksOf } from './marks';
import { actOnAccount, dismissItem, listItems, scanRisk, type SuspendAccount } from './queue';

const tags = ['Administración'];
const idParams = z.object({ id: idParam });
const failures = { 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** What risk/module.ts passes: the staff console's suspension (admin sits above risk, decision 019). */
export interface RiskRouteOptions {
  suspend: SuspendAccount;
}

/**
 * Staff routes of the risk queue (/admin/riesgo; docs/decisions/032-risk-signals.md), admin only
 * (401 without a session, 403 for players): GET /api/admin/risk/items?status=&user_id=,
 * POST /api/admin/risk/scan ("Recalcular"), POST /api/admin/risk/items/{id}/dismiss {note},
 * GET /api/admin/risk/accounts/{id} (the account's marks) and
 * POST /api/admin/risk/accounts/{id}/actions {action, reason, item_id?}. Every decision is
 * audited in its transaction (queue.ts, marks.ts).
 */
export async function riskRoutes(app: FastifyInstance, opts: RiskRouteOptions): Promise<void> {
  await app.register(async (scope) => {
    requireAuth(scope, 'admin');
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const db = () => app.deps.database.db;
    const staffId = (req: Parameters<typeof session>[0]) => session(req).user.id;

    r.get(
      '/api/admin/risk/items',
      {
        schema: {
          tags,
          summary: 'Cola de riesgo: alertas de fraude y colusión con su evidencia',
          querystring: riskItemsQuerySchema,
          response: { 200: riskItemListSchema },
        },
      },
      async (req) => ({ data: await listItems(db(), req.query) }),
    );

    r.post(
      '/api/admin/risk/scan',
      {
        schema: {
          tags,
          summary: 'Recalcular las señales de riesgo ahora (sin duplicar alertas)',
          response: { 200: riskRecomputeResponseSchema },
        },
      },
      async () => {
        const out = await scanRisk(db());
        return {
          message: MSG_RISK.recomputed(out.created, out.updated),
          created: out.created,
          updated: out.updated,
          total: out.total,
        };
      },
    );

    r.post(
      '/api/admin/risk/items/:id/dismiss',
      {
        schema: {
          tags,
          summary: 'Descartar una alerta con una nota',
          params: idParams,
          body: riskDismissSchema,
          response: { 200: riskDismissResponseSchema, ...failures },
        },
      },
      async (req) => ({
        message: MSG_RISK.dismissed,
        item: await dismissItem(db(), staffId(req), req.params.id, req.body.note),
      }),
    );

    r.get(
      '/api/admin/risk/accounts/:id',
      {
        schema: {
          tags,
          summary: 'Marcas de riesgo de una cuenta (marcada, retiros retenidos, alertas abiertas)',
          params: idParams,
          response: { 200: riskMarksSchema, 404: errorSchema },
        },
      },
      async (req) => marksOf(db(), req.params.id),
    );

    r.post(
      '/api/admin/risk/accounts/:id/actions',
      {
        schema: {
          tags,
          summary:
            'Marcar, retener retiros, suspender o levantar una marca (con motivo; opcionalmente desde una alerta)',
          params: idParams,
          body: riskActionSchema,
          response: { 200: riskActionResponseSchema, ...failures },
        },
      },
      async (req) => ({
        message: MSG_RISK.actionDone[req.body.action],
        marks: await actOnAccount(db(), opts.suspend, staffId(req), req.params.id, req.body),
      }),
    );
  });
}
