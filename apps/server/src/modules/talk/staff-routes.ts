import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG_TALK,
  errorSchema,
  idParam,
  talkBanRequestSchema,
  talkReportListSchema,
  talkStaffActionResponseSchema,
} from '@domino/contracts';
import { requireAuth, session } from '../auth/plugin';
import { banFromReport, dismissReport, listReports } from './staff-service';

const tags = ['Administración'];
const idParams = z.object({ id: idParam });

/**
 * Staff routes of table talk (/admin/reportes; docs/decisions/023-table-talk.md), admin only:
 * GET /api/admin/talk-reports?status=open|dismissed|banned, POST .../{id}/dismiss ("Descartar"),
 * POST .../{id}/ban {days: 1|7} ("Silenciar"). Each decision is audited in its transaction
 * (talk/staff-service.ts).
 */
export async function talkStaffRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    requireAuth(scope, 'admin');
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const db = () => app.deps.database.db;

    r.get(
      '/api/admin/talk-reports',
      {
        schema: {
          tags,
          summary: 'Reportes de mensajes en las mesas',
          querystring: z.object({
            status: z
              .enum(['open', 'dismissed', 'banned'], { error: 'Estado no válido.' })
              .default('open'),
          }),
          response: { 200: talkReportListSchema },
        },
      },
      async (req) => ({ data: await listReports(db(), req.query.status) }),
    );

    r.post(
      '/api/admin/talk-reports/:id/dismiss',
      {
        schema: {
          tags,
          summary: 'Descartar un reporte',
          params: idParams,
          response: { 200: talkStaffActionResponseSchema, 404: errorSchema, 409: errorSchema },
        },
      },
      async (req) => ({
        message: MSG_TALK.dismissed,
        report: await dismissReport(db(), session(req).user.id, req.params.id),
      }),
    );

    r.post(
      '/api/admin/talk-reports/:id/ban',
      {
        schema: {
          tags,
          summary: 'Silenciar al jugador reportado (24 horas o 7 días)',
          params: idParams,
          body: talkBanRequestSchema,
          response: { 200: talkStaffActionResponseSchema, 404: errorSchema, 409: errorSchema },
        },
      },
      async (req) => ({
        message: MSG_TALK.bannedDone(req.body.days),
        report: await banFromReport(db(), session(req).user.id, req.params.id, req.body.days),
      }),
    );
  });
}
