import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDENTITY_REQUEST_STATUSES,
  MSG_IDENTITY,
  adminIdentityRequestSchema,
  centsToBolivares,
  errorSchema,
  idParam,
  identitySettingsRequestSchema,
  identitySettingsSchema,
  reasonRequestSchema,
} from '@domino/contracts';
import { requireAuth, session } from '../auth/plugin';
import { staffDecision } from '../auth/staff-decision';
import { listIdentityRequests } from './queue';
import { approveVerification, rejectVerification, setThreshold, thresholdCents } from './service';

const tags = ['Administración'];
const idParams = z.object({ id: idParam });
const decisionResponse = z.object({
  message: z.string(),
  id: z.number().int(),
  status: z.string(),
});

/**
 * Staff routes of identity verification (docs/decisions/031-identity-verification.md): the
 * queue, approve, reject with a reason, and the withdrawal threshold. Role `admin` only (403 for
 * players). Decisions go through `staffDecision` (auth/staff-decision.ts): they honour
 * `Idempotency-Key`, lock the request row (409 once decided) and write the audit row with the
 * reviewer in the same transaction (the player's profile reads the new state from GET
 * /api/identity).
 */
export async function identityStaffRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  await app.register(async (scope) => {
    requireAuth(scope, 'admin');
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/identity',
      {
        schema: {
          tags,
          summary: 'Cola de verificaciones de identidad',
          querystring: z.object({
            status: z
              .enum(IDENTITY_REQUEST_STATUSES)
              .optional()
              .or(z.literal('').transform(() => undefined)),
          }),
          response: { 200: z.array(adminIdentityRequestSchema) },
        },
      },
      async (req) => listIdentityRequests(db(), req.query.status),
    );

    r.post(
      '/api/admin/identity/:id/approve',
      {
        schema: {
          tags,
          summary: 'Aprobar una verificación de identidad',
          params: idParams,
          response: { 200: decisionResponse, 409: errorSchema },
        },
      },
      async (req) =>
        staffDecision(db(), req, {
          route: `identity.approve:${req.params.id}`,
          fingerprint: { id: req.params.id },
          id: req.params.id,
          message: MSG_IDENTITY.approved,
          work: (tx, staffId) => approveVerification(tx, staffId, req.params.id),
        }),
    );

    r.post(
      '/api/admin/identity/:id/reject',
      {
        schema: {
          tags,
          summary: 'Rechazar una verificación de identidad (con motivo)',
          params: idParams,
          body: reasonRequestSchema,
          response: { 200: decisionResponse, 409: errorSchema },
        },
      },
      async (req) =>
        staffDecision(db(), req, {
          route: `identity.reject:${req.params.id}`,
          fingerprint: { id: req.params.id, ...req.body },
          id: req.params.id,
          message: MSG_IDENTITY.rejected,
          work: (tx, staffId) => rejectVerification(tx, staffId, req.params.id, req.body.reason),
        }),
    );

    r.get(
      '/api/admin/identity/settings',
      {
        schema: {
          tags,
          summary: 'Monto de retiro a partir del cual se exige la verificación (Bs.)',
          response: { 200: identitySettingsSchema },
        },
      },
      async () => ({ threshold: centsToBolivares(await thresholdCents(db())) }),
    );

    r.put(
      '/api/admin/identity/settings',
      {
        schema: {
          tags,
          summary: 'Cambiar el monto (0: todo retiro exige la verificación)',
          body: identitySettingsRequestSchema,
          response: { 200: identitySettingsSchema.extend({ message: z.string() }) },
        },
      },
      async (req) => {
        const staffId = session(req).user.id;
        const cents = await setThreshold(db(), staffId, req.body.threshold);
        return { message: MSG_IDENTITY.settingsSaved, threshold: centsToBolivares(cents) };
      },
    );
  });
}
