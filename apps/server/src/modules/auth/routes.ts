import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  MSG_ACCOUNT,
  authResponseSchema,
  availabilityResponseSchema,
  checkEmailRequestSchema,
  checkIdentityRequestSchema,
  checkPhoneRequestSchema,
  checkUsernameRequestSchema,
  unauthorizedSchema,
  identificationProblems,
  isEmail,
  loginRequestSchema,
  messageResponseSchema,
  parsePhone,
  recoveryRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  resetTokenCheckRequestSchema,
  resetTokenCheckResponseSchema,
  userSchema,
} from '@domino/contracts';
import { AppError } from '../../lib/errors';
import { blockedFor, consume } from '../../lib/rate-limit';
import { appMailer } from '../mail/app-mailer';
import {
  countBurst,
  deviceCookieHeader,
  deviceCookieOf,
  loginFailed,
  loginSucceeded,
  loginWait,
  rememberDevice,
  trustedDevice,
} from '../protection/login-guard';
import { askAvailability, clientOf, consumeForClient } from '../protection/request';
import { findUserByEmail, identityExists, phoneExists } from '../users/repo';
import { loadUser } from '../users/serialize';
import { usernameRefusal } from '../users/usernames';
import { accountLimiters, apiErrorSchema } from './limits';
import { rateLimited } from '../../lib/rate-limit';
import { bearerToken, requireAuth, session } from './plugin';
import { checkResetToken, requestPasswordRecovery, resetPassword } from './recovery';
import type { SessionSettings } from './service';
import { authenticate, login, register } from './service';
import { endSessions, logout } from './sessions';

const tags = ['Cuentas'];

