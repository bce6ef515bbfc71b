import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  MSG_INPUT,
  MSG_TABLES,
  TABLE_SOCKET_EVENTS,
  centsToBolivares,
  errorSchema,
  tableDetailSchema,
  tableInputSchema,
} from '@domino/contracts';
import { idParam } from '@domino/contracts';
import { AppError } from '../../lib/errors';
import { multipartBodySchema, multipartFile } from '../../lib/multipart';
import { requireAuth, session } from '../auth/plugin';
import { publishTable } from './publish';
import { tableDetails } from './repo';
import { createTable, editTable, setTableImage, setTableStatus } from './staff-service';
import { ImageRejected, processImage } from '../uploads/images';
import { findImage } from '../uploads/repo';

const tags = ['Administración'];
const idParams = z.object({ id: idParam });

/**
 * Staff management of the table catalogue (/admin/mesas; decision 010): create, edit,
 * open, close and upload an image. Changing the price, fees or rules is refused while players
 * wait or a match runs (name and image may change); closing refunds every waiting player's entry
 * and is refused while a match runs. Every change is audited. The rules live in tables/staff-service.ts,
 * whose functions open the transaction: routes validate, call one function, push and answer.
 */
export async function tableStaffRoutes(app: FastifyInstance): Promise<void> {
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
      const [d] = await tableDetails(db(), id, 'staff');
      if (!d) throw new AppError('tables/not_found', 404, MSG_TABLES.notFound);
      return d;
    };

    r.get(
      '/api/admin/tables',
      {
        schema: { tags, summary: 'Todas las mesas', response: { 200: z.array(tableDetailSchema) } },
      },
      // Private and quick-play tables that closed are the players' own business and would pile
      // up: left out.
      async () =>
        (await tableDetails(db(), undefined, 'staff')).filter(
          (t) => !((t.private || t.quick) && t.status === 'closed'),
        ),
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
        const id = await createTable(db(), staff, req.body);
        await publishTable(db(), app.deps.hub, id);
        return reply.code(201).send(await one(id));
      },
    );

    r.patch(
      '/api/admin/tables/:id',
      {
        schema: {
          tags,
          summary: 'Editar una mesa (precio y reglas solo con la mesa vacía)',
          params: idParams,
          body: z.record(z.string(), z.unknown()),
          response: { 200: tableDetailSchema, 409: errorSchema },
        },
      },
      async (req) => {
        const staff = session(req).user.id;
        await editTable(db(), staff, req.params.id, req.body);
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
            summary:
              action === 'open'
                ? 'Abrir una mesa'
                : 'Cerrar una mesa (devuelve la entrada a quienes esperan)',
            params: idParams,
            response: { 200: tableDetailSchema, 409: errorSchema },
          },
        },
        async (req) => {
          const staff = session(req).user.id;
          const refunds = await setTableStatus(
            db(),
            staff,
            req.params.id,
            action === 'open' ? 'open' : 'closed',
          );
          for (const refund of refunds) {
            const balance = centsToBolivares(refund.balanceCents);
            app.deps.hub.toUser(refund.userId, 'balance:updated', { balance });
            app.deps.hub.toUser(refund.userId, TABLE_SOCKET_EVENTS.tableClosed, {
              table_id: req.params.id,
              message: MSG_TABLES.closedRefunded,
              new_balance: balance,
            });
          }
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
          body: multipartBodySchema(
            {},
            { name: 'image', description: 'Obligatoria. PNG, JPG/JPEG o SVG de hasta 5 MB' },
          ),
          response: { 200: tableDetailSchema },
        },
      },
      async (req) => {
        const staff = session(req).user.id;
        // Read and size-checked before validation (lib/multipart.ts): over 5 MB is refused.
        const file = multipartFile(req.body, 'image');
        if (!file) throw AppError.validation({ image: [MSG_INPUT.imageMissing] });
        let image;
        try {
          image = await processImage(file.bytes);
        } catch (err) {
          if (err instanceof ImageRejected) throw AppError.validation({ image: [err.userMessage] });
          throw err;
        }
        await setTableImage(db(), staff, req.params.id, image);
        await publishTable(db(), app.deps.hub, req.params.id);
        return one(req.params.id);
      },
    );
  });
}
