import { serverGamesContext } from '../games/module';
import type { ServerModule } from '../realtime/server-module';
import { TournamentDirector } from './director';
import { tournamentRoutes } from './routes';
import { announceTournament, openCallsReader, registerTournamentSocket } from './socket';

/** The tournaments module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const tournamentsModule: ServerModule = {
  name: 'tournaments',
  // A board of a duplicate tournament's set was just compared (the duplicate module's port,
  // decision 062 addendum "A board compared, live"): the standings count compared boards, so the
  // tournament's room refetches its detail at once.
  setup: (app) => {
    app.deps.duplicate.tournamentBoardCompared = (id) => announceTournament(app, id);
  },
  routes: [tournamentRoutes],
  sockets: (app) => {
    const openCalls = openCallsReader(app.deps.database.db);
    return {
      onConnection: (socket) =>
        registerTournamentSocket(socket, app.deps.database.db, openCalls, app.log),
    };
  },
  // Tournaments: rounds, no-shows and prizes, once a second on every node (SKIP LOCKED). A
  // settled table match wakes it at once (the `AppDeps.tournaments` port, bound here; server.ts
  // unbinds it before stopping the workers).
  workers: (app) => {
    const { config, database, push } = app.deps;
    const director = new TournamentDirector(
      database.db,
      serverGamesContext(app),
      push,
      config.SWEEPER_INTERVAL_MS > 0 ? 1_000 : 0,
      app.log,
    );
    app.deps.tournaments.wake = () => director.wake();
    return [director];
  },
};
