import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { highlightsResponseSchema } from '@domino/contracts';
import { cached, HIGHLIGHTS_TTL_MS, loadHighlights } from './service';

/**
 * Public landing data (decision 011): GET /api/public/highlights, no login. Served from a 30 s
 * in-process cache (each app instance has its own), and cacheable by browsers for as long.
 */
export async function landingRoutes(app: FastifyInstance): Promise<void> {
  const highlights = cached(() => loadHighlights(app.deps.database.db), HIGHLIGHTS_TTL_MS);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/public/highlights',
    {
      schema: {
        tags: ['Público'],
        summary: 'Ganadores recientes, mejores jugadores del mes y pote actual (página de inicio)',
        response: { 200: highlightsResponseSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', `public, max-age=${HIGHLIGHTS_TTL_MS / 1000}`);
      return highlights();
    },
  );
}
