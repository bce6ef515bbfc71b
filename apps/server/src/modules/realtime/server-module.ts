import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginOptions,
  FastifyRegisterOptions,
} from 'fastify';
import type { Socket } from 'socket.io';
import type { SocketSession } from './session-guard';

/**
 * One module's entry point into the running server (docs/decisions/054-one-entry-point-per-module.md).
 * Every module that contributes to the server exports one `ServerModule` from its `module.ts`;
 * `modules/index.ts` lists them in floor order (docs/architecture.md, module table), `app.ts`
 * calls every `setup` and registers every route plugin from that list, and `server.ts` attaches
 * every module's socket handlers and starts and stops its workers from it. The interface lives
 * here, in `realtime`, because its socket handlers take realtime's `SocketSession` and every module
 * with an entry sits above realtime; `lib/` may not import a module.
 */
export interface ServerModule {
  /** The module's folder name under `src/modules` (`modules/index.test.ts` holds it to the floors). */
  readonly name: string;
  /**
   * Runs once in `buildApp` before any route is registered: the app-wide hooks of the module's
   * services (a logger to use, a queue to finish on close, a check on ready), for test apps too.
   */
  readonly setup?: (app: FastifyInstance) => void;
  /** The module's route plugins, registered on the root app in this order. */
  readonly routes?: readonly ModuleRoute[];
  /**
   * Builds the module's socket handlers once, when `server.ts` attaches Socket.IO (after
   * `app.ready()`); they then run for every socket.
   */
  readonly sockets?: (app: FastifyInstance) => SocketHandlers;
  /**
   * Builds the module's workers once, after the sockets are attached and before the server
   * listens; `server.ts` starts them after `listen` and stops them, in the reverse order of the
   * list, on close (graceful shutdown, `main.ts`).
   */
  readonly workers?: (app: FastifyInstance) => Worker[];
}

/**
 * A route plugin, or a route plugin with the options it is registered with. Options may be a
 * function of the root app (Fastify's own form: `(app) => options`) when they need the app.
 */
export type ModuleRoute =
  FastifyPluginAsync | { readonly plugin: FastifyPluginAsync<never>; readonly options: unknown };

/** A route plugin with its options, type-checked against the plugin's own options type. */
export function withOptions<O extends FastifyPluginOptions>(
  plugin: FastifyPluginAsync<O>,
  options: FastifyRegisterOptions<O>,
): ModuleRoute {
  return { plugin: plugin as FastifyPluginAsync<never>, options };
}

/** Registers one `ModuleRoute` on `app` (used by `app.ts`). */
export async function registerRoute(app: FastifyInstance, route: ModuleRoute): Promise<void> {
  if (typeof route === 'function') await app.register(route);
  else await app.register(route.plugin as FastifyPluginAsync, route.options as never);
}

/** A module's socket handlers (both optional); see `attachRealtime` (socket.ts). */
export interface SocketHandlers {
  /** Registers handlers on every socket, anonymous or not. */
  readonly onConnection?: (socket: Socket) => void;
  /**
   * Registers handlers on an authenticated socket; `onError` logs a handler's failure on the
   * app's logger.
   */
  readonly onAuthenticated?: (
    socket: Socket,
    session: SocketSession,
    onError: (err: unknown) => void,
  ) => void;
}

/**
 * A job this node runs while it serves (a periodic job, a sweeper, a one-off step at start).
 * `start` may be async (awaited in list order after `listen`); `stop` waits for the work in
 * progress and may be called more than once.
 */
export interface Worker {
  start(): void | Promise<void>;
  stop(): Promise<void>;
}
