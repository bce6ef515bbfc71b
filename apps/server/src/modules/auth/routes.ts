import type { FastifyInstance } from 'fastify';
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
  errorSchema,
  identificationProblems,
  isEmail,
  loginRequestSchema,
  messageResponseSchema,
  phoneProblems,
  recoveryRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  resetTokenCheckRequestSchema,
  resetTokenCheckResponseSchema,
  userSchema,
} from '@domino/contracts';
import { AppError } from '../../lib/errors';
import { blockedFor, consume } from '../../lib/rate-limit';
import { createMailer } from '../mail/mailer';
import { findUserByEmail, identityExists, phoneExists } from '../users/repo';
import { loadUser } from '../users/serialize';
import { accountLimiters, apiErrorSchema, rateLimited } from './limits';
import { requireAuth, session } from './plugin';
import { checkResetToken, requestPasswordRecovery, resetPassword } from './recovery';
import type { ClientInfo, SessionSettings } from './service';
import { login, register, revokeToken } from './service';

const tags = ['Cuentas'];

/**
 * Account routes (spec §7): register, login, logout, current user, availability checks, and the
 * password recovery of issue 6 (recovery_password, reset_password).
 */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, limiters } = app.deps;
  const settings: SessionSettings = {
    sessionTtlMs: config.SESSION_TTL_HOURS * 3_600_000,
    rememberTtlMs: config.REMEMBER_TTL_DAYS * 86_400_000,
  };
  const db = () => app.deps.database.db;
  const clientOf = (req: { ip: string; headers: Record<string, unknown> }): ClientInfo => ({
    ip: req.ip,
    userAgent:
      typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
  });

  r.post(
    '/api/register_api',
    {
      schema: {
        tags,
        summary: 'Registrar un jugador e iniciar su sesión',
        body: registerRequestSchema,
        response: { 201: authResponseSchema },
      },
    },
    async (req, reply) => {
      const result = await register(db(), req.body, settings, clientOf(req));
      return reply.code(201).send(result);
    },
  );

  r.post(
    '/api/login_api',
    {
      schema: {
        tags,
        summary: 'Iniciar sesión',
        body: loginRequestSchema,
        response: { 200: authResponseSchema },
      },
    },
    async (req) => {
      const emailKey = req.body.email;
      const wait =
        (await blockedFor(limiters.loginEmail, emailKey)) ??
        (await blockedFor(limiters.loginIp, req.ip));
      if (wait !== null) throw rateLimited(wait, MSG.tooManyLoginAttempts);
      try {
        const result = await login(db(), req.body, settings, clientOf(req));
        await limiters.loginEmail.delete(emailKey);
        return result;
      } catch (err) {
        if (err instanceof AppError && err.code === 'auth/invalid_credentials') {
          await consume(limiters.loginEmail, emailKey);
          await consume(limiters.loginIp, req.ip);
        }
        throw err;
      }
    },
  );

  const availability = async (ip: string) => {
    const wait = await consume(limiters.availability, ip);
    if (wait !== null) throw rateLimited(wait);
  };

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
      await availability(req.ip);
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
      await availability(req.ip);
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
      await availability(req.ip);
      const problem = phoneProblems(req.body.phone)[0];
      if (problem) return { available: false, message: problem };
      return (await phoneExists(db(), req.body.phone))
        ? { available: false, message: MSG.phoneTaken }
        : { available: true };
    },
  );

  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    dataDir: config.DATA_DIR,
    log: (line) => app.log.info(line),
  });
  app.addHook('onClose', async () => mailer.close());
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
          '(o 10 por dirección IP), 503 si el correo no pudo enviarse (no se crea ningún enlace).',
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
        (await consume(accountLimits.recoveryIp, req.ip));
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
      try {
        await resetPassword(db(), req.body.token, req.body.password);
      } catch (err) {
        if (err instanceof AppError && err.status === 410)
          await consume(accountLimits.resetIp, req.ip);
        throw err;
      }
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
          response: { 200: z.object({ message: z.string() }), 401: errorSchema },
        },
      },
      async (req) => {
        await revokeToken(db(), session(req).tokenId);
        return { message: 'Sesión cerrada correctamente' };
      },
    );

    s.get(
      '/api/user',
      {
        schema: {
          tags,
          summary: 'El usuario de la sesión',
          response: { 200: userSchema, 401: errorSchema },
        },
      },
      async (req) => {
        return loadUser(db(), session(req).user);
      },
    );
  });
}
