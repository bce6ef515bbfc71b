import type { FastifyInstance } from 'fastify';
import type {} from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  MSG,
  MSG_PAYMENTS,
  MSG_TABLES,
  errorSchema,
  parseBolivaresJson,
  tableDetailSchema,
  tableInputSchema,
} from '@domino/contracts';
import { gameTables, games, tableSeats } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import { requireAuth, session } from '../auth/plugin';
import { publishTable } from '../tables/publish';
import { tableDetails } from '../tables/repo';
import { ImageRejected, processImage } from '../uploads/images';
import { findImage, storeImage } from '../uploads/repo';

const tags = ['Administración'];
const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Staff management of the table catalogue (issue 5, /admin/mesas): create, edit, open, close and
 * upload an image. Changing price, mode or seats is refused while players sit or a match runs;
 * closing is refused while players sit (nobody's entry is ever stranded). Every change is audited.
 */
export async function adminTableRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/table-images/:id',
      { schema: { tags: ['Mesas'], summary: 'Imagen de una mesa', params: idParams } },
      async (req, reply) => {
        const image = await findImage(db(), req.params.id);
        if (!image || image.purpose !== 'table_image')
          throw new AppError('http/not_found', 404, MSG.notFound);
        return reply
          .header('content-type', image.mime)
          .header('cache-control', 'public, max-age=86400')
          .send(image.bytes);
      },
    );

  await app.register(async (scope) => {
    requireAuth(scope, 'admin');
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const one = async (id: number) => {
      const [d] = await tableDetails(db(), id);
      if (!d) throw new AppError('tables/not_found', 404, MSG_TABLES.notFound);
      return d;
    };
    const busy = async (id: number) => {
      const [seat] = await db()
        .select()
        .from(tableSeats)
        .where(eq(tableSeats.tableId, id))
        .limit(1);
      const [live] = await db()
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.tableId, id), eq(games.status, 'playing')))
        .limit(1);
      return Boolean(seat || live);
    };
    const toRow = (v: z.output<typeof tableInputSchema>) => {
      const cents = parseBolivaresJson(v.entry_price);
      if (cents === null || cents <= 0)
        throw AppError.validation({ entry_price: [MSG_PAYMENTS.amountInvalid] });
      return {
        name: v.name,
        entryPriceCents: cents,
        maxPlayers: v.max_players,
        mode: v.mode,
        targetPoints: v.target_points,
        turnSeconds: v.turn_seconds,
        houseFeeBps: v.house_fee_bps,
        potShareBps: v.pot_share_bps,
      };
    };

    r.get(
      '/api/admin/tables',
      {
        schema: { tags, summary: 'Todas las mesas', response: { 200: z.array(tableDetailSchema) } },
      },
      async () => tableDetails(db()),
    );

    r.post(
      '/api/admin/tables',
      {
        schema: {
          tags,
          summary: 'Crear una mesa',
          body: tableInputSchema,
          response: { 201: tableDetailSchema },
        },
      },
      async (req, reply) => {
        const staff = session(req).user.id;
        const id = await db().transaction(async (tx) => {
          const [row] = await tx.insert(gameTables).values(toRow(req.body)).returning();
          await audit(tx, {
            actorUserId: staff,
            action: 'table.create',
            targetType: 'table',
            targetId: row!.id,
            before: null,
            after: row,
          });
          return row!.id;
        });
        await publishTable(db(), app.deps.hub, id);
        return reply.code(201).send(await one(id));
      },
    );

    r.patch(
      '/api/admin/tables/:id',
      {
        schema: {
          tags,
          summary: 'Editar una mesa',
          params: idParams,
          body: z.record(z.string(), z.unknown()),
          response: { 200: tableDetailSchema, 409: errorSchema },
        },
      },
      async (req) => {
        const staff = session(req).user.id;
        const [before] = await db()
          .select()
          .from(gameTables)
          .where(eq(gameTables.id, req.params.id));
        if (!before) throw new AppError('tables/not_found', 404, MSG_TABLES.notFound);
        const merged = tableInputSchema.safeParse({
          name: before.name,
          entry_price: before.entryPriceCents / 100,
          max_players: before.maxPlayers,
          mode: before.mode,
          target_points: before.targetPoints,
          turn_seconds: before.turnSeconds,
          house_fee_bps: before.houseFeeBps,
          pot_share_bps: before.potShareBps,
          ...req.body,
        });
        if (!merged.success) {
          const errors: Record<string, string[]> = {};
          for (const i of merged.error.issues)
            (errors[String(i.path[0] ?? '_')] ??= []).push(i.message);
          throw AppError.validation(errors);
        }
        const next = toRow(merged.data);
        const structural =
          next.entryPriceCents !== before.entryPriceCents ||
          next.maxPlayers !== before.maxPlayers ||
          next.mode !== before.mode;
        if (structural && (await busy(req.params.id)))
          throw new AppError('tables/busy', 409, MSG_TABLES.playing);
        await db().transaction(async (tx) => {
          const [after] = await tx
            .update(gameTables)
            .set({ ...next, updatedAt: sql`now()` })
            .where(eq(gameTables.id, req.params.id))
            .returning();
          await audit(tx, {
            actorUserId: staff,
            action: 'table.update',
            targetType: 'table',
            targetId: req.params.id,
            before,
            after,
          });
        });
        await publishTable(db(), app.deps.hub, req.params.id);
        return one(req.params.id);
      },
    );

    for (const action of ['open', 'close'] as const) {
      r.post(
        `/api/admin/tables/:id/${action}`,
        {
          schema: {
            tags,
            summary: action === 'open' ? 'Abrir una mesa' : 'Cerrar una mesa',
            params: idParams,
            response: { 200: tableDetailSchema, 409: errorSchema },
          },
        },
        async (req) => {
          const staff = session(req).user.id;
          if (action === 'close' && (await busy(req.params.id))) {
            throw new AppError(
              'tables/busy',
              409,
              'No se puede cerrar una mesa con jugadores sentados o una partida en curso.',
            );
          }
          await db().transaction(async (tx) => {
            const [before] = await tx
              .select()
              .from(gameTables)
              .where(eq(gameTables.id, req.params.id))
              .for('update');
            if (!before) throw new AppError('tables/not_found', 404, MSG_TABLES.notFound);
            const status = action === 'open' ? 'open' : 'closed';
            await tx
              .update(gameTables)
              .set({ status, updatedAt: sql`now()` })
              .where(eq(gameTables.id, req.params.id));
            await audit(tx, {
              actorUserId: staff,
              action: `table.${action}`,
              targetType: 'table',
              targetId: req.params.id,
              before: { status: before.status },
              after: { status },
            });
          });
          await publishTable(db(), app.deps.hub, req.params.id);
          return one(req.params.id);
        },
      );
    }

    r.post(
      '/api/admin/tables/:id/image',
      {
        schema: {
          tags,
          summary: 'Subir la imagen de una mesa (multipart: image)',
          params: idParams,
          consumes: ['multipart/form-data'],
          response: { 200: tableDetailSchema },
        },
      },
      async (req) => {
        const staff = session(req).user.id;
        const part = await req.file();
        if (!part) throw AppError.validation({ image: [MSG_PAYMENTS.proofType] });
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch {
          throw AppError.validation({ image: [MSG_PAYMENTS.proofSize] });
        }
        let image;
        try {
          image = await processImage(data);
        } catch (err) {
          if (err instanceof ImageRejected) throw AppError.validation({ image: [err.userMessage] });
          throw err;
        }
        await db().transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(gameTables)
            .where(eq(gameTables.id, req.params.id))
            .for('update');
          if (!before) throw new AppError('tables/not_found', 404, MSG_TABLES.notFound);
          const uploadId = await storeImage(tx, staff, 'table_image', image);
          const url = `/api/table-images/${uploadId}`;
          await tx
            .update(gameTables)
            .set({ image: url, updatedAt: sql`now()` })
            .where(eq(gameTables.id, req.params.id));
          await audit(tx, {
            actorUserId: staff,
            action: 'table.image',
            targetType: 'table',
            targetId: req.params.id,
            before: { image: before.image },
            after: { image: url },
          });
        });
        await publishTable(db(), app.deps.hub, req.params.id);
        return one(req.params.id);
      },
    );
  });
}
