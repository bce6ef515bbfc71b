import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  MSG_ACCOUNT,
  MSG_PAYMENTS,
  changePasswordRequestSchema,
  messageResponseSchema,
  profileUpdateRequestSchema,
  userSchema,
} from '@domino/contracts';
import { AppError } from '../../lib/errors';
import { blockedFor, consume } from '../../lib/rate-limit';
import { accountLimiters, apiErrorSchema, rateLimited } from '../auth/limits';
import { requireAuth, session } from '../auth/plugin';
import { ImageRejected } from '../uploads/images';
import { findImage } from '../uploads/repo';
import { parseAvatarFile, processAvatar } from './avatar';
import { changePassword, setAvatar, updateProfile } from './service';

const tags = ['Perfil'];

/** Reads the one `avatar` file of a multipart body; 422 when it is missing or over 5 MB. */
async function readAvatarFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw AppError.validation({ avatar: [MSG_ACCOUNT.avatarRequired] });
  let file: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'avatar' || file) {
      await part.toBuffer().catch(() => undefined);
      continue;
    }
    try {
      file = await part.toBuffer();
    } catch {
      throw AppError.validation({ avatar: [MSG_PAYMENTS.proofSize] });
    }
    if (part.file.truncated) throw AppError.validation({ avatar: [MSG_PAYMENTS.proofSize] });
  }
  if (!file || file.length === 0)
    throw AppError.validation({ avatar: [MSG_ACCOUNT.avatarRequired] });
  return file;
}

/**
 * The signed-in user's profile (spec §2 Profile; issue 6): PATCH /api/user, POST /api/user/password,
 * POST and DELETE /api/user/avatar, and the public GET /api/avatars/{file}.
 */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const limits = accountLimiters(app);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/avatars/:file',
    {
      schema: {
        tags,
        summary: 'Foto de perfil (pública con una dirección imposible de adivinar)',
        description:
          'La dirección es la de `avatar_url` del usuario: /api/avatars/{id}-{clave}.jpg. ' +
          'Cambia con cada foto, por eso se puede guardar en caché un año.',
        params: z.object({ file: z.string().max(80) }),
      },
    },
    async (req, reply) => {
      const ref = parseAvatarFile(req.params.file);
      const image = ref ? await findImage(db(), ref.id) : undefined;
      if (!ref || !image || image.purpose !== 'avatar' || !image.sha256.startsWith(ref.key))
        throw new AppError('http/not_found', 404, MSG.notFound);
      return reply
        .header('content-type', image.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(image.bytes);
    },
  );

  await app.register(async (scope) => {
    requireAuth(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.patch(
      '/api/user',
      {
        schema: {
          tags,
          summary: 'Guardar nombre, correo y teléfono del perfil',
          description:
            'Mismas reglas y unicidad que el registro. `rol` y `status` no se pueden cambiar ' +
            '(422 si se envían con otro valor). 409 auth/email_taken si el correo es de otra cuenta.',
          body: profileUpdateRequestSchema,
          response: { 200: userSchema, 401: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (req) => updateProfile(db(), session(req).user, req.body),
    );

    r.post(
      '/api/user/password',
      {
        schema: {
          tags,
          summary: 'Cambiar la contraseña (cierra las demás sesiones)',
          description:
            'Comprueba la contraseña actual (422 en current_password si no es correcta) y fija la ' +
            'nueva con las reglas del registro. Las demás sesiones del usuario se cierran; la ' +
            'actual sigue abierta. 429 tras 5 contraseñas actuales incorrectas en 15 minutos.',
          body: changePasswordRequestSchema,
          response: { 200: messageResponseSchema, 401: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (req) => {
        const { user, tokenId } = session(req);
        const key = String(user.id);
        const wait = await blockedFor(limits.passwordChange, key);
        if (wait !== null) throw rateLimited(wait, MSG_ACCOUNT.tooManyPasswordAttempts);
        try {
          await changePassword(db(), user, tokenId, req.body);
        } catch (err) {
          if (err instanceof AppError && err.errors?.current_password)
            await consume(limits.passwordChange, key);
          throw err;
        }
        await limits.passwordChange.delete(key);
        return { message: MSG_ACCOUNT.passwordChanged };
      },
    );

    r.post(
      '/api/user/avatar',
      {
        schema: {
          tags,
          summary: 'Subir la foto de perfil (multipart: avatar)',
          description:
            'PNG, JPG/JPEG o SVG de hasta 5 MB; se revisa por su contenido y se guarda recortada ' +
            'a 256×256 px en JPEG, sin metadatos. Devuelve el usuario con su nueva avatar_url.',
          consumes: ['multipart/form-data'],
          response: { 200: userSchema, 401: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (req) => {
        const { user } = session(req);
        const wait = await consume(limits.avatar, String(user.id));
        if (wait !== null) throw rateLimited(wait);
        const file = await readAvatarFile(req);
        let image;
        try {
          image = await processAvatar(file);
        } catch (err) {
          if (err instanceof ImageRejected)
            throw AppError.validation({ avatar: [err.userMessage] });
          throw err;
        }
        return setAvatar(db(), user.id, image);
      },
    );

    r.delete(
      '/api/user/avatar',
      {
        schema: {
          tags,
          summary: 'Quitar la foto de perfil',
          response: { 200: userSchema, 401: apiErrorSchema },
        },
      },
      async (req) => setAvatar(db(), session(req).user.id, null),
    );
  });
}