/**
 * Account routes (docs/product.md §7): register, login, logout, current user, availability checks, and the
 * password recovery of decision 006 (recovery_password, reset_password).
 */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, limiters } = app.deps;
  const settings: SessionSettings = {
    sessionTtlMs: config.SESSION_TTL_HOURS * 3_600_000,
    rememberTtlMs: config.REMEMBER_TTL_DAYS * 86_400_000,
  };
  const db = () => app.deps.database.db;

  /**
   * After a successful sign-in or registration: keeps (or makes) this browser's `domino_device`
   * cookie and records it for the account, so its right password is never refused by the address
   * limit later (docs/decisions/039).
   */
  const trustThisDevice = async (req: FastifyRequest, reply: FastifyReply, userId: number) => {
    const cookie = deviceCookieHeader(deviceCookieOf(req.headers), req.protocol === 'https');
    await rememberDevice(db(), userId, cookie.value);
    void reply.header('set-cookie', cookie.header);
  };

  /** One question whether an e-mail, cédula or phone is taken (decision 013); 429 when spent. */
  const availability = (req: FastifyRequest) => askAvailability(app.deps, req);

  r.post(
    '/api/register_api',
    {
      schema: {
        tags,
        summary: 'Registrar un jugador e iniciar su sesión',
        description:
          'Cada intento cuenta en el mismo límite por dirección IP que check_email, ' +
          'check_identity y check_phone (60 por minuto): 429 al agotarlo.',
        body: registerRequestSchema,
        response: { 201: authResponseSchema, 429: apiErrorSchema },
      },
    },
    async (req, reply) => {
      // A registration answers whether its e-mail, cédula and phone are taken: it spends the
      // same per-address counter as check_* (docs/decisions/013).
      await availability(req);
      const result = await register(db(), req.body, settings, clientOf(req));
      await trustThisDevice(req, reply, result.user.id);
      return reply.code(201).send(result);
    },
  );

  r.post(
    '/api/login_api',
    {
      schema: {
        tags,
        summary: 'Iniciar sesión',
        description:
          'Tras 5 contraseñas incorrectas para una cuenta, los dispositivos desconocidos esperan ' +
          '2, 4, 8… segundos (hasta 15 minutos) antes de volver a intentarlo con ella (429). Una ' +
          'dirección IP con muchos fallos (300 en 15 minutos) hace esperar a sus dispositivos ' +
          'desconocidos. Un navegador que ya inició sesión en la cuenta (cookie domino_device) ' +
          'y las cuentas del personal nunca esperan por la dirección. 20 fallos para una cuenta ' +
          'en 15 minutos quedan en el registro de auditoría para el personal.',
        body: loginRequestSchema,
        response: { 200: authResponseSchema, 429: apiErrorSchema },
      },
    },
    async (req, reply) => {
      const attempt = { email: req.body.email, ip: req.ip, device: deviceCookieOf(req.headers) };
      const trusted = await trustedDevice(db(), limiters, attempt);
      const wait = await loginWait(db(), limiters, attempt, trusted);
      if (wait !== null) {
        await countBurst(db(), limiters, attempt);
        throw rateLimited(wait, MSG.tooManyLoginAttempts);
      }
      try {
        const result = await login(db(), req.body, settings, clientOf(req));
        await loginSucceeded(limiters, attempt);
        await trustThisDevice(req, reply, result.user.id);
        return result;
      } catch (err) {
        if (err instanceof AppError && err.code === 'auth/invalid_credentials')
          await loginFailed(db(), limiters, attempt, trusted);
        throw err;
      }
    },
  );

  r.post(
    '/api/check_email',
    {
      schema: {
        tags,
        summary: '¿Está libre este correo?',
        body: checkEmailRequestSchema,
        response: { 200: availabilityResponseSchema },
      },
    },
    async (req) => {
      await availability(req);
      const email = req.body.email.trim();
      if (!isEmail(email)) return { available: false, message: MSG.emailInvalid };
      const taken = await findUserByEmail(db(), email);
      return taken ? { available: false, message: MSG.emailTaken } : { available: true };
    },
  );

  r.post(
    '/api/check_identity',
    {
      schema: {
        tags,
        summary: '¿Está libre este documento?',
        body: checkIdentityRequestSchema,
        response: { 200: availabilityResponseSchema },
      },
    },
    async (req) => {
      await availability(req);
      const { type_identification: type, n_identification: number } = req.body;
      if (type !== 'V' && type !== 'E')
        return { available: false, message: MSG.documentTypeRequired };
      const problem = identificationProblems(number)[0];
      if (problem) return { available: false, message: problem };
      return (await identityExists(db(), type, number))
        ? { available: false, message: MSG.identificationTaken }
        : { available: true };
    },
  );

  r.post(
    '/api/check_phone',
    {
      schema: {
        tags,
        summary: '¿Está libre este teléfono?',
        body: checkPhoneRequestSchema,
        response: { 200: availabilityResponseSchema },
      },
    },
    async (req) => {
      await availability(req);
      const phone = parsePhone(req.body.phone);
      if (!phone.ok) return { available: false, message: phone.message };
      return (await phoneExists(db(), phone.phone))
        ? { available: false, message: MSG.phoneTaken }
        : { available: true };
    },
  );

  r.post(
    '/api/check_username',
    {
      schema: {
        tags,
        summary: '¿Se puede elegir este nombre de usuario?',
        description:
          'Reglas de la decisión 040: 3 a 20 caracteres (letras sin acentos, números, _ . -), ' +
          'empieza por letra, sin palabras reservadas ni ofensivas, libre sin importar ' +
          'mayúsculas y no retenido para otro jugador. Cuenta en el mismo límite por dirección ' +
          'IP que check_email (429 al agotarlo). Con sesión, el nombre propio cuenta como libre.',
        body: checkUsernameRequestSchema,
        response: { 200: availabilityResponseSchema, 429: apiErrorSchema },
      },
    },
    async (req) => {
      await availability(req);
      // A signed-in player asking about their own name hears "available" (the profile form).
      const token = bearerToken(req);
      const self = token ? (await authenticate(db(), token))?.user.id : undefined;
      const refusal = await usernameRefusal(db(), req.body.username, self);
      return refusal ? { available: false, message: refusal } : { available: true };
    },
  );

  const mailer = appMailer(app);
  const accountLimits = accountLimiters(app);

  r.post(
    '/api/recovery_password',
    {
      schema: {
        tags,
        summary: 'Enviar por correo un enlace para restablecer la contraseña',
        description:
          'Envía un enlace de un solo uso a /reset-password?token=..., válido 60 minutos; una ' +
          'nueva solicitud anula los enlaces anteriores. 404 si no hay cuenta con ese correo, ' +
          '403 si la cuenta está suspendida, 429 tras 3 solicitudes en 15 minutos por correo ' +
          '(o 10 por dirección IP, o al agotar las consultas de disponibilidad de la dirección), 503 si el correo no pudo enviarse (no se crea ningún enlace).',
        body: recoveryRequestSchema,
        response: {
          200: messageResponseSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (req) => {
      const { email } = req.body;
      const wait =
        (await consume(accountLimits.recoveryEmail, email)) ??
        (await consume(accountLimits.recoveryIp, req.ip)) ??
        // A 404 tells whether the e-mail has an account: the one availability counter
        // (docs/decisions/013) counts it like check_email.
        (await consumeForClient(limiters.availability, limiters.availabilityAddress, req));
      if (wait !== null) throw rateLimited(wait, MSG.recoveryTooMany);
      await requestPasswordRecovery(
        { db: db(), mailer, publicUrl: config.publicUrl, log: req.log },
        email,
        req.ip,
      );
      return { message: MSG.recoverySent };
    },
  );

  r.post(
    '/api/reset_password',
    {
      schema: {
        tags,
        summary: 'Elegir una nueva contraseña con el enlace de recuperación',
        description:
          'Con el token del enlace: fija la contraseña (reglas del registro), marca el enlace ' +
          'como usado y cierra todas las sesiones del usuario. 410 si el enlace no existe, ya se ' +
          'usó o fue reemplazado (recovery/invalid_token) o expiró (recovery/expired_token); 403 ' +
          'si la cuenta está suspendida; 429 tras 20 enlaces fallidos en 15 minutos por IP.',
        body: resetPasswordRequestSchema,
        response: {
          200: messageResponseSchema,
          403: apiErrorSchema,
          410: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (req) => {
      const wait = await blockedFor(accountLimits.resetIp, req.ip);
      if (wait !== null) throw rateLimited(wait, MSG_ACCOUNT.tooManyResetAttempts);
      let userId: number;
      try {
        userId = await resetPassword(db(), req.body.token, req.body.password);
      } catch (err) {
        if (err instanceof AppError && err.status === 410)
          await consume(accountLimits.resetIp, req.ip);
        throw err;
      }
      endSessions(app.deps.hub, { userId }, 'password_reset');
      return { message: MSG_ACCOUNT.resetDone };
    },
  );

  r.post(
    '/api/reset_password/check',
    {
      schema: {
        tags,
        summary: '¿Sigue sirviendo este enlace de recuperación? (no lo usa)',
        description:
          'Para que /reset-password avise al abrirse de un enlace usado, reemplazado o vencido ' +
          '(los mismos 410 que /api/reset_password). Los fallos cuentan para el mismo límite por IP.',
        body: resetTokenCheckRequestSchema,
        response: { 200: resetTokenCheckResponseSchema, 410: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (req) => {
      const wait = await blockedFor(accountLimits.resetIp, req.ip);
      if (wait !== null) throw rateLimited(wait, MSG_ACCOUNT.tooManyResetAttempts);
      try {
        const { expiresAt } = await checkResetToken(db(), req.body.token);
        return { valid: true as const, expires_at: expiresAt.toISOString() };
      } catch (err) {
        if (err instanceof AppError && err.status === 410)
          await consume(accountLimits.resetIp, req.ip);
        throw err;
      }
    },
  );

  await app.register(async (scope) => {
    requireAuth(scope);
    const s = scope.withTypeProvider<ZodTypeProvider>();

    s.post(
      '/api/logout',
      {
        schema: {
          tags,
          summary: 'Cerrar la sesión (revoca el token)',
          description:
            'Revoca el token de esta sesión y desconecta sus sockets en todos los nodos (evento ' +
            '`session:ended`). Sin cuerpo, o con `{}`. Las demás sesiones del usuario siguen abiertas.',
          response: { 200: z.object({ message: z.string() }), 401: unauthorizedSchema },
        },
      },
      async (req) => {
        await logout(db(), app.deps.hub, session(req).tokenId);
        return { message: 'Sesión cerrada correctamente' };
      },
    );

    s.get(
      '/api/user',
      {
        schema: {
          tags,
          summary: 'El usuario de la sesión',
          response: { 200: userSchema, 401: unauthorizedSchema },
        },
      },
      async (req) => {
        return loadUser(db(), session(req).user);
      },
    );
  });
}
