import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  authResponseSchema,
  availabilityResponseSchema,
  checkEmailRequestSchema,
  checkIdentityRequestSchema,
  checkPhoneRequestSchema,
  errorSchema,
  identificationProblems,
  isEmail,
  loginRequestSchema,
  phoneProblems,
  registerRequestSchema,
  userSchema,
} from '@domino/contracts';
import { AppError } from '../../lib/errors';
import { blockedFor, consume } from '../../lib/rate-limit';
import { walletBalanceCents } from '../ledger/accounts';
import { findUserByEmail, identityExists, phoneExists } from '../users/repo';
import { serializeUser } from '../users/serialize';
import { requireAuth, session } from './plugin';
import type { ClientInfo, SessionSettings } from './service';
import { login, register, revokeToken } from './service';

const tags = ['Cuentas'];

function rateLimited(seconds: number, message: string = MSG.tooManyRequests): AppError {
  const err = new AppError('rate/limited', 429, message);
  (err as AppError & { retryAfter?: number }).retryAfter = seconds;
  return err;
}

/** Account routes (spec §7): register, login, logout, current user, availability checks. */
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
        const { user } = session(req);
        return serializeUser(user, await walletBalanceCents(db(), user.id));
      },
    );
  });
}
