import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  MSG_BANK_FLOWS,
  c2pChargeRequestSchema,
  c2pChargeResponseSchema,
  c2pKeyRequestSchema,
  errorSchema,
  idParam,
  rechargeStatusSchema,
} from '@domino/contracts';
import { eq } from 'drizzle-orm';
import { recharges } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { consume } from '../../lib/rate-limit';
import { idempotencyScope } from '../../lib/idempotency';
import { requireAuth, session } from '../auth/plugin';
import { chargeC2p, requestC2pKey } from './c2p';
import { noticeCredit } from './notices';
import { receiveNotification } from './notifications';

const tags = ['Billetera'];

/** The largest notification body read (a bank posts one movement), in bytes. */
const NOTIFICATION_BODY_LIMIT = 64 * 1024;

/**
 * Routes of the automatic recharge flows (docs/decisions/051-bank-connectors.md): C2P key
 * and charge, a recharge's verification state, the banks' signed notifications, (staff paying a
 * withdrawal through the bank is payments/bank-payout-routes.ts). The Pago Móvil request itself stays POST /api/recharge_api
 * (payments/routes.ts), which asks the payer's phone and bank when the account verifies.
 */
export async function bankRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const connectors = () => app.deps.bank.connectors;
  const notices = () => ({ hub: app.deps.hub, push: app.deps.push });

  await app.register(async (scope) => {
    requireAuth(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const c2pInput = (b: z.output<typeof c2pKeyRequestSchema>) => ({
      accountId: b.account_id,
      amountCents: b.amount,
      typeIdentification: b.type_identification,
      nIdentification: b.n_identification,
      phone: b.phone,
      bankCode: b.bank_code,
    });

    r.post(
      '/api/recharges/c2p/key',
      {
        schema: {
          tags,
          summary: 'Pedir al banco del pagador la clave de pago C2P por SMS',
          description:
            'Se verifican antes los límites de depósito del jugador; nunca se pide una clave ' +
            'para un monto que un límite no permite.',
          body: c2pKeyRequestSchema,
          response: {
            200: z.object({ message: z.string() }),
            422: errorSchema,
            429: errorSchema,
            503: errorSchema,
          },
        },
      },
      async (req) => {
        const userId = session(req).user.id;
        // Each request makes the payer's bank send an SMS: a few per player, then wait.
        if ((await consume(app.deps.limiters.c2pKey, String(userId))) !== null)
          throw new AppError('banking/too_many_keys', 429, MSG_BANK_FLOWS.c2pKeyTooMany);
        return requestC2pKey(db(), connectors(), userId, c2pInput(req.body));
      },
    );

    r.post(
      '/api/recharges/c2p',
      {
        schema: {
          tags,
          summary: 'Recargar con clave de pago (C2P): el banco cobra y se acredita al instante',
          description:
            'Acepta Idempotency-Key: un reintento con la misma clave responde el estado del ' +
            'mismo cobro y nunca cobra dos veces. 201 acreditada; 202 en confirmación con el ' +
            'banco (lo revisa el personal); 422 con el motivo del banco en español.',
          body: c2pChargeRequestSchema,
          response: {
            201: c2pChargeResponseSchema,
            202: c2pChargeResponseSchema,
            422: errorSchema,
          },
        },
      },
      async (req, reply) => {
        const userId = session(req).user.id;
        // The payment key is not part of the fingerprint: it is never hashed, stored or logged.
        const { key, ...rest } = req.body;
        const scopeKey = idempotencyScope(req, userId, 'recharge.c2p', rest);
        const out = await chargeC2p(
          db(),
          connectors(),
          userId,
          c2pInput(req.body),
          key,
          scopeKey?.key ?? null,
        );
        if (out.credit) noticeCredit(notices(), out.credit);
        return reply.code(out.status).send(out.body);
      },
    );

    r.get(
      '/api/recharges/:id/status',
      {
        schema: {
          tags,
          summary: 'Estado de una recarga y de su verificación con el banco (dueño)',
          params: z.object({ id: idParam }),
          response: { 200: rechargeStatusSchema },
        },
      },
      async (req) => {
        const [row] = await db().select().from(recharges).where(eq(recharges.id, req.params.id));
        if (!row || row.userId !== session(req).user.id)
          throw new AppError('http/not_found', 404, MSG.notFound);
        return {
          id: row.id,
          status: row.status as 'pendiente' | 'aprobado' | 'rechazado',
          verification: row.verificationState,
          method: row.method,
        };
      },
    );
  });

  // Banks post here; the body is read raw for the signature (connector.notification decides).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: NOTIFICATION_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/bank-notifications/:token',
      {
        schema: {
          tags: ['Bancos'],
          summary: 'Notificación firmada de un Pago Móvil recibido (la envía el banco)',
          params: z.object({ token: z.string().min(1).max(200) }),
        },
      },
      async (req, reply) => {
        const { token } = req.params;
        const bound = await connectors().forNotificationToken(db(), token);
        if (!bound) throw new AppError('http/not_found', 404, MSG_BANK_FLOWS.notificationUnknown);
        const headers: Record<string, string | undefined> = {};
        for (const [k, v] of Object.entries(req.headers))
          headers[k] = Array.isArray(v) ? v.join(', ') : v;
        const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const out = await receiveNotification(db(), bound, { headers, rawBody });
        if (out.kind === 'rejected') {
          throw out.status === 401
            ? new AppError('banking/bad_signature', 401, MSG.unauthenticated)
            : new AppError('banking/malformed', 400, MSG.formHasErrors);
        }
        if (out.kind === 'stored' && out.credit) noticeCredit(notices(), out.credit);
        return reply.code(200).send(out.reply ?? { ok: true });
      },
    );
  });
}
