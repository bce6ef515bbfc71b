import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  MSG_ACCOUNT,
  adultDeclarationRequestSchema,
  changePasswordRequestSchema,
  usernameChangeRequestSchema,
  messageResponseSchema,
  profileUpdateRequestSchema,
  unauthorizedSchema,
  userSchema,
} from '@domino/contracts';
import { AppError } from '../../lib/errors';
import { multipartBodySchema, multipartFile } from '../../lib/multipart';
import { blockedFor, consume, rateLimited } from '../../lib/rate-limit';
import { accountLimiters, apiErrorSchema } from '../auth/limits';
import { requireAuth, session } from '../auth/plugin';
import { appMailer } from '../mail/app-mailer';
import { passwordGate } from '../protection/password-gate';
import { askAvailability, clientOf } from '../protection/request';
import { endSessions } from '../auth/sessions';
import { ImageRejected } from '../uploads/images';
import { findImage } from '../uploads/repo';
import { parseAvatarFile, processAvatar } from '../users/avatar';
import type { ProfilePorts } from './service';
import { changePassword, setAvatar, updateProfile } from './service';
import { loadUser } from '../users/serialize';
import { changeUsername, declareAdult } from '../users/usernames';

const tags = ['Perfil'];

/**
 * The signed-in user's profile (docs/product.md §2 Profile; decision 006): PATCH /api/user, POST /api/user/password,
 * POST and DELETE /api/user/avatar, and the public GET /api/avatars/{file}. `ports` are bound in
 * modules/index.ts (what the profile tells modules on higher floors, decision 019).
 */
export async function userRoutes(app: FastifyInstance, ports: ProfilePorts): Promise<void> {
  const db = () => app.deps.database.db;
  const limits = accountLimiters(app);
  const mailer = appMailer(app);

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
            'Mismas reglas y unicidad que el registro. El teléfono es opcional: si no se envía, ' +
            'no cambia. Cambiar el correo o el teléfono exige `current_password` (422 si falta o ' +
            'no es correcta; 429 tras 5 incorrectas en 15 minutos), avisa al correo anterior y ' +
            'deja en revisión del personal los retiros de las 24 horas siguientes; cuenta además ' +
            'en el límite por IP de check_email/check_phone. `rol` y `status` no se pueden ' +
            'cambiar (422 si se envían con otro valor). 409 auth/email_taken si el correo es de ' +
            'otra cuenta.',
          body: profileUpdateRequestSchema,
          response: {
            200: userSchema,
            401: unauthorizedSchema,
            409: apiErrorSchema,
            422: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (req) => {
        const { user } = session(req);
        return updateProfile(
          {
            db: db(),
            client: clientOf(req),
            notices: { mailer, publicUrl: app.deps.config.publicUrl, log: req.log },
            availability: () => askAvailability(app.deps, req),
            password: passwordGate(limits.passwordChange, user.id),
            nameChanged: ports.nameChanged,
          },
          user,
          req.body,
        );
      },
    );

    r.patch(
      '/api/user/username',
      {
        schema: {
          tags,
          summary: 'Elegir o cambiar el nombre de usuario',
          description:
            'Reglas de la decisión 040 (ver check_username). Quien tiene un nombre generado ' +
            '("jugador" y números) lo elige sin espera; un nombre elegido se cambia como mucho ' +
            'una vez cada 30 días, y el anterior queda retenido 90 días para su dueño: nadie más ' +
            'puede tomarlo. 422 en `username` con el motivo.',
          body: usernameChangeRequestSchema,
          response: { 200: userSchema, 401: unauthorizedSchema, 422: apiErrorSchema },
        },
      },
      async (req) => {
        const row = await changeUsername(db(), session(req).user, req.body.username);
        return loadUser(db(), row);
      },
    );

    r.post(
      '/api/user/adult',
      {
        schema: {
          tags,
          summary: 'Declarar la mayoría de edad (cuentas creadas antes de pedirla)',
          description:
            'Fecha de nacimiento ("AAAA-MM-DD") y la declaración de ser mayor de 18 años. Se ' +
            'pide una sola vez: hasta entonces se rechazan las recargas y las entradas pagadas ' +
            '(403 account/adult_declaration_required). 422 si falta algo o si es menor de 18.',
          body: adultDeclarationRequestSchema,
          response: { 200: userSchema, 401: unauthorizedSchema, 422: apiErrorSchema },
        },
      },
      async (req) => {
        const row = await declareAdult(db(), session(req).user, req.body);
        return loadUser(db(), row);
      },
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
          response: { 200: messageResponseSchema, 401: unauthorizedSchema, 429: apiErrorSchema },
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
        endSessions(app.deps.hub, { userId: user.id, exceptTokenId: tokenId }, 'password_changed');
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
          body: multipartBodySchema(
            {},
            { name: 'avatar', description: 'Obligatorio. PNG, JPG/JPEG o SVG de hasta 5 MB' },
          ),
          response: { 200: userSchema, 401: unauthorizedSchema, 429: apiErrorSchema },
        },
      },
      async (req) => {
        const { user } = session(req);
        const wait = await consume(limits.avatar, String(user.id));
        if (wait !== null) throw rateLimited(wait);
        const file = multipartFile(req.body, 'avatar');
        if (!file) throw AppError.validation({ avatar: [MSG_ACCOUNT.avatarRequired] });
        let image;
        try {
          image = await processAvatar(file.bytes);
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
          response: { 200: userSchema, 401: unauthorizedSchema },
        },
      },
      async (req) => setAvatar(db(), session(req).user.id, null),
    );
  });
}
