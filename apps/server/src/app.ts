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
import { authRoutes } from './modules/auth/routes';
import { userRoutes } from './modules/profile/routes';
import { privateTableRoutes } from './modules/tables/private-routes';
import { tableRoutes } from './modules/tables/routes';
import { gameRoutes } from './modules/games/routes';
import { refreshLiveSeats } from './modules/games/repo';
import { paymentRoutes } from './modules/payments/routes';
import { adminConsoleRoutes, suspendAndDisconnect } from './modules/admin/console';
import { paymentStaffRoutes } from './modules/payments/staff';
import { tableStaffRoutes } from './modules/tables/staff-routes';
import { catalogStaffRoutes } from './modules/catalog/staff-routes';
import { potRoutes } from './modules/pot/routes';
import { landingRoutes } from './modules/landing/routes';
import { talkRoutes } from './modules/talk/routes';
import { talkStaffRoutes } from './modules/talk/staff-routes';
import { friendRoutes } from './modules/friends/routes';
import { pushRoutes } from './modules/push/routes';
import { analysisRoutes } from './modules/analysis/routes';
import { puzzleRoutes } from './modules/puzzles/routes';
import { ratingRoutes } from './modules/ratings/routes';
import { tournamentRoutes } from './modules/tournaments/routes';
import { quickPlayRoutes } from './modules/quickplay/routes';
import { reportRoutes } from './modules/reports/routes';
import { responsibleRoutes } from './modules/responsible/routes';
import { riskRoutes } from './modules/risk/routes';
import { reconciliationRoutes } from './modules/reconciliation/routes';
import { identityRoutes } from './modules/identity/routes';
import { identityStaffRoutes } from './modules/identity/staff-routes';
import { bankingStaffRoutes } from './modules/banking/staff-routes';
import { BankVerifier } from './modules/banking/verify-worker';
import { bankRoutes } from './modules/banking/routes';
import { bankPayoutRoutes } from './modules/payments/bank-payout-routes';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/**
 * Builds the HTTP application (docs/architecture.md app.ts): plugins, routes, one error handler, the SPA.
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
  // Push notifications report to the app's logger and finish their queue on close (decision 025).
  deps.push.useLogger(app.log);
  app.addHook('onClose', async () => deps.push.close());
  // Scans of settled matches' players report here and finish before close (decision 049).
  deps.riskFollowUp.useLogger(app.log);
  app.addHook('onClose', async () => deps.riskFollowUp.close());
  // The VAPID pair is read (or made, once) at start, so a server where push cannot work says so
  // in its one log line at start rather than on a request (decision 048).
  app.addHook('onReady', async () => {
    await deps.push.vapid();
  });
  // Automatic bank verification of recharges (decision 051): built here for the app's logger,
  // started by server.ts (tests tick it), finished before close.
  deps.bank.verifier = new BankVerifier(
    deps.database.db,
    deps.bank.connectors,
    { hub: deps.hub, push: deps.push },
    config.BANK_VERIFY_INTERVAL_MS,
    app.log,
  );
  const verifier = deps.bank.verifier;
  app.addHook('onClose', async () => verifier.stop());
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

  await app.register(authRoutes);
  await app.register(userRoutes, { nameChanged: refreshLiveSeats });
  await app.register(tableRoutes);
  await app.register(privateTableRoutes);
  await app.register(gameRoutes);
  await app.register(paymentRoutes);
  await app.register(paymentStaffRoutes);
  await app.register(adminConsoleRoutes);
  await app.register(catalogStaffRoutes);
  await app.register(tableStaffRoutes);
  await app.register(potRoutes);
  await app.register(landingRoutes);
  await app.register(talkRoutes);
  await app.register(talkStaffRoutes);
  await app.register(friendRoutes);
  await app.register(pushRoutes);
  await app.register(analysisRoutes);
  await app.register(puzzleRoutes);
  await app.register(ratingRoutes);
  await app.register(tournamentRoutes);
  await app.register(quickPlayRoutes);
  await app.register(reportRoutes);
  await app.register(responsibleRoutes);
  await app.register(riskRoutes, {
    suspend: (staffId, userId, reason) => suspendAndDisconnect(app, staffId, userId, reason),
  });
  await app.register(reconciliationRoutes);
  await app.register(identityRoutes);
  await app.register(identityStaffRoutes);
  await app.register(bankingStaffRoutes);
  await app.register(bankRoutes);
  await app.register(bankPayoutRoutes);

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
