import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG_BANKING,
  bankConnectorInputSchema,
  bankConnectorListSchema,
  bankConnectorSavedSchema,
  bankConnectorTestSchema,
  errorSchema,
  idParam,
} from '@domino/contracts';
import { requireAuth, session } from '../auth/plugin';
import {
  deleteBankConnector,
  listBankConnectors,
  saveBankConnector,
  testBankConnector,
} from './staff-service';

const tags = ['Administración'];
const idParams = z.object({ id: idParam });

/**
 * Staff routes of bank connectors (docs/decisions/051-bank-connectors.md): list, save, remove
 * and test a recharge account's connection to its bank. Admin only (401 without a session, 403
 * for players); bad input is 422 with Spanish field messages (a refused URL says why). No answer
 * ever carries a credential value: the connector shows the names of the credentials set.
 */
export async function bankingStaffRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const { config, bankVault: vault } = app.deps;

  await app.register(async (scope) => {
    requireAuth(scope, 'admin');
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/bank-connectors',
      {
        schema: {
          tags,
          summary: 'Conexiones bancarias: proveedores y cada cuenta de recarga con su conexión',
          response: { 200: bankConnectorListSchema },
        },
      },
      async () => listBankConnectors(db(), config, vault),
    );
    r.put(
      '/api/admin/recharge-accounts/:id/bank-connector',
      {
        schema: {
          tags,
          summary: 'Guardar la conexión bancaria de una cuenta (las credenciales no se devuelven)',
          params: idParams,
          body: bankConnectorInputSchema,
          response: { 200: bankConnectorSavedSchema, 404: errorSchema, 409: errorSchema },
        },
      },
      async (req) => ({
        message: MSG_BANKING.saved,
        account: await saveBankConnector(
          db(),
          config,
          vault,
          session(req).user.id,
          req.params.id,
          req.body,
        ),
      }),
    );
    r.delete(
      '/api/admin/recharge-accounts/:id/bank-connector',
      {
        schema: {
          tags,
          summary: 'Quitar la conexión bancaria de una cuenta',
          params: idParams,
          response: { 200: bankConnectorSavedSchema, 404: errorSchema },
        },
      },
      async (req) => ({
        message: MSG_BANKING.deleted,
        account: await deleteBankConnector(
          db(),
          config,
          vault,
          session(req).user.id,
          req.params.id,
        ),
      }),
    );
    r.post(
      '/api/admin/recharge-accounts/:id/bank-connector/test',
      {
        schema: {
          tags,
          summary: 'Probar la conexión: una consulta inofensiva de una referencia inexistente',
          params: idParams,
          response: { 200: bankConnectorTestSchema, 404: errorSchema, 409: errorSchema },
        },
      },
      async (req) => testBankConnector(db(), config, vault, req.params.id),
    );
  });
}
