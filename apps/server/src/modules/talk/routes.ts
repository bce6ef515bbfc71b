import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG_TALK,
  errorSchema,
  idParam,
  talkMuteResponseSchema,
  talkReportRequestSchema,
  talkReportResponseSchema,
  talkStateQuerySchema,
  talkStateSchema,
} from '@domino/contracts';
import { requireAuth, session } from '../auth/plugin';
import type { TalkDeps } from './service';
import { mute, reportPlayer, talkState, unmute } from './service';

const tags = ['Mesas'];

/** The talk services' dependencies of an app instance (the limiter lives in AppDeps). */
export function talkDeps(app: FastifyInstance): TalkDeps {
  return { db: app.deps.database.db, hub: app.deps.hub, limiter: app.deps.limiters.talk };
}

/**
 * Table talk over HTTP (docs/decisions/023-table-talk.md); messages themselves go over the socket
 * (`talk:send`, socket.ts). For signed-in players only:
 * - GET /api/talk/tables/{tableId}: the caller's talk state at a table they play at (moment, what
 *   they may send, recent messages minus the muted, their mutes); with `?since=<message id>` the
 *   messages after it instead, in pages (a reconnected client's catch-up, decision 064); 403 for
 *   anyone else;
 * - PUT / DELETE /api/talk/mutes/{userId}: mute or unmute a player (idempotent);
 * - POST /api/talk/reports: "Reportar" a player's messages at a table (keeps the transcript).
 */
export async function talkRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    requireAuth(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const db = () => app.deps.database.db;

    r.get(
      '/api/talk/tables/:tableId',
      {
        schema: {
          tags,
          summary: 'Conversación de una mesa (jugadores de la mesa)',
          params: z.object({ tableId: idParam }),
          querystring: talkStateQuerySchema,
          response: { 200: talkStateSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema },
        },
      },
      async (req) => talkState(db(), session(req).user.id, req.params.tableId, req.query.since),
    );

    r.put(
      '/api/talk/mutes/:userId',
      {
        schema: {
          tags,
          summary: 'Silenciar a un jugador',
          params: z.object({ userId: idParam }),
          response: { 200: talkMuteResponseSchema, 404: errorSchema, 422: errorSchema },
        },
      },
      async (req) => ({
        message: MSG_TALK.muted,
        muted: await mute(db(), session(req).user.id, req.params.userId),
      }),
    );

    r.delete(
      '/api/talk/mutes/:userId',
      {
        schema: {
          tags,
          summary: 'Dejar de silenciar a un jugador',
          params: z.object({ userId: idParam }),
          response: { 200: talkMuteResponseSchema },
        },
      },
      async (req) => ({
        message: MSG_TALK.unmuted,
        muted: await unmute(db(), session(req).user.id, req.params.userId),
      }),
    );

    r.post(
      '/api/talk/reports',
      {
        schema: {
          tags,
          summary: 'Reportar los mensajes de un jugador en una mesa',
          body: talkReportRequestSchema,
          response: {
            201: talkReportResponseSchema,
            403: errorSchema,
            404: errorSchema,
            409: errorSchema,
            422: errorSchema,
          },
        },
      },
      async (req, reply) => {
        const id = await reportPlayer(db(), session(req).user.id, req.body);
        return reply.code(201).send({ id, message: MSG_TALK.reported });
      },
    );
  });
}
