import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG_POT,
  adminPotResponseSchema,
  centsToBolivares,
  unauthorizedSchema,
  potCurrentResponseSchema,
  potRankingResponseSchema,
  potSettingsRequestSchema,
  potTopUpRequestSchema,
  potTopUpResponseSchema,
} from '@domino/contracts';
import { idempotencyScope, runIdempotent } from '../../lib/idempotency';
import { requireAuth, session } from '../auth/plugin';
import { adminPotView, currentPot, potRankingPage, topUpPot, updatePotSettings } from './service';

const tags = ['Pote del Mes'];

/**
 * Pote del Mes routes (decision 007; docs/product.md §7 GET /api/monthly-pot/current).
 * - GET /api/monthly-pot/current: public (the dashboard modal and the landing's top players).
 * - GET /api/monthly-pot/ranking: a player's /pote page (login required).
 * - /api/admin/pot...: staff only (403 for players); every change audited with before/after.
 */
export async function potRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/monthly-pot/current',
    {
      schema: {
        tags,
        summary: 'Pote del mes en curso y sus 10 primeros jugadores',
        response: { 200: potCurrentResponseSchema },
      },
    },
    async () => currentPot(db()),
  );

  await app.register(async (scope) => {
    requireAuth(scope);
    scope.withTypeProvider<ZodTypeProvider>().get(
      '/api/monthly-pot/ranking',
      {
        schema: {
          tags,
          summary: 'Ranking del mes (50 primeros y mi posición), reparto y meses anteriores',
          response: { 200: potRankingResponseSchema, 401: unauthorizedSchema },
        },
      },
      async (req) => potRankingPage(db(), session(req).user.id),
    );
  });

  await app.register(async (scope) => {
    requireAuth(scope, 'admin');
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/admin/pot',
      {
        schema: {
          tags,
          summary: 'Pote del mes: configuración, saldo, aportes e historial (personal)',
          response: { 200: adminPotResponseSchema },
        },
      },
      async () => adminPotView(db()),
    );
    r.patch(
      '/api/admin/pot',
      {
        schema: {
          tags,
          summary: 'Cambiar la descripción o los porcentajes del pote del mes en curso',
          body: potSettingsRequestSchema,
          response: { 200: adminPotResponseSchema.extend({ message: z.string() }) },
        },
      },
      async (req) => {
        const staffId = session(req).user.id;
        await updatePotSettings(db(), staffId, {
          description: req.body.description,
          sharesBps: req.body.shares_bps,
        });
        return { message: MSG_POT.settingsSaved, ...(await adminPotView(db())) };
      },
    );
    r.post(
      '/api/admin/pot/top-ups',
      {
        schema: {
          tags,
          summary: 'Aportar dinero al pote del mes en curso (con motivo; acepta Idempotency-Key)',
          body: potTopUpRequestSchema,
          response: { 200: potTopUpResponseSchema },
        },
      },
      async (req) => {
        const staffId = session(req).user.id;
        const scopeKey = idempotencyScope(req, staffId, 'pot.top_up', req.body);
        const ledgerKey = `pot-top-up:${staffId}:${scopeKey?.key ?? randomUUID()}`;
        const res = await runIdempotent(db(), scopeKey, async (tx) => {
          const out = await topUpPot(tx, staffId, req.body.amount, req.body.reason, ledgerKey);
          return {
            status: 200,
            body: {
              message: MSG_POT.topUpDone,
              amount: centsToBolivares(out.balanceCents),
              amount_cents: out.balanceCents,
            },
          };
        });
        return res.body;
      },
    );
  });
}
