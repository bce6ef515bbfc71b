import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, RouteOptions } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { sql } from 'drizzle-orm';
import { INPUT_CODES, MSG, MSG_INPUT } from '@domino/contracts';
import { isApiPath, rewritePublicApiUrl } from './lib/api-paths';
import { AppError } from './lib/errors';
import { clientErrorHandler } from './lib/client-errors';
import type { AppDeps } from './deps';
import { errorReply } from './lib/http-errors';
import { installInputGuard } from './lib/input-guard';
import { logStreamFor, loggerOptions } from './lib/logging';
import { MULTIPART_LIMITS } from './lib/multipart';
import { readWebDist } from './lib/web-dist';
import { SERVER_MODULES } from './modules';
import { registerRoute } from './modules/realtime/server-module';

/** How long `/api/ready` waits for PostgreSQL and Redis to answer, in milliseconds. */
const READY_PROBE_MS = 2000;

/** `promise`, or a rejection after `ms` milliseconds (the timer never keeps the process up). */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/**
 * Builds the HTTP application (docs/architecture.md app.ts): plugins, every module's routes (from
 * `SERVER_MODULES`, modules/index.ts), one error handler, the SPA.
 * Does not listen; tests drive it with `app.inject`.
 */
export async function buildApp(
  deps: AppDeps,
  options: {
    logStream?: DestinationStream;
    /**
     * Called with every route as it is registered (Fastify's `onRoute` hook): the real route
     * table, which the hidden-ids walker (hidden-ids.test.ts, decision 048) walks.
     */
    onRoute?: (route: RouteOptions) => void;
  } = {},
): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    // Secrets, tokens and query values never reach a log line (lib/logging.ts, decision 014).
    // JSON lines for machines, readable ones for a person at a terminal (decision 020).
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : loggerOptions(config, options.logStream ?? logStreamFor(config)),
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1_048_576,
    // `/public/api/*` is the original client's base address for `/api/*` (docs/product.md §7; lib/api-paths.ts).
    rewriteUrl: (req) => rewritePublicApiUrl(req.url ?? '/'),
    // Errors raised before routing (bad percent-encoding, a too long parameter) and below HTTP
    // (a malformed request line, oversized headers) answer like every other error: ours, Spanish.
    frameworkErrors: (error, _request, reply) => {
      const r = errorReply(error);
      void (reply as FastifyReply).code(r.status).send(r.body);
    },
    clientErrorHandler,
    // While closing, our own 503 (Spanish) instead of Fastify's built-in English one.
    return503OnClosing: false,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.decorate('deps', deps);
  // Each module's app-wide hooks (push, risk follow-ups, the bank verifier), in floor order.
  for (const module of SERVER_MODULES) module.setup?.(app);
  app.decorateRequest('auth', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // A JSON content type with an empty body is a request without a body (decision 012): the original
  // client sends `Content-Type: application/json` on every call (docs/product.md §7), bodiless POSTs such as
  // /api/logout included. Anything else is parsed exactly as Fastify's own JSON parser does.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    defaultJsonParser(request, text, done);
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (closing) {
      reply.header('connection', 'close');
      throw new AppError(INPUT_CODES.serviceUnavailable, 503, MSG_INPUT.serviceUnavailable);
    }
    // The web app's files are served by a catch-all route; an API path never reaches it.
    if (request.routeOptions.url === '/*' && isApiPath(request.url))
      throw new AppError(INPUT_CODES.notFound, 404, MSG.notFound);
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
        // Same origin only: Socket.IO connects back to this host (ws/wss of 'self').
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.NODE_ENV === 'production',
  });

  app.setErrorHandler((error, request, reply) => {
    const r = errorReply(error);
    if (r.unexpected) request.log.error({ err: error }, 'unhandled error');
    if (r.retryAfter) reply.header('retry-after', String(r.retryAfter));
    return reply.code(r.status).send(r.body);
  });

  await app.register(multipart, {
    // Read in one place, before validation (lib/multipart.ts): one image per request, a byte
    // over 5 MB is the catalogue's size message, never a silently truncated file.
    limits: MULTIPART_LIMITS,
    throwFileSizeLimit: false,
  });
  // NUL and lone surrogates are refused here for every route, before validation (decision 014).
  installInputGuard(app);

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

  // Readiness (docs/decisions/063-cluster-and-drain.md): whether a balancer may send this node new
  // connections. Liveness (/api/health) only says the process answers. The app is built after the
  // migrations ran, so answering at all means migrated; 503 while draining or when PostgreSQL or
  // (when configured) Redis does not answer within READY_PROBE_MS. No detail beyond the status.
  app.get('/api/ready', { schema: { hide: true } }, async (_req, reply) => {
    if (deps.lifecycle.draining) return reply.code(503).send({ status: 'draining' });
    try {
      await withTimeout(
        // PostgreSQL on the probe's own connection: a pool busy with a burst is not "unavailable".
        Promise.all([deps.database.probe(), deps.redis?.ping()]),
        READY_PROBE_MS,
      );
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  // Every module's route plugins, from the one list of modules (modules/index.ts, decision 054).
  for (const module of SERVER_MODULES)
    for (const route of module.routes ?? []) await registerRoute(app, route);

  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist.root,
      wildcard: true,
      // `/` sends the prerendered landing when the build has one (decision 011).
      // An array: with preCompressed, @fastify/static looks a string index up as no index at all.
      index: [webDist.home],
      // The build writes .br/.gz copies (apps/web/vite.config.ts); sent when the client accepts them.
      preCompressed: true,
      // Our cache-control only: @fastify/send's own (max-age=0) would overwrite it.
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader(
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
    // No HTML under an API path, whatever the method or spelling (lib/api-paths.ts).
    if (
      webDist &&
      wantsPage &&
      !isApiPath(request.originalUrl) &&
      !isApiPath(url) &&
      !url.startsWith('/socket.io')
    ) {
      reply.header('cache-control', 'no-cache');
      // A prerendered public page for its exact path (decision 036); with a query string the
      // page may render differently from its prerendered HTML, so the app renders it.
      const page = request.url.includes('?') ? undefined : webDist.pages.get(url);
      return reply.sendFile(page ?? 'index.html', webDist.root);
    }
    return reply.code(404).send({ message: MSG.notFound, code: INPUT_CODES.notFound });
  });

  return app;
}
