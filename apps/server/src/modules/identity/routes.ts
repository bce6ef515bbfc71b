import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDENTITY_FILES,
  MSG,
  MSG_IDENTITY,
  errorSchema,
  idParam,
  identityStatusSchema,
  identitySubmissionSchema,
  toFieldErrors,
} from '@domino/contracts';
import { eq } from 'drizzle-orm';
import { identityVerifications } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { multipartBodySchema, multipartFields, multipartFile } from '../../lib/multipart';
import { requireAuth, session } from '../auth/plugin';
import type { ProcessedImage } from '../uploads/images';
import { ImageRejected } from '../uploads/images';
import { findImage } from '../uploads/repo';
import { processIdentityPhoto } from './photos';
import { identityStatusOf, submitVerification } from './service';

const tags = ['Verificación de identidad'];

/**
 * Player routes of identity verification (docs/decisions/031-identity-verification.md): the
 * caller's state, the submission (multipart with two photos: `document`, the cédula, and
 * `selfie`, the player holding it) and the two images, which only their owner and staff may read.
 */
export async function identityRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  await app.register(async (scope) => {
    requireAuth(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/identity',
      {
        schema: {
          tags,
          summary: 'Estado de mi verificación de identidad',
          response: { 200: identityStatusSchema },
        },
      },
      async (req) => identityStatusOf(db(), session(req).user.id),
    );

    r.post(
      '/api/identity',
      {
        // Two photos in one form (lib/multipart.ts reads at most this many files).
        config: { multipartFiles: 2 },
        schema: {
          tags,
          summary: 'Enviar la verificación (multipart: datos de la cédula, foto y selfie)',
          consumes: ['multipart/form-data'],
          body: multipartBodySchema(
            {
              type_identification: 'Obligatorio. Tipo de documento (V o E), el de la cuenta',
              n_identification: 'Obligatorio. Número de cédula, el de la cuenta',
              full_name: 'Obligatorio. Nombre completo tal como aparece en la cédula',
            },
            {
              name: IDENTITY_FILES.document,
              description: 'Obligatoria. Foto de la cédula: PNG o JPG de hasta 5 MB',
            },
          ).extend({
            [IDENTITY_FILES.selfie]: z.any().optional().meta({
              type: 'string',
              format: 'binary',
              description: 'Obligatoria. Selfie sosteniendo la cédula: PNG o JPG de hasta 5 MB',
            }),
          }),
          response: {
            201: z.object({ message: z.string(), id: z.number().int(), status: z.string() }),
            409: errorSchema,
          },
        },
      },
      async (req, reply) => {
        const userId = session(req).user.id;
        const parsed = identitySubmissionSchema.safeParse(multipartFields(req.body));
        const errors = parsed.success ? {} : toFieldErrors(parsed.error);
        const photos: Partial<Record<'document' | 'selfie', ProcessedImage>> = {};
        for (const [key, missing] of [
          [IDENTITY_FILES.document, MSG_IDENTITY.documentMissing],
          [IDENTITY_FILES.selfie, MSG_IDENTITY.selfieMissing],
        ] as const) {
          const file = multipartFile(req.body, key);
          if (!file) {
            errors[key] = [missing];
            continue;
          }
          try {
            photos[key] = await processIdentityPhoto(file.bytes);
          } catch (err) {
            if (!(err instanceof ImageRejected)) throw err;
            errors[key] = [err.userMessage];
          }
        }
        if (!parsed.success || !photos.document || !photos.selfie)
          throw AppError.validation(errors);
        const created = await submitVerification(
          db(),
          userId,
          {
            typeIdentification: parsed.data.type_identification,
            nIdentification: parsed.data.n_identification,
            fullName: parsed.data.full_name,
          },
          { document: photos.document, selfie: photos.selfie },
        );
        return reply
          .code(201)
          .send({ message: MSG_IDENTITY.submitted, id: created.id, status: 'pendiente' });
      },
    );

    r.get(
      '/api/identity/requests/:id/:which',
      {
        schema: {
          tags,
          summary: 'Una foto de una verificación (su dueño o el personal)',
          params: z.object({ id: idParam, which: z.enum(['document', 'selfie']) }),
        },
      },
      async (req, reply) => {
        const { user } = session(req);
        const [row] = await db()
          .select()
          .from(identityVerifications)
          .where(eq(identityVerifications.id, req.params.id));
        // Someone else's request answers exactly like a missing one: nothing to learn by probing.
        if (!row || (row.userId !== user.id && user.rol !== 'admin'))
          throw new AppError('http/not_found', 404, MSG.notFound);
        const uploadId =
          req.params.which === 'document' ? row.documentUploadId : row.selfieUploadId;
        const image = await findImage(db(), uploadId);
        if (!image) throw new AppError('http/not_found', 404, MSG.notFound);
        return reply
          .header('content-type', image.mime)
          .header('cache-control', 'private, no-store')
          .header('content-disposition', 'inline')
          .header('x-content-type-options', 'nosniff')
          .send(image.bytes);
      },
    );
  });
}
