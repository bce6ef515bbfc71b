import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PUSH_TEXTS,
  MSG_FRIENDS,
  errorSchema,
  friendActionResponseSchema,
  friendRequestBodySchema,
  friendsOverviewSchema,
  idParam,
  invitationBodySchema,
  invitationListSchema,
  invitationSentSchema,
  validationErrorSchema,
} from '@domino/contracts';
import { consume, rateLimited } from '../../lib/rate-limit';
import { requireAuth, session } from '../auth/plugin';
import { declineInvitation, inviteFriend, listInvitations } from './invitations';
import { friendLimiters } from './limits';
import {
  acceptRequest,
  blockUser,
  cancelRequest,
  declineRequest,
  friendsOverview,
  removeFriend,
  requestFriend,
  unblockUser,
} from './service';

const tags = ['Amigos'];
const userParams = z.object({ userId: idParam });
const invitationParams = z.object({ invitationId: idParam });
const refusalSchema = errorSchema.extend({
  errors: validationErrorSchema.shape.errors.optional(),
});
const action = {
  200: friendActionResponseSchema,
  403: errorSchema,
  404: errorSchema,
  422: refusalSchema,
};

/**
 * Friends (docs/decisions/024-friends-presence-invitations.md), all behind a session:
 * GET /api/friends (the page), requests by username (POST /api/friends/requests, accept, decline,
 * DELETE to cancel), DELETE /api/friends/{userId} (remove), blocks (POST and DELETE
 * /api/friends/blocks/{userId}), and invitations to private tables (POST /api/friends/invitations,
 * GET the caller's pending ones, POST .../{id}/decline). Every id in a path is checked against the
 * caller: a request, friendship, block or invitation that is not the caller's is "not found".
 */
export async function friendRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const hub = () => app.deps.hub;
  const limits = friendLimiters(app);

  await app.register(async (scope) => {
    requireAuth(scope);
    const s = scope.withTypeProvider<ZodTypeProvider>();

    s.get(
      '/api/friends',
      {
        schema: {
          tags,
          summary: 'Mis amigos (con su estado), solicitudes, bloqueados y mi mesa privada',
          response: { 200: friendsOverviewSchema },
        },
      },
      async (req) => friendsOverview(db(), hub(), session(req).user.id),
    );

    s.post(
      '/api/friends/requests',
      {
        schema: {
          tags,
          summary: 'Enviar una solicitud de amistad por nombre de usuario',
          body: friendRequestBodySchema,
          response: { ...action, 429: errorSchema },
        },
      },
      async (req) => {
        const me = session(req).user.id;
        const wait =
          (await consume(limits.requestsPerUser, String(me))) ??
          (await consume(limits.requestsPerAddress, req.ip));
        if (wait !== null) throw rateLimited(wait, MSG_FRIENDS.tooManyRequests);
        return requestFriend(db(), hub(), me, req.body.username);
      },
    );

    s.post(
      '/api/friends/requests/:userId/accept',
      {
        schema: {
          tags,
          summary: 'Aceptar la solicitud de amistad de un jugador',
          params: userParams,
          response: action,
        },
      },
      async (req) => acceptRequest(db(), hub(), session(req).user.id, req.params.userId),
    );

    s.post(
      '/api/friends/requests/:userId/decline',
      {
        schema: {
          tags,
          summary: 'Rechazar la solicitud de amistad de un jugador',
          params: userParams,
          response: action,
        },
      },
      async (req) => declineRequest(db(), hub(), session(req).user.id, req.params.userId),
    );

    s.delete(
      '/api/friends/requests/:userId',
      {
        schema: {
          tags,
          summary: 'Cancelar mi solicitud de amistad a un jugador',
          params: userParams,
          response: action,
        },
      },
      async (req) => cancelRequest(db(), hub(), session(req).user.id, req.params.userId),
    );

    s.delete(
      '/api/friends/:userId',
      {
        schema: {
          tags,
          summary: 'Eliminar a un amigo',
          params: userParams,
          response: action,
        },
      },
      async (req) => removeFriend(db(), hub(), session(req).user.id, req.params.userId),
    );

    s.post(
      '/api/friends/blocks/:userId',
      {
        schema: {
          tags,
          summary:
            'Bloquear a un jugador (termina la amistad y rechaza solicitudes e invitaciones)',
          params: userParams,
          response: action,
        },
      },
      async (req) => blockUser(db(), hub(), session(req).user.id, req.params.userId),
    );

    s.delete(
      '/api/friends/blocks/:userId',
      {
        schema: {
          tags,
          summary: 'Desbloquear a un jugador',
          params: userParams,
          response: action,
        },
      },
      async (req) => unblockUser(db(), hub(), session(req).user.id, req.params.userId),
    );

    s.get(
      '/api/friends/invitations',
      {
        schema: {
          tags,
          summary: 'Mis invitaciones pendientes a mesas privadas',
          response: { 200: invitationListSchema },
        },
      },
      async (req) => listInvitations(db(), session(req).user.id),
    );

    s.post(
      '/api/friends/invitations',
      {
        schema: {
          tags,
          summary: 'Invitar a un amigo a mi mesa privada',
          body: invitationBodySchema,
          response: {
            200: invitationSentSchema,
            403: errorSchema,
            404: errorSchema,
            409: errorSchema,
            422: refusalSchema,
            429: errorSchema,
          },
        },
      },
      async (req) => {
        const me = session(req).user.id;
        const wait = await consume(limits.invitationsPerUser, String(me));
        if (wait !== null) throw rateLimited(wait, MSG_FRIENDS.tooManyInvitations);
        const out = await inviteFriend(db(), hub(), me, req.body.user_id, req.body.table_id);
        // A phone with the app closed hears of it too (decision 025), after the commit.
        if (out.view)
          app.deps.push.notifyUser(req.body.user_id, 'invitation', PUSH_TEXTS.invitation(out.view));
        return {
          invitation_id: out.invitationId,
          message: out.created ? MSG_FRIENDS.invited : MSG_FRIENDS.alreadyInvited,
        };
      },
    );

    s.post(
      '/api/friends/invitations/:invitationId/decline',
      {
        schema: {
          tags,
          summary: 'Rechazar una invitación a una mesa privada',
          params: invitationParams,
          response: { 200: z.object({ message: z.string() }), 404: errorSchema },
        },
      },
      async (req) => {
        await declineInvitation(db(), session(req).user.id, req.params.invitationId);
        return { message: MSG_FRIENDS.invitationDeclined };
      },
    );
  });
}
