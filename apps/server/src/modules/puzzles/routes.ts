import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorSchema,
  puzzleAnswerRequestSchema,
  puzzleAnswerResponseSchema,
  puzzleIdParam,
  puzzlePracticeQuerySchema,
  puzzleResponseSchema,
  puzzleStreakSchema,
} from '@domino/contracts';
import { requireAuth, session } from '../auth/plugin';
import { answerPuzzle, dailyPuzzle, practicePuzzle, streakOf } from './service';

const tags = ['Problema del día'];

/**
 * "Problema del día" (docs/decisions/060-puzzles.md). GET /api/puzzles/daily is public and never
 * carries the answer; answering, the streak and practice need a session.
 */
export async function puzzleRoutes(app: FastifyInstance): Promise<void> {
  const db = app.deps.database.db;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/puzzles/daily',
    {
      schema: {
        tags,
        summary: 'El problema del día (el mismo para todos en un día de Caracas), sin la respuesta',
        response: { 200: puzzleResponseSchema, 404: errorSchema },
      },
    },
    async () => dailyPuzzle(db, new Date()),
  );

  await app.register(async (scope) => {
    requireAuth(scope);
    const s = scope.withTypeProvider<ZodTypeProvider>();

    s.post(
      '/api/puzzles/:id/answer',
      {
        schema: {
          tags,
          summary: 'Responder un problema: dice si acertaste y explica la mejor jugada',
          params: z.object({ id: puzzleIdParam }),
          body: puzzleAnswerRequestSchema,
          response: { 200: puzzleAnswerResponseSchema, 404: errorSchema, 422: errorSchema },
        },
      },
      async (req) => answerPuzzle(db, session(req).user.id, req.params.id, req.body, new Date()),
    );

    s.get(
      '/api/puzzles/streak',
      {
        schema: {
          tags,
          summary: 'Tu racha: días seguidos con el problema del día resuelto al primer intento',
          response: { 200: puzzleStreakSchema },
        },
      },
      async (req) => streakOf(db, session(req).user.id, new Date()),
    );

    s.get(
      '/api/puzzles/practice',
      {
        schema: {
          tags,
          summary: 'El siguiente problema sin resolver de una dificultad',
          querystring: puzzlePracticeQuerySchema,
          response: { 200: puzzleResponseSchema, 404: errorSchema, 422: errorSchema },
        },
      },
      async (req) => practicePuzzle(db, session(req).user.id, req.query.difficulty),
    );
  });
}
