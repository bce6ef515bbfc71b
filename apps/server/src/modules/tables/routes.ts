import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tableListSchema } from '@domino/contracts';
import { listOpenTables } from './repo';

/** GET /api/tables and GET /api/games: the open tables as a bare array (spec §7). */
export async function tableRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const url of ['/api/tables', '/api/games']) {
    r.get(
      url,
      {
        schema: {
          tags: ['Mesas'],
          summary: 'Mesas disponibles con sus jugadores',
          response: { 200: tableListSchema },
        },
      },
      async () => listOpenTables(app.deps.database.db),
    );
  }
}
