import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG_ADMIN,
  adminDashboardSchema,
  adminUserDetailSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  auditQuerySchema,
  auditResponseSchema,
  centsToBolivares,
  errorSchema,
  historyResponseSchema,
  ledgerCheckSchema,
  statusChangeRequestSchema,
  statusChangeResponseSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
} from '@domino/contracts';
import { idParam, pageQuery } from '@domino/contracts';
import { requireAuth, session } from '../auth/plugin';
import { listHistory } from '../games/history';
import { listTransactions } from '../payments/transactions';
import { listAudit } from './audit-log';
import { adminDashboard, runLedgerCheck } from './dashboard';
import { reactivateUser, requireUser, searchUsers, userDetail } from './users';
import { suspendAndDisconnect } from './suspension';

const tags = ['Administración'];
const idParams = z.object({ id: idParam });
const failures = { 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * The rest of the staff console (decision 009): dashboard and ledger check, users (search, page,
 * transactions, matches, suspend, reactivate), audit log (banks and recharge accounts are
 * catalog/staff-routes.ts, tables are tables/staff-routes.ts). Every route
 * requires role `admin` (401 without a session, 403 for players); bad input is 422 with Spanish
 * field messages and changes nothing; unknown ids are 404. Routes validate, call one function
 * and return; services own the transaction and write the audit row inside it.
 */
export async function adminConsoleRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  await app.register(async (scope) => {
    requireAuth(scope, 'admin');
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const staffId = (req: Parameters<typeof session>[0]) => session(req).user.id;

    // Dashboard ---------------------------------------------------------------------------------
    r.get(
      '/api/admin/dashboard',
      {
        schema: {
          tags,
          summary: 'Resumen: colas, volumen de hoy, comisiones, pote, partidas y libro mayor',
          response: { 200: adminDashboardSchema },
        },
      },
      async () => adminDashboard(db()),
    );
    r.post(
      '/api/admin/ledger-check',
      {
        schema: {
          tags,
          summary: 'Verificar ahora la consistencia del libro mayor (queda en la auditoría)',
          response: { 200: ledgerCheckSchema },
        },
      },
      async (req) => runLedgerCheck(db(), staffId(req)),
    );

    // Users -------------------------------------------------------------------------------------
    r.get(
      '/api/admin/users',
      {
        schema: {
          tags,
          summary: 'Buscar usuarios por nombre, correo, cédula o teléfono',
          querystring: adminUsersQuerySchema,
          response: { 200: adminUsersResponseSchema },
        },
      },
      async (req) => searchUsers(db(), req.query.q, req.query.page),
    );
    r.get(
      '/api/admin/users/:id',
      {
        schema: {
          tags,
          summary: 'Perfil, saldo, mesa y último cambio de estado de un usuario',
          params: idParams,
          response: { 200: adminUserDetailSchema, 404: errorSchema },
        },
      },
      async (req) => userDetail(db(), req.params.id),
    );
    r.get(
      '/api/admin/users/:id/transactions',
      {
        schema: {
          tags,
          summary: 'Movimientos de un usuario (mismos filtros que /api/transactions)',
          params: idParams,
          querystring: transactionsQuerySchema,
          response: { 200: transactionsResponseSchema, 404: errorSchema },
        },
      },
      async (req) => {
        await requireUser(db(), req.params.id);
        return listTransactions(db(), req.params.id, req.query);
      },
    );
    r.get(
      '/api/admin/users/:id/matches',
      {
        schema: {
          tags,
          summary: 'Partidas con dinero terminadas de un usuario',
          params: idParams,
          querystring: z.object({ page: pageQuery() }),
          response: { 200: historyResponseSchema, 404: errorSchema },
        },
      },
      async (req) => {
        await requireUser(db(), req.params.id);
        return listHistory(db(), req.params.id, req.query.page);
      },
    );
    r.post(
      '/api/admin/users/:id/suspend',
      {
        schema: {
          tags,
          summary:
            'Suspender una cuenta con motivo: revoca sus sesiones, la desconecta y la saca de una mesa sin empezar',
          params: idParams,
          body: statusChangeRequestSchema,
          response: { 200: statusChangeResponseSchema, ...failures },
        },
      },
      async (req) => {
        const out = await suspendAndDisconnect(app, staffId(req), req.params.id, req.body.reason);
        return {
          message: MSG_ADMIN.userSuspended,
          user: out.user,
          left_table: out.leftTable
            ? {
                table_id: out.leftTable.tableId,
                refund: centsToBolivares(out.leftTable.refundCents),
              }
            : null,
        };
      },
    );
    r.post(
      '/api/admin/users/:id/reactivate',
      {
        schema: {
          tags,
          summary: 'Reactivar una cuenta suspendida (con motivo)',
          params: idParams,
          body: statusChangeRequestSchema,
          response: { 200: statusChangeResponseSchema, ...failures },
        },
      },
      async (req) => {
        const user = await reactivateUser(db(), staffId(req), req.params.id, req.body.reason);
        return { message: MSG_ADMIN.userReactivated, user, left_table: null };
      },
    );

    // Audit log ---------------------------------------------------------------------------------
    r.get(
      '/api/admin/audit',
      {
        schema: {
          tags,
          summary: 'Registro de auditoría: filtros actor, action, target_type, target_id, from, to',
          querystring: auditQuerySchema,
          response: { 200: auditResponseSchema },
        },
      },
      async (req) => listAudit(db(), req.query),
    );
  });
}
