import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adjustmentRequestSchema,
  adminRechargeSchema,
  adminWithdrawalSchema,
  centsToBolivares,
  errorSchema,
  payRequestSchema,
  reasonRequestSchema,
} from '@domino/contracts';
import { idParam } from '@domino/contracts';
import { idempotencyScope, runIdempotent } from '../../lib/idempotency';
import { requireAuth, session } from '../auth/plugin';
import { staffDecision } from '../auth/staff-decision';
import {
  adjustBalance,
  approveRecharge,
  payWithdrawal,
  rejectRecharge,
  rejectWithdrawal,
} from './service';
import { listRecharges, listWithdrawals } from './staff-queries';

const tags = ['Administración'];
const idParams = z.object({ id: idParam });
const decisionResponse = z.object({
  message: z.string(),
  id: z.number().int(),
  status: z.string(),
});

/**
 * Staff routes of payments (docs/architecture.md#how-a-payment-flows): the recharge and withdrawal queues, their decisions and
 * balance adjustments. Everything here requires role `admin` (403 for players). Decisions
 * honour `Idempotency-Key` (the transaction is opened by `runIdempotent`, the service works in
 * it), lock the request row (one effect when two staff decide at once), answer 409 on an
 * already-decided request, write the audit log in the same transaction, and push the player's
 * new balance and request status after commit. The rest of the staff console (dashboard, users,
 * audit) is admin/staff-routes.ts; banks are catalog/staff-routes.ts.
 */
