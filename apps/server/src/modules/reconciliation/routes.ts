import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  centsToBolivares,
  errorSchema,
  idParam,
  MSG_RECONCILIATION,
  plural,
  pluralWord,
  RECONCILIATION_ROUTES,
  reconciliationAccountSchema,
  reconciliationApproveRequestSchema,
  reconciliationApproveResponseSchema,
  reconciliationMappingSavedSchema,
  reconciliationMappingSchema,
  reconciliationReportSchema,
  toFieldErrors,
} from '@domino/contracts';
import { AppError } from '../../lib/errors';
import { multipartBodySchema, multipartFields, multipartFile } from '../../lib/multipart';
import { requireAuth, session } from '../auth/plugin';
import {
  approveMatches,
  listReconciliationAccounts,
  saveMapping,
  statementReport,
  uploadStatement,
} from './service';

const tags = ['Administración'];
const idParams = z.object({ id: idParam });
const uploadFields = z.object({
  account_id: z
    .string({ error: MSG_RECONCILIATION.accountNotFound })
    .regex(/^[1-9][0-9]{0,15}$/, MSG_RECONCILIATION.accountNotFound)
    .transform(Number),
});

/**
 * Staff routes of bank reconciliation (/admin/conciliacion; docs/decisions/033-bank-reconciliation.md).
 * Every route requires role `admin` (401 without a session, 403 for players). Approvals push the
 * player's new balance and request status after each commit and send the payment push, exactly as
 * a manual approval in payments/staff-routes.ts does.
 */
export async function reconciliationRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const { hub } = app.deps;

  await app.register(async (scope) => {
    requireAuth(scope, 'admin');
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const staffId = (req: Parameters<typeof session>[0]) => session(req).user.id;

    r.get(
      RECONCILIATION_ROUTES.accounts,
      {
        schema: {
          tags,
          summary: 'Cuentas de recarga con su configuración de estado de cuenta',
          response: { 200: z.array(reconciliationAccountSchema) },
        },
      },
      async () => listReconciliationAccounts(db()),
    );

    r.put(
      '/api/admin/reconciliation/accounts/:id/mapping',
      {
        schema: {
          tags,
          summary: 'Guardar las columnas del estado de cuenta de una cuenta de recarga',
          params: idParams,
          body: reconciliationMappingSchema,
          response: {
            200: reconciliationMappingSavedSchema,
            404: errorSchema,
          },
        },
      },
      async (req) => ({
        message: MSG_RECONCILIATION.mappingSaved,
        mapping: await saveMapping(db(), staffId(req), req.params.id, req.body),
      }),
    );

    r.post(
      RECONCILIATION_ROUTES.statements,
      {
        // Its refusals name a statement, not an image (lib/multipart.ts; decision 046).
        config: { uploadKind: 'statement' },
        schema: {
          tags,
          summary: 'Subir un estado de cuenta (multipart: account_id, statement CSV o XLSX)',
          consumes: ['multipart/form-data'],
          body: multipartBodySchema(
            { account_id: 'Obligatorio. Id de la cuenta de recarga del estado de cuenta' },
            {
              name: 'statement',
              description: 'Obligatorio. El estado de cuenta en CSV o XLSX, de hasta 5 MB',
            },
          ),
          response: {
            200: reconciliationReportSchema,
            404: errorSchema,
            409: errorSchema,
          },
        },
      },
      async (req) => {
        const fields = uploadFields.safeParse(multipartFields(req.body));
        const file = multipartFile(req.body, 'statement', {
          missing: MSG_RECONCILIATION.fileMissing,
        });
        if (!fields.success || !file) {
          const errors = fields.success ? {} : toFieldErrors(fields.error);
          if (!file) errors.statement = [MSG_RECONCILIATION.fileMissing];
          throw AppError.validation(errors);
        }
        return uploadStatement(db(), staffId(req), fields.data.account_id, {
          name: file.filename,
          bytes: file.bytes,
        });
      },
    );

    r.get(
      '/api/admin/reconciliation/statements/:id',
      {
        schema: {
          tags,
          summary: 'Resultado actual de la conciliación de un estado de cuenta',
          params: idParams,
          response: { 200: reconciliationReportSchema, 404: errorSchema },
        },
      },
      async (req) => statementReport(db(), req.params.id),
    );

    r.post(
      '/api/admin/reconciliation/statements/:id/approve',
      {
        schema: {
          tags,
          summary: 'Aprobar las recargas coincidentes (cada una una sola vez)',
          description:
            'Solo se aprueban los pares que siguen coincidiendo al momento de aprobar; los demás ' +
            'vuelven en `skipped` con el motivo. Cada aprobación es la misma de la cola de recargas.',
          params: idParams,
          body: reconciliationApproveRequestSchema,
          response: { 200: reconciliationApproveResponseSchema, 404: errorSchema },
        },
      },
      async (req) => {
        const out = await approveMatches(db(), staffId(req), req.params.id, req.body.pairs);
        for (const a of out.approved) {
          hub.toUser(a.userId, 'balance:updated', { balance: centsToBolivares(a.balanceCents) });
          hub.toUser(a.userId, 'request:updated', {
            kind: 'recharge',
            id: a.rechargeId,
            status: 'aprobado',
          });
          app.deps.push.notifyPayment(a.userId, 'recharge', 'approved', a.rechargeId);
        }
        const n = out.approved.length;
        return {
          message:
            n === 0
              ? 'No se aprobó ninguna recarga.'
              : `${pluralWord(n, 'Se aprobó', 'Se aprobaron')} ${plural(n, 'recarga', 'recargas')}.`,
          approved: n,
          skipped: out.skipped,
          report: await statementReport(db(), req.params.id),
        };
      },
    );
  });
}
