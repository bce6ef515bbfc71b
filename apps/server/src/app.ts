import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import { LIMITS } from '@domino/contracts';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { MSG } from '@domino/contracts';
import type { FieldErrors } from '@domino/contracts';
import { AppError } from './lib/errors';
import type { AppDeps } from './lib/deps';
import { readWebDist } from './lib/web-dist';
import { authRoutes } from './modules/auth/routes';
import { userRoutes } from './modules/users/routes';
import { tableRoutes } from './modules/tables/routes';
import { gameRoutes } from './modules/games/routes';
import { paymentRoutes } from './modules/payments/routes';
import { adminRoutes } from './modules/admin/routes';
import { adminTableRoutes } from './modules/admin/tables';
import { potRoutes } from './modules/pot/routes';
import { landingRoutes } from './modules/landing/routes';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/**
 * Builds the HTTP application (DESIGN §1 app.ts): plugins, routes, one error handler, the SPA.
 * Does not listen; tests drive it with `app.inject`.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
          },
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1_048_576,
  });
  app.decorate('deps', deps);
  app.decorateRequest('auth', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const webDist = readWebDist(config.WEB_DIST);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(webDist?.scriptHashes ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.NODE_ENV === 'production',
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status === 429) {
        const retry = (error as AppError & { retryAfter?: number }).retryAfter;
        if (retry) reply.header('retry-after', String(retry));
      }
      const body = error.errors
        ? { message: error.message, errors: error.errors, code: error.code }
        : { message: error.message, code: error.code };
      return reply.code(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.split('/')[1] || '_';
        const list = (errors[key] ??= []);
        const message = issue.message ?? MSG.formHasErrors;
        if (!list.includes(message)) list.push(message);
      }
      return reply
        .code(422)
        .send({ message: MSG.formHasErrors, errors, code: 'validation/failed' });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply
        .code(413)
        .send({ message: 'La solicitud es demasiado grande.', code: 'http/payload_too_large' });
    }
    if (status === 429) {
      return reply.code(429).send({ message: MSG.tooManyRequests, code: 'rate/limited' });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({
        message: 'La solicitud no es válida.',
        code: error.code ? `http/${error.code}` : 'http/bad_request',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: MSG.unexpected, code: 'server/internal' });
  });

  await app.register(multipart, {
    // One proof image per request; a byte over the limit is reported as the spec's 5 MB message.
    limits: { fileSize: LIMITS.proofMaxBytes, files: 1, fields: 10, fieldSize: 1024 },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Dominó API', description: 'API de la plataforma Dominó', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/api/health', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await deps.database.db.execute(sql`select 1`);
      return { status: 'ok', database: deps.database.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(tableRoutes);
  await app.register(gameRoutes);
  await app.register(paymentRoutes);
  await app.register(adminRoutes);
  await app.register(adminTableRoutes);
  await app.register(potRoutes);
  await app.register(landingRoutes);

  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist.root,
      wildcard: true,
      // `/` sends the prerendered landing when the build has one (decision 011).
      // An array: with preCompressed, @fastify/static looks a string index up as no index at all.
      index: [webDist.home],
      // The build writes .br/.gz copies (apps/web/vite.config.ts); sent when the client accepts them.
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (
      webDist &&
      wantsPage &&
      !url.startsWith('/api/') &&
      url !== '/api' &&
      !url.startsWith('/socket.io')
    ) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', webDist.root);
    }
    return reply.code(404).send({ message: MSG.notFound, code: 'http/not_found' });
  });

  return app;
}