export async function paymentStaffRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const { hub } = app.deps;

  await app.register(async (scope) => {
    requireAuth(scope, 'admin');
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const statusQuery = (values: [string, ...string[]]) =>
      z.object({
        status: z
          .enum(values)
          .optional()
          .or(z.literal('').transform(() => undefined)),
      });

    r.get(
      '/api/admin/recharges',
      {
        schema: {
          tags,
          summary: 'Cola de recargas',
          querystring: statusQuery(['pendiente', 'aprobado', 'rechazado']),
          response: { 200: z.array(adminRechargeSchema) },
        },
      },
      async (req) => listRecharges(db(), req.query.status),
    );
    r.get(
      '/api/admin/withdrawals',
      {
        schema: {
          tags,
          summary: 'Cola de retiros',
          querystring: statusQuery(['pendiente', 'completado', 'rechazado']),
          response: { 200: z.array(adminWithdrawalSchema) },
        },
      },
      async (req) => listWithdrawals(db(), req.query.status),
    );

    /**
     * One decision through `staffDecision` (auth/staff-decision.ts), then, after the commit and
     * never on a replay, the player's live events on their sockets and a push notification
     * (decision 025).
     */
    type Decided = {
      userId: number;
      status: string;
      balanceCents?: number | null;
      id: number;
      message: string;
      kind: 'recharge' | 'withdrawal';
    };
    const notifyPlayer = (outcome: 'approved' | 'rejected') => (b: Decided) => {
      if (typeof b.balanceCents === 'number')
        hub.toUser(b.userId, 'balance:updated', { balance: centsToBolivares(b.balanceCents) });
      hub.toUser(b.userId, 'request:updated', { kind: b.kind, id: b.id, status: b.status });
      app.deps.push.notifyPayment(b.userId, b.kind, outcome, b.id);
    };

    r.post(
      '/api/admin/recharges/:id/approve',
      {
        schema: {
          tags,
          summary: 'Aprobar una recarga (acredita el saldo una sola vez)',
          params: idParams,
          response: { 200: decisionResponse, 409: errorSchema },
        },
      },
      async (req) =>
        staffDecision<Decided>(db(), req, {
          route: `recharge.approve:${req.params.id}`,
          fingerprint: { id: req.params.id },
          id: req.params.id,
          message: 'Recarga aprobada',
          work: async (tx, staffId) => ({
            ...(await approveRecharge(tx, staffId, req.params.id)),
            id: req.params.id,
            kind: 'recharge',
            message: 'Recarga aprobada',
          }),
          afterCommit: notifyPlayer('approved'),
        }),
    );
    r.post(
      '/api/admin/recharges/:id/reject',
      {
        schema: {
          tags,
          summary: 'Rechazar una recarga',
          params: idParams,
          body: reasonRequestSchema,
          response: { 200: decisionResponse, 409: errorSchema },
        },
      },
      async (req) =>
        staffDecision<Decided>(db(), req, {
          route: `recharge.reject:${req.params.id}`,
          fingerprint: { id: req.params.id, ...req.body },
          id: req.params.id,
          message: 'Recarga rechazada',
          work: async (tx, staffId) => ({
            ...(await rejectRecharge(tx, staffId, req.params.id, req.body.reason)),
            id: req.params.id,
            kind: 'recharge',
            message: 'Recarga rechazada',
          }),
          afterCommit: notifyPlayer('rejected'),
        }),
    );
    r.post(
      '/api/admin/withdrawals/:id/pay',
      {
        schema: {
          tags,
          summary: 'Marcar un retiro como pagado',
          description:
            'Un retiro en revisión (`review` en la cola: pedido dentro de las 24 horas siguientes ' +
            'a un cambio de correo, teléfono o cuenta bancaria) exige `review_acknowledged: true`; ' +
            'sin ello responde 409 payments/review_required. El reconocimiento queda en la ' +
            'auditoría del pago.',
          params: idParams,
          body: payRequestSchema,
          response: { 200: decisionResponse, 409: errorSchema },
        },
      },
      async (req) =>
        staffDecision<Decided>(db(), req, {
          route: `withdrawal.pay:${req.params.id}`,
          fingerprint: { id: req.params.id, ...req.body },
          id: req.params.id,
          message: 'Retiro marcado como pagado',
          work: async (tx, staffId) => ({
            ...(await payWithdrawal(
              tx,
              staffId,
              req.params.id,
              req.body.payout_reference,
              req.body.review_acknowledged === true,
            )),
            id: req.params.id,
            kind: 'withdrawal',
            message: 'Retiro marcado como pagado',
          }),
          afterCommit: notifyPlayer('approved'),
        }),
    );
    r.post(
      '/api/admin/withdrawals/:id/reject',
      {
        schema: {
          tags,
          summary: 'Rechazar un retiro (devuelve el monto)',
          params: idParams,
          body: reasonRequestSchema,
          response: { 200: decisionResponse, 409: errorSchema },
        },
      },
      async (req) =>
        staffDecision<Decided>(db(), req, {
          route: `withdrawal.reject:${req.params.id}`,
          fingerprint: { id: req.params.id, ...req.body },
          id: req.params.id,
          message: 'Retiro rechazado',
          work: async (tx, staffId) => ({
            ...(await rejectWithdrawal(tx, staffId, req.params.id, req.body.reason)),
            id: req.params.id,
            kind: 'withdrawal',
            message: 'Retiro rechazado',
          }),
          afterCommit: notifyPlayer('rejected'),
        }),
    );
    r.post(
      '/api/admin/users/:id/adjustments',
      {
        schema: {
          tags,
          summary: 'Ajustar el saldo de un jugador (monto con signo, con motivo)',
          params: idParams,
          body: adjustmentRequestSchema,
          response: { 200: z.object({ message: z.string(), balance: z.number() }) },
        },
      },
      async (req) => {
        const staffId = session(req).user.id;
        const scopeKey = idempotencyScope(req, staffId, `user.adjust:${req.params.id}`, {
          id: req.params.id,
          ...req.body,
        });
        const ledgerKey = `adjustment:${staffId}:${scopeKey?.key ?? randomUUID()}`;
        const res = await runIdempotent(db(), scopeKey, async (tx) => {
          const out = await adjustBalance(
            tx,
            staffId,
            req.params.id,
            req.body.amount,
            req.body.reason,
            ledgerKey,
          );
          return {
            status: 200,
            body: {
              message: 'Saldo ajustado',
              balance: centsToBolivares(out.balanceCents),
              userId: out.userId,
            },
          };
        });
        if (!res.replayed)
          hub.toUser(res.body.userId, 'balance:updated', { balance: res.body.balance });
        return { message: res.body.message, balance: res.body.balance };
      },
    );
  });
}
