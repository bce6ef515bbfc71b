import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analysisQuerySchema,
  analysisResponseSchema,
  errorSchema,
  uuidParam,
} from '@domino/contracts';
import { hiddenFromStrangers } from '../games/strangers';
import { requireAuth, session } from '../auth/plugin';
import { analysisRunners } from './runner';
import { readAnalysis, requestAnalysis } from './service';

const tags = ['Partidas'];
const params = z.object({ gameId: uuidParam });
const errors = { 422: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * "Análisis" of a finished match (docs/decisions/029-post-game-analysis.md): POST queues the
 * analysis of the caller's own seat (idempotent) and answers 202 while it is computed, 200 once
 * ready; GET reads it (the page polls it). Only the human who played the seat may read it.
 */
export async function analysisRoutes(app: FastifyInstance): Promise<void> {
  const db = app.deps.database.db;
  await app.register(async (scope) => {
    requireAuth(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/games/:gameId/analysis',
      {
        schema: {
          tags,
          summary: 'Pedir el análisis de tus jugadas en una partida terminada',
          params,
          querystring: analysisQuerySchema,
          response: { 200: analysisResponseSchema, 202: analysisResponseSchema, ...errors },
        },
      },
      async (req, reply) => {
        const out = await hiddenFromStrangers(db, req.params.gameId, () =>
          requestAnalysis(db, req.params.gameId, session(req).user.id, req.query.seat),
        );
        // Queued: this node's runner, if it computes jobs, leaves its idle sleep (decision 078).
        if (out.status !== 'done') analysisRunners.of(app.deps)?.runSoon();
        return reply.code(out.status === 'done' ? 200 : 202).send(out);
      },
    );

    r.get(
      '/api/games/:gameId/analysis',
      {
        schema: {
          tags,
          summary: 'El análisis de tus jugadas en una partida terminada',
          params,
          querystring: analysisQuerySchema,
          response: { 200: analysisResponseSchema, ...errors },
        },
      },
      async (req) =>
        hiddenFromStrangers(db, req.params.gameId, () =>
          readAnalysis(db, req.params.gameId, session(req).user.id, req.query.seat),
        ),
    );
  });
}
