import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  MSG_BANK_FLOWS,
  MSG_PAYMENTS,
  VERIFICATION_STATES,
  type VerificationState,
  payerFieldsSchema,
  MSG_PROTECTION,
  balanceResponseSchema,
  bankAccountRequestSchema,
  bankSchema,
  centsToBolivares,
  clientDataSchema,
  errorSchema,
  rechargeAccountSchema,
  rechargeFieldsSchema,
  toFieldErrors,
  transactionsQuerySchema,
  transactionsResponseSchema,
  withdrawRequestSchema,
  withdrawReviewResponseSchema,
  withdrawalReviewSchema,
} from '@domino/contracts';
import { idParam } from '@domino/contracts';
import { eq } from 'drizzle-orm';
import { recharges } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { idempotencyScope, runIdempotent } from '../../lib/idempotency';
import { multipartBodySchema, multipartFields, multipartFile } from '../../lib/multipart';
import { accountLimiters, apiErrorSchema } from '../auth/limits';
import { requireAuth, session } from '../auth/plugin';
import { appMailer } from '../mail/app-mailer';
import { recentAccountChanges, reviewOf } from '../protection/changes';
import { passwordGate } from '../protection/password-gate';
import { clientOf } from '../protection/request';
import { walletBalanceCents } from '../ledger/accounts';
import type { ProcessedImage } from '../uploads/images';
import { ImageRejected, processImage } from '../uploads/images';
import { findImage } from '../uploads/repo';
import {
  addOwnBankAccount,
  listAvailableBanks,
  listBankAccounts,
  listRechargeAccounts,
  requestRecharge,
  requestWithdrawal,
} from './service';
import { listTransactions } from './transactions';
import { noticeCredit } from '../banking/notices';
import { creditFromUnclaimed } from '../banking/notifications';
import { automaticCapabilities } from '../banking/port';

const tags = ['Billetera'];

/**
 * Player wallet routes (docs/architecture.md#how-a-payment-flows; docs/product.md §7): balance, client data, recharge accounts, banks,
 * recharge and withdrawal requests, bank accounts, transactions and the proof image.
 */
