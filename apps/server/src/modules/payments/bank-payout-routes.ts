import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParam } from '@domino/contracts';
import { requireAuth, session } from '../auth/plugin';
import { payWithdrawalByBank } from './bank-payout';

/**
 * Staff pay a withdrawal through the recharge account's bank (docs/decisions/051-bank-connectors.md
 * "Withdrawals"): one payout call per withdrawal, settled like a manual payment when the bank
 * pays; an unknown outcome is never retried.
 */
export async function bankPayoutRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const connectors = () => app.deps.bank.connectors;

  await app.register(async (scope) => {
    requireAuth(scope, 'admin');
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/admin/withdrawals/:id/pay-by-bank',
      {
        schema: {
          tags: ['Administración'],
          summary: 'Pagar un retiro por el banco (Pago Móvil saliente)',
          description:
            'Una sola llamada al banco por retiro (clave withdrawal:{id}). Pagado: se liquida con ' +
            'la referencia del banco. Rechazado: queda pendiente con la respuesta. Sin respuesta: ' +
            'queda pendiente y no se reintenta a ciegas. Con revisión, exige review_acknowledged.',
          params: z.object({ id: idParam }),
          body: z.object({ review_acknowledged: z.boolean().optional() }).optional(),
          response: {
            200: z.object({ message: z.string(), id: z.number().int(), status: z.string() }),
            409: errorSchema,
            422: errorSchema,
          },
        },
      },
      async (req) => {
        const out = await payWithdrawalByBank(
          db(),
          connectors(),
          session(req).user.id,
          req.params.id,
          req.body?.review_acknowledged === true,
        );
        if (out.settled) {
          app.deps.hub.toUser(out.settled.userId, 'request:updated', {
            kind: 'withdrawal',
            id: req.params.id,
            status: 'completado',
          });
          app.deps.push.notifyPayment(out.settled.userId, 'withdrawal', 'approved', req.params.id);
        }
        return { message: out.message, id: req.params.id, status: out.status };
      },
    );
  });
}
