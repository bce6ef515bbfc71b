import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG_REPORTS,
  bcvRateCorrectionSchema,
  bcvRateInputSchema,
  bcvRateListSchema,
  bcvRateSavedSchema,
  dailyReportQuerySchema,
  dailyReportSchema,
  errorSchema,
  idParam,
  isIsoDay,
  latestBcvRateSchema,
} from '@domino/contracts';
import { AppError } from '../../lib/errors';
import { requireUser } from '../admin/users';
import { requireAuth, session } from '../auth/plugin';
import { correctBcvRate, latestBcvRate, listBcvRates, recordBcvRate } from './bcv';
import { caracasToday, dailyReport, reportDay } from './daily';
import { dailyReportCsv, userLedgerCsv } from './exports';

const tags = ['Informes'];
const CSV_TYPE = 'text/csv; charset=utf-8';

/** Sends a CSV as a download named `filename` (ASCII only), never cached. */
function csvHeaders(filename: string) {
  return {
    'content-type': CSV_TYPE,
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
  };
}

/**
 * Daily report, CSV exports and the BCV rate (docs/decisions/034-daily-report-and-bcv-rate.md).
 * GET /api/bcv-rate is public (the BCV publishes its rate); every other route requires role
 * `admin` (401 without a session, 403 for players). Bad input is 422 with Spanish field messages
 * and changes nothing.
 */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/bcv-rate',
    {
      schema: {
        tags,
        summary: 'Última tasa de referencia del BCV (Bs. por US$ × 10 000) y su fecha',
        response: { 200: latestBcvRateSchema },
      },
    },
    async () => latestBcvRate(db()),
  );

  await app.register(async (scope) => {
    requireAuth(scope, 'admin');
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const staffId = (req: Parameters<typeof session>[0]) => session(req).user.id;

    r.get(
      '/api/admin/reports/daily',
      {
        schema: {
          tags,
          summary:
            'Informe diario (día de Caracas): recargas, retiros, comisiones, pote, custodia, adeudado y cuadre',
          querystring: dailyReportQuerySchema,
          response: { 200: dailyReportSchema, 403: errorSchema },
        },
      },
      async (req) => dailyReport(db(), reportDay(req.query.date)),
    );
    r.get(
      '/api/admin/reports/daily.csv',
      {
        schema: {
          tags,
          summary: 'Informe diario en CSV (UTF-8 con BOM, separado por punto y coma)',
          querystring: dailyReportQuerySchema,
        },
      },
      async (req, reply) => {
        const day = reportDay(req.query.date);
        const report = await dailyReport(db(), day);
        return reply.headers(csvHeaders(`informe-diario-${day}.csv`)).send(dailyReportCsv(report));
      },
    );
    r.get(
      '/api/admin/users/:id/ledger.csv',
      {
        schema: {
          tags,
          summary: 'Todos los movimientos del saldo de un jugador en CSV (para reclamos)',
          params: z.object({ id: idParam }),
        },
      },
      async (req, reply) => {
        await requireUser(db(), req.params.id);
        const csv = await userLedgerCsv(db(), staffId(req), req.params.id);
        return reply
          .headers(csvHeaders(`movimientos-usuario-${req.params.id}-${caracasToday()}.csv`))
          .send(csv);
      },
    );

    r.get(
      '/api/admin/bcv-rates',
      {
        schema: {
          tags,
          summary: 'Historial de tasas del BCV registradas (más recientes primero)',
          response: { 200: bcvRateListSchema },
        },
      },
      async () => ({ rates: await listBcvRates(db()) }),
    );
    r.post(
      '/api/admin/bcv-rates',
      {
        schema: {
          tags,
          summary: 'Registrar la tasa del BCV de un día (una por fecha)',
          body: bcvRateInputSchema,
          response: { 201: bcvRateSavedSchema, 409: errorSchema },
        },
      },
      async (req, reply) => {
        const rate = await recordBcvRate(db(), staffId(req), req.body);
        return reply.code(201).send({ message: MSG_REPORTS.rateRecorded, rate });
      },
    );
    r.put(
      '/api/admin/bcv-rates/:date',
      {
        schema: {
          tags,
          summary: 'Corregir la tasa del BCV de una fecha registrada',
          params: z.object({ date: z.string().max(10) }),
          body: bcvRateCorrectionSchema,
          response: { 200: bcvRateSavedSchema, 404: errorSchema, 409: errorSchema },
        },
      },
      async (req) => {
        if (!isIsoDay(req.params.date))
          throw new AppError('reports/rate_not_found', 404, MSG_REPORTS.rateNotFound);
        const rate = await correctBcvRate(db(), staffId(req), req.params.date, req.body.rate);
        return { message: MSG_REPORTS.rateCorrected, rate };
      },
    );
  });
}
