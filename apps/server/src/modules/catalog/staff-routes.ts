import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBankSchema,
  adminRechargeAccountSchema,
  bankInputSchema,
  errorSchema,
  rechargeAccountInputSchema,
} from '@domino/contracts';
import { idParam } from '@domino/contracts';
import { requireAuth, session } from '../auth/plugin';
import {
  createBank,
  createRechargeAccount,
  listBanks,
  listRechargeAccountsAdmin,
  setBankActive,
  setRechargeAccountActive,
  updateBank,
  updateRechargeAccount,
} from './banks';

const tags = ['Administración'];
const idParams = z.object({ id: idParam });
const failures = { 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * Staff management of the payment catalogue (decision 009, /admin/bancos): banks and the
 * platform's recharge accounts. Every route requires role `admin` (401 without a session, 403
 * for players); bad input is 422 with Spanish field messages and changes nothing; unknown ids
 * are 404. Routes validate, call one function of catalog/banks.ts and return: the service opens
 * the transaction, takes the locks and writes the audit row inside it.
 */
export async function catalogStaffRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  await app.register(async (scope) => {
    requireAuth(scope, 'admin');
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const staffId = (req: Parameters<typeof session>[0]) => session(req).user.id;

    r.get(
      '/api/admin/banks',
      {
        schema: {
          tags,
          summary: 'Todos los bancos (activos e inactivos)',
          response: { 200: z.array(adminBankSchema) },
        },
      },
      async () => listBanks(db()),
    );
    r.post(
      '/api/admin/banks',
      {
        schema: {
          tags,
          summary: 'Crear un banco (código de 4 dígitos único)',
          body: bankInputSchema,
          response: { 201: adminBankSchema },
        },
      },
      async (req, reply) => {
        const bank = await createBank(db(), staffId(req), req.body);
        return reply.code(201).send(bank);
      },
    );
    r.patch(
      '/api/admin/banks/:id',
      {
        schema: {
          tags,
          summary: 'Editar el código y el nombre de un banco',
          params: idParams,
          body: bankInputSchema,
          response: { 200: adminBankSchema, 404: errorSchema },
        },
      },
      async (req) => updateBank(db(), staffId(req), req.params.id, req.body),
    );
    for (const action of ['activate', 'deactivate'] as const) {
      r.post(
        `/api/admin/banks/:id/${action}`,
        {
          schema: {
            tags,
            summary:
              action === 'activate'
                ? 'Activar un banco (vuelve a aparecer a los jugadores)'
                : 'Desactivar un banco (deja de aparecer a los jugadores)',
            params: idParams,
            response: { 200: adminBankSchema, ...failures },
          },
        },
        async (req) => setBankActive(db(), staffId(req), req.params.id, action === 'activate'),
      );
    }
    r.get(
      '/api/admin/recharge-accounts',
      {
        schema: {
          tags,
          summary: 'Todas las cuentas de recarga de la plataforma',
          response: { 200: z.array(adminRechargeAccountSchema) },
        },
      },
      async () => listRechargeAccountsAdmin(db()),
    );
    r.post(
      '/api/admin/recharge-accounts',
      {
        schema: {
          tags,
          summary: 'Crear una cuenta de recarga (Pago Móvil) activa',
          body: rechargeAccountInputSchema,
          response: { 201: adminRechargeAccountSchema },
        },
      },
      async (req, reply) => {
        const account = await createRechargeAccount(db(), staffId(req), req.body);
        return reply.code(201).send(account);
      },
    );
    r.patch(
      '/api/admin/recharge-accounts/:id',
      {
        schema: {
          tags,
          summary: 'Editar una cuenta de recarga',
          params: idParams,
          body: rechargeAccountInputSchema,
          response: { 200: adminRechargeAccountSchema, 404: errorSchema },
        },
      },
      async (req) => updateRechargeAccount(db(), staffId(req), req.params.id, req.body),
    );
    for (const action of ['activate', 'deactivate'] as const) {
      r.post(
        `/api/admin/recharge-accounts/:id/${action}`,
        {
          schema: {
            tags,
            summary:
              action === 'activate'
                ? 'Activar una cuenta de recarga'
                : 'Desactivar una cuenta de recarga (nunca la última activa)',
            params: idParams,
            response: { 200: adminRechargeAccountSchema, ...failures },
          },
        },
        async (req) =>
          setRechargeAccountActive(db(), staffId(req), req.params.id, action === 'activate'),
      );
    }
  });
}
