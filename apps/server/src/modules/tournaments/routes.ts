import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG_TOURNAMENTS,
  SERVER_EVENTS,
  TOURNAMENT_PAGES,
  TOURNAMENT_ROUTES,
  cancelTournamentRequestSchema,
  cancelTournamentResponseSchema,
  centsToBolivares,
  createTournamentRequestSchema,
  errorSchema,
  registerTournamentRequestSchema,
  registerTournamentResponseSchema,
  staffTournamentListResponseSchema,
  tournamentDetailSchema,
  tournamentIdParams,
  tournamentListResponseSchema,
  unregisterTournamentResponseSchema,
  validationErrorSchema,
} from '@domino/contracts';
import { idempotencyScope, runIdempotent } from '../../lib/idempotency';
import { authenticate } from '../auth/service';
import { bearerToken, requireAuth, session } from '../auth/plugin';
import {
  cancelByStaff,
  createTournament,
  listTournaments,
  register,
  staffList,
  tournamentDetail,
  unregister,
} from './service';
import { announceTournament } from './socket';

const tags = ['Torneos'];
const refusalSchema = errorSchema.extend({
  errors: validationErrorSchema.shape.errors.optional(),
});

/** The user of an optional session (public routes): null without a valid bearer token. */
async function callerId(req: FastifyRequest): Promise<number | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const ctx = await authenticate(req.server.deps.database.db, token);
  return ctx?.user.id ?? null;
}

/**
 * Tournaments over HTTP (docs/decisions/028-tournaments.md): the public list and detail (the
 * caller's own entry when a session is sent), registration and unregistration for players, and
 * staff scheduling, listing with registrations and cancelling (refunds). Changes are pushed to the
 * tournament's room as `tournament:updated` and balances as `balance:updated`.
 */
export async function tournamentRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const touched = (id: number, message: string | null = null) =>
    announceTournament(app, id, message);

  const pub = app.withTypeProvider<ZodTypeProvider>();
  pub.get(
    TOURNAMENT_ROUTES.list,
    {
      schema: {
        tags,
        summary: 'Torneos programados, en juego y terminados',
        response: { 200: tournamentListResponseSchema },
      },
    },
    async (req) => ({ tournaments: await listTournaments(db(), await callerId(req)) }),
  );
  pub.get(
    '/api/tournaments/:id',
    {
      schema: {
        tags,
        summary: 'Un torneo: cuadro o clasificación, rondas, partidas, premios y mi inscripción',
        params: tournamentIdParams,
        response: { 200: tournamentDetailSchema, 404: errorSchema },
      },
    },
    async (req) => tournamentDetail(db(), req.params.id, await callerId(req)),
  );

  await app.register(async (scope) => {
    requireAuth(scope);
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.post(
      '/api/tournaments/:id/register',
      {
        schema: {
          tags,
          summary: 'Inscribirme (pago la inscripción al fondo del torneo)',
          params: tournamentIdParams,
          body: registerTournamentRequestSchema.nullish(),
          response: {
            200: registerTournamentResponseSchema,
            403: errorSchema,
            404: errorSchema,
            409: errorSchema,
            422: refusalSchema,
          },
        },
      },
      async (req) => {
        const userId = session(req).user.id;
        // A retry with the same Idempotency-Key replays the first answer (lib/idempotency.ts).
        const scope = idempotencyScope(
          req,
          userId,
          `tournament.register:${req.params.id}`,
          req.body ?? null,
        );
        const res = await runIdempotent(db(), scope, async (tx) => {
          const out = await register(tx, req.params.id, userId, req.body?.partner);
          const body = {
            message: out.message,
            new_balance: centsToBolivares(out.balanceCents),
            my_entry: out.myEntry,
          };
          return { status: 200, body };
        });
        if (!res.replayed) {
          app.deps.hub.toUser(userId, SERVER_EVENTS.balanceUpdated, {
            balance: res.body.new_balance,
          });
          touched(req.params.id);
        }
        return res.body;
      },
    );
    s.post(
      '/api/tournaments/:id/unregister',
      {
        schema: {
          tags,
          summary: 'Cancelar mi inscripción antes del inicio (devuelve la inscripción)',
          params: tournamentIdParams,
          response: {
            200: unregisterTournamentResponseSchema,
            404: errorSchema,
            409: errorSchema,
          },
        },
      },
      async (req) => {
        const userId = session(req).user.id;
        const scope = idempotencyScope(req, userId, `tournament.unregister:${req.params.id}`, null);
        const res = await runIdempotent(db(), scope, async (tx) => {
          const out = await unregister(tx, req.params.id, userId);
          const body = { message: out.message, new_balance: centsToBolivares(out.balanceCents) };
          return { status: 200, body };
        });
        if (!res.replayed) {
          app.deps.hub.toUser(userId, SERVER_EVENTS.balanceUpdated, {
            balance: res.body.new_balance,
          });
          touched(req.params.id);
        }
        return res.body;
      },
    );
  });

  await app.register(async (scope) => {
    requireAuth(scope, 'admin');
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.get(
      TOURNAMENT_ROUTES.staffList,
      {
        schema: {
          tags,
          summary: 'Personal: torneos con sus inscritos',
          response: { 200: staffTournamentListResponseSchema },
        },
      },
      async () => ({ tournaments: await staffList(db()) }),
    );
    s.post(
      TOURNAMENT_ROUTES.staffList,
      {
        schema: {
          tags,
          summary: 'Personal: programar un torneo',
          body: createTournamentRequestSchema,
          response: { 200: tournamentDetailSchema, 422: refusalSchema },
        },
      },
      async (req) => {
        // A retried schedule with the same Idempotency-Key answers the tournament it created.
        const staffId = session(req).user.id;
        const scope = idempotencyScope(req, staffId, 'tournament.create', req.body);
        const res = await runIdempotent(db(), scope, async (tx) => ({
          status: 200,
          body: { id: await createTournament(tx, staffId, req.body) },
        }));
        return tournamentDetail(db(), res.body.id, null);
      },
    );
    s.post(
      '/api/admin/tournaments/:id/cancel',
      {
        schema: {
          tags,
          summary: 'Personal: cancelar un torneo antes del inicio (devuelve cada inscripción)',
          params: tournamentIdParams,
          body: cancelTournamentRequestSchema.nullish(),
          response: { 200: cancelTournamentResponseSchema, 404: errorSchema, 409: errorSchema },
        },
      },
      async (req) => {
        const refunds = await cancelByStaff(
          db(),
          req.params.id,
          session(req).user.id,
          req.body?.reason,
        );
        for (const r of refunds) {
          app.deps.hub.toUser(r.userId, SERVER_EVENTS.balanceUpdated, {
            balance: centsToBolivares(r.balanceCents),
          });
          app.deps.push.notifyUser(r.userId, 'payment', {
            title: 'Torneo cancelado',
            body: MSG_TOURNAMENTS.cancelledByStaff,
            url: TOURNAMENT_PAGES.detail(req.params.id),
          });
        }
        touched(req.params.id, MSG_TOURNAMENTS.cancelledByStaff);
        return { message: MSG_TOURNAMENTS.cancelled, refunded_players: refunds.length };
      },
    );
  });
}
