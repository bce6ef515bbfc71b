import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../realtime/server-module';
import type { GamesContext } from './context';
import { extendDeadlinesAfterRestart } from './due-moves';
import { gameRoutes, gamesContext } from './routes';
import { registerGameSocket } from './socket';
import { listenForSpectatorCounts } from './spectators';
import { OutageRelay } from './outage-relay';
import { Sweeper } from './sweeper';

const shared = new WeakMap<FastifyInstance, GamesContext>();

/**
 * The one games context of an app's sockets and workers (the game socket, the sweeper, the
 * tournament director, the quick-play matcher), so they share one move player (moves.ts); built
 * on first use. The HTTP routes build their own (games/routes.ts).
 */
export function serverGamesContext(app: FastifyInstance): GamesContext {
  let ctx = shared.get(app);
  if (!ctx) {
    ctx = gamesContext(app);
    shared.set(app, ctx);
  }
  return ctx;
}

/** The games module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const gamesModule: ServerModule = {
  name: 'games',
  routes: [gameRoutes],
  sockets: (app) => {
    const games = serverGamesContext(app);
    // Counts of watchers other nodes took (decision 077).
    listenForSpectatorCounts(games.hub);
    return {
      onAuthenticated: (socket, session, onError) =>
        registerGameSocket(socket, session, games, onError),
    };
  },
  workers: (app) => {
    const { config, database } = app.deps;
    return [
      // Once, at start, before the sweeper: turns that fell due while no node ran get their time
      // back.
      {
        start: async () => {
          const extended = await extendDeadlinesAfterRestart(database.db);
          if (extended > 0) app.log.info({ extended }, 'extended turn deadlines after restart');
        },
        stop: async () => undefined,
      },
      new Sweeper(
        serverGamesContext(app),
        config.SWEEPER_INTERVAL_MS,
        app.log,
        database.kind === 'postgres' ? config.SWEEPER_CONCURRENCY : 1,
        config.SWEEPER_IDLE_MS,
      ),
      // While Redis is away, moves made on other nodes still reach this node's players
      // (decision 071).
      new OutageRelay(serverGamesContext(app), app.deps.redis, (err) =>
        app.log.error({ err }, 'outage relay failed'),
      ),
    ];
  },
};
