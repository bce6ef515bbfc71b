import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorSchema,
  unauthorizedSchema,
  leaderboardQuerySchema,
  leaderboardResponseSchema,
  playerRatingSchema,
} from '@domino/contracts';
import { bearerToken, requireAuth, session } from '../auth/plugin';
import { authenticate } from '../auth/service';
import { leaderboardPage } from './leaderboard';
import { ratingsOfUser } from './service';

const tags = ['Clasificación'];

/** The user of an optional session (public routes): null without a valid bearer token. */
async function callerId(req: FastifyRequest): Promise<number | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const ctx = await authenticate(req.server.deps.database.db, token);
  return ctx?.user.id ?? null;
}

/**
 * Ratings routes (decision 026):
 * - GET /api/leaderboard?tab=parejas|individual|points&page=n — public, no login needed; with a
 *   valid session the caller's own row is marked and their own rating is in `mine`.
 * - GET /api/user/ratings — the signed-in player's two ratings (the profile card).
 */
export async function ratingRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/leaderboard',
    {
      schema: {
        tags,
        summary: 'Clasificación pública: rating de parejas, rating individual o puntos del mes',
        description:
          'Pública. 50 filas por página. Solo muestra el nombre público (nombre e inicial del ' +
          'apellido). Los ratings provisionales (menos de 10 partidas clasificatorias) no entran ' +
          'en la lista. Con sesión, `me` marca la fila propia y `mine` trae el rating propio.',
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardResponseSchema, 422: errorSchema },
      },
    },
    async (req) => leaderboardPage(db(), req.query.tab, req.query.page, await callerId(req)),
  );

  await app.register(async (scope) => {
    requireAuth(scope);
    scope.withTypeProvider<ZodTypeProvider>().get(
      '/api/user/ratings',
      {
        schema: {
          tags,
          summary: 'Mis ratings (parejas e individual)',
          response: {
            200: z.object({ parejas: playerRatingSchema, individual: playerRatingSchema }),
            401: unauthorizedSchema,
          },
        },
      },
      async (req) => ratingsOfUser(db(), session(req).user.id),
    );
  });
}