export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const { hub } = app.deps;
  const mailer = appMailer(app);

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/banks',
      { schema: { tags, summary: 'Bancos disponibles', response: { 200: z.array(bankSchema) } } },
      async () => listAvailableBanks(db()),
    );

  await app.register(async (scope) => {
    requireAuth(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/user/balance',
      {
        schema: {
          tags,
          summary: 'Saldo disponible (Bs.)',
          response: { 200: balanceResponseSchema },
        },
      },
      async (req) => ({
        balance: centsToBolivares(await walletBalanceCents(db(), session(req).user.id)),
      }),
    );

    r.get(
      '/api/client-data',
      {
        schema: {
          tags,
          summary: 'Datos del cliente para recargas y retiros',
          response: { 200: clientDataSchema },
        },
      },
      async (req) => {
        const { user } = session(req);
        return {
          name: user.name,
          type_identification: user.typeIdentification,
          n_identification: user.nIdentification,
          email: user.email,
          username: user.username,
          phone: user.phone,
          user: { id: user.id, balance: centsToBolivares(await walletBalanceCents(db(), user.id)) },
          bank_accounts: await listBankAccounts(db(), user.id),
        };
      },
    );

    r.get(
      '/api/accounts_recharge',
      {
        schema: {
          tags,
          summary: 'Cuentas de la plataforma para Pago Móvil',
          response: { 200: z.array(rechargeAccountSchema) },
        },
      },
      async () => {
        const accounts = await listRechargeAccounts(db());
        return Promise.all(
          accounts.map(async (a) => ({
            ...a,
            automatic: await automaticCapabilities(
              app.deps.bank.connectors,
              db(),
              a.id,
              app.deps.config.BANK_SIMULATOR_URL,
            ),
          })),
        );
      },
    );

    r.post(
      '/api/recharge_api',
      {
        schema: {
          tags,
          summary:
            'Solicitar una recarga (multipart: amount, reference, account_id, payment_proof opcional)',
          consumes: ['multipart/form-data'],
          body: multipartBodySchema(
            {
              amount: 'Obligatorio. Monto en bolívares (mínimo 250, hasta dos decimales)',
              reference:
                'Obligatoria. Referencia del Pago Móvil (3 a 20 letras, números o guiones)',
              account_id: 'Obligatorio. Id de la cuenta de la plataforma que recibió el pago',
              payer_phone:
                'Teléfono desde el que se pagó (obligatorio si la cuenta verifica con el banco)',
              payer_bank_code:
                'Código del banco del pagador, p. ej. 0102 (obligatorio si la cuenta verifica)',
              paid_on: 'Opcional. Día del pago, AAAA-MM-DD (por omisión hoy, hora de Caracas)',
            },
            {
              name: 'payment_proof',
              description: 'Comprobante opcional: PNG, JPG/JPEG o SVG de hasta 5 MB',
            },
          ),
          response: {
            201: z.object({
              message: z.string(),
              id: z.number().int(),
              status: z.string(),
              /** The automatic verification state (decision 051): 'manual' without a connector. */
              verification: z.enum(VERIFICATION_STATES).optional(),
              /** The new balance (bolívares) when a notified movement credited it at once. */
              new_balance: z.number().nullable().optional(),
            }),
          },
        },
      },
      async (req, reply) => {
        const userId = session(req).user.id;
        // The form was read and checked before validation (lib/multipart.ts): an empty, oversized
        // or second file never gets here.
        const file = multipartFile(req.body, 'payment_proof', { optional: true })?.bytes ?? null;
        const fields = multipartFields(req.body);
        const parsed = rechargeFieldsSchema.safeParse(fields);
        // An account whose bank connector verifies also needs the payer's phone and bank
        // (docs/decisions/051-bank-connectors.md); its recharge is credited in seconds.
        const verifies =
          parsed.success &&
          (await automaticCapabilities(app.deps.bank.connectors, db(), parsed.data.account_id))
            .verify;
        const payer = verifies ? payerFieldsSchema.safeParse(fields) : null;
        let proof: ProcessedImage | null = null;
        let proofError: string | null = null;
        if (file) {
          try {
            proof = await processImage(file);
          } catch (err) {
            if (!(err instanceof ImageRejected)) throw err;
            proofError = err.userMessage;
          }
        }
        if (!parsed.success || proofError || (payer && !payer.success)) {
          const errors = parsed.success ? {} : toFieldErrors(parsed.error);
          if (payer && !payer.success) Object.assign(errors, toFieldErrors(payer.error));
          if (proofError) errors.payment_proof = [proofError];
          throw AppError.validation(errors);
        }
        const payerData = payer?.success ? payer.data : null;
        const fingerprint = {
          ...parsed.data,
          payer: payerData,
          proof: file ? createHash('sha256').update(file).digest('hex') : null,
        };
        const scope = idempotencyScope(req, userId, 'recharge', fingerprint);
        const res = await runIdempotent(db(), scope, async (tx) => {
          const created = await requestRecharge(
            tx,
            userId,
            {
              amountCents: parsed.data.amount,
              reference: parsed.data.reference,
              accountId: parsed.data.account_id,
              payer: payerData
                ? {
                    phone: payerData.payer_phone,
                    bankCode: payerData.payer_bank_code,
                    paidOn: payerData.paid_on,
                  }
                : undefined,
            },
            proof,
          );
          // A movement the bank already notified, waiting for its recharge, credits it now.
          const credit = await creditFromUnclaimed(tx, created.id);
          const credited = credit?.kind === 'credited' ? credit : null;
          const verification: VerificationState = credited
            ? 'verified'
            : credit?.kind === 'needs_staff' || credit?.kind === 'movement_used'
              ? 'needs_staff'
              : payerData
                ? 'checking'
                : 'manual';
          return {
            status: 201,
            body: {
              message: credited
                ? MSG_BANK_FLOWS.rechargeCredited
                : verification === 'checking'
                  ? MSG_BANK_FLOWS.rechargeChecking
                  : MSG.rechargeSent,
              id: created.id,
              status: credited ? 'aprobado' : 'pendiente',
              verification,
              new_balance: credited ? centsToBolivares(credited.balanceCents) : null,
              credit,
            },
          };
        });
        const { credit, ...body } = res.body;
        if (!res.replayed) {
          if (credit) noticeCredit({ hub, push: app.deps.push }, credit);
          if (!credit || credit.kind !== 'credited')
            hub.toUser(userId, 'request:updated', {
              kind: 'recharge',
              id: body.id,
              status: 'pendiente',
              verification: body.verification,
            });
          if (body.verification === 'checking') app.deps.bank.verifier?.kick(body.id);
        }
        return reply.code(res.status as 201).send(body);
      },
    );

    r.get(
      '/api/recharges/:id/proof',
      {
        schema: {
          tags,
          summary: 'Comprobante de una recarga (dueño o personal)',
          params: z.object({ id: idParam }),
        },
      },
      async (req, reply) => {
        const { user } = session(req);
        const [row] = await db().select().from(recharges).where(eq(recharges.id, req.params.id));
        if (
          !row ||
          row.proofUploadId === null ||
          (row.userId !== user.id && user.rol !== 'admin')
        ) {
          throw new AppError('http/not_found', 404, MSG.notFound);
        }
        const image = await findImage(db(), row.proofUploadId);
        if (!image) throw new AppError('http/not_found', 404, MSG.notFound);
        return reply
          .header('content-type', image.mime)
          .header('cache-control', 'private, max-age=3600')
          .header('content-disposition', 'inline')
          .send(image.bytes);
      },
    );

    r.get(
      '/api/withdraw_review',
      {
        schema: {
          tags,
          summary: '¿Un retiro solicitado ahora quedaría en revisión? (y por qué)',
          description:
            'Tras un cambio de correo, teléfono o cuenta bancaria, los retiros de las 24 horas ' +
            'siguientes los revisa el personal antes de pagarlos (docs/decisions/013).',
          response: { 200: withdrawReviewResponseSchema },
        },
      },
      async (req) => {
        const review = reviewOf(await recentAccountChanges(db(), session(req).user.id));
        return { under_review: review !== null, review };
      },
    );

    r.post(
      '/api/withdraw_api',
      {
        schema: {
          tags,
          summary: 'Solicitar un retiro (el monto se reserva de inmediato)',
          description:
            'Dentro de las 24 horas siguientes a un cambio de correo, teléfono o cuenta bancaria, ' +
            'el retiro queda en revisión del personal: `review` dice qué cambió, cuándo y hasta ' +
            'cuándo.',
          body: withdrawRequestSchema,
          response: {
            201: z.object({
              message: z.string(),
              id: z.number().int(),
              status: z.string(),
              new_balance: z.number(),
              /** Set when it goes to staff review (docs/decisions/013). */
              review: withdrawalReviewSchema.nullable(),
            }),
            409: errorSchema,
          },
        },
      },
      async (req, reply) => {
        const userId = session(req).user.id;
        const scope = idempotencyScope(req, userId, 'withdraw', req.body);
        const res = await runIdempotent(db(), scope, async (tx) => {
          const created = await requestWithdrawal(tx, userId, {
            amountCents: req.body.amount,
            bankId: req.body.bank_account,
          });
          return {
            status: 201,
            body: {
              message: created.review ? MSG_PROTECTION.withdrawSentUnderReview : MSG.withdrawSent,
              id: created.id,
              status: 'pendiente',
              new_balance: centsToBolivares(created.balanceCents),
              review: created.review,
            },
          };
        });
        if (!res.replayed) {
          hub.toUser(userId, 'balance:updated', { balance: res.body.new_balance });
          hub.toUser(userId, 'request:updated', {
            kind: 'withdrawal',
            id: res.body.id,
            status: 'pendiente',
          });
        }
        return reply.code(res.status as 201).send(res.body);
      },
    );

    r.post(
      '/api/bank-accounts',
      {
        schema: {
          tags,
          summary: 'Registrar una cuenta bancaria propia',
          description:
            'Exige la contraseña actual en `current_password` (422 si falta o no es correcta; ' +
            '429 tras 5 incorrectas en 15 minutos). Avisa al correo de la cuenta y deja en ' +
            'revisión del personal los retiros de las 24 horas siguientes.',
          body: bankAccountRequestSchema,
          response: {
            201: z.object({
              message: z.string(),
              bank_account: clientDataSchema.shape.bank_accounts.element,
            }),
            422: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (req, reply) => {
        const userId = session(req).user.id;
        const account = await addOwnBankAccount(
          {
            db: db(),
            client: clientOf(req),
            notices: { mailer, publicUrl: app.deps.config.publicUrl, log: req.log },
            password: passwordGate(accountLimiters(app).passwordChange, userId),
          },
          userId,
          req.body,
        );
        return reply
          .code(201)
          .send({ message: MSG_PAYMENTS.bankAccountSaved, bank_account: account });
      },
    );

    r.get(
      '/api/transactions',
      {
        schema: {
          tags,
          summary: 'Movimientos del jugador (filtros: type, status, period, page)',
          querystring: transactionsQuerySchema,
          response: { 200: transactionsResponseSchema },
        },
      },
      async (req) => listTransactions(db(), session(req).user.id, req.query),
    );
  });
}
