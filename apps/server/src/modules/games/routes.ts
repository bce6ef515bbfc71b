import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorSchema,
  fairnessRecordSchema,
  historyResponseSchema,
  replayResponseSchema,
  gameViewSchema,
  moveRequestSchema,
  practiceGameRequestSchema,
  practiceGameResponseSchema,
  spectateQuerySchema,
  spectatorViewSchema,
} from '@domino/contracts';
import { SOCKET_ID_HEADER, gameMessage, pageQuery, uuidParam } from '@domino/contracts';
import { AppError } from '../../lib/errors';
import { consume } from '../../lib/rate-limit';
import { requireAuth, session } from '../auth/plugin';
import type { GamesContext } from './context';
import { createPracticeGame } from './create';
import { getFairnessRecord, listHistory, replayData } from './history';
import { submitMove } from './moves';
import { openGameView } from './presence';
import { hiddenFromStrangers } from './strangers';
import { clientKey } from '../protection/request';
import type { RecordViewer } from './record-access';
import { watchTargetCounted } from './spectate';
import { currentSpectatorView, spectatorCount } from './spectators';
import { dueAlarmFor } from './sweeper';

const tags = ['Partidas'];
const gameParams = z.object({ gameId: uuidParam });

/**
 * The mover's own socket named by a move's `X-Socket-Id` header (contracts SOCKET_ID_HEADER,
 * decision 068): a Socket.IO id (20 URL-safe base64 characters) or undefined. Only the mover's
 * sockets can be left out of the push by it (hub.toUser), so a wrong id harms nobody else.
 */
function moverSocketId(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && /^[\w-]{1,64}$/.test(header) ? header : undefined;
}

/** Builds the games context of an app instance. */
export function gamesContext(app: FastifyInstance): GamesContext {
  const { config, database, hub, bots, tableMatchFinished, push, riskFollowUp } = app.deps;
  return {
    db: database.db,
    hub,
    bots,
    offLoopBots: app.deps.offLoopBots,
    tableMatchFinished,
    matchSettled: (userIds, gameId) => riskFollowUp.matchSettled(userIds, gameId),
    onError: (err) => app.log.error({ err }, 'games: work after a commit failed'),
    notifyTurn: (userId, gameId, tableName) => push.notifyTurn(userId, gameId, tableName),
    observer: app.deps.metrics.games,
    // Read at call time: the duplicate module binds it in its setup (docs/decisions/062).
    duplicateHandEnded: (gameId, board) => app.deps.duplicate.handEnded(gameId, board),
    codeGuesses: {
      perAccount: app.deps.limiters.inviteCodes,
      perMatchClient: app.deps.limiters.spectateCodes,
    },
    timing: {
      botMinDelayMs: config.BOT_MIN_DELAY_MS,
      botMaxDelayMs: config.BOT_MAX_DELAY_MS,
      handPauseMs: config.HAND_PAUSE_MS,
      commitLingerMs: config.GAME_COMMIT_LINGER_MS,
      // The node's sweeper wakes for the due times handed out here (sweeper.ts).
      onDue: dueAlarmFor(database.db).announce,
    },
  };
}

/** The reader of a match record: the session's user, staff when their role is `admin`. */
function recordViewer(req: FastifyRequest): RecordViewer {
  const { user } = session(req);
  return { userId: user.id, staff: user.rol === 'admin' };
}

/**
 * Practice games and the public board API (decision 004): create a match against the CPU, read the
 * caller's player view, play a move with an expected version; and the records of a finished
 * match (fairness record and replay), for its players and staff (decision 015).
 */
export async function gameRoutes(app: FastifyInstance): Promise<void> {
  const ctx = gamesContext(app);
  await app.register(async (scope) => {
    requireAuth(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/practice-games',
      {
        schema: {
          tags,
          summary: 'Crear una partida de práctica contra la CPU (sin dinero ni puntos)',
          body: practiceGameRequestSchema,
          response: { 201: practiceGameResponseSchema },
        },
      },
      async (req, reply) => {
        // A few practice matches a player, not hundreds: their CPU seats cost every node's bot
        // threads (docs/decisions/082).
        if ((await consume(app.deps.limiters.practiceGames, String(session(req).user.id))) !== null)
          throw new AppError('game/too_many_practice', 429, gameMessage('game/too_many_practice'));
        const id = await createPracticeGame(
          ctx,
          session(req).user.id,
          req.body.difficulty,
          app.deps.config.PRACTICE_TURN_SECONDS,
          req.body.client_seed,
        );
        return reply.code(201).send({ game_id: id });
      },
    );

    r.get(
      '/api/history',
      {
        schema: {
          tags,
          summary: 'Mis Partidas: partidas con dinero terminadas',
          querystring: z.object({ page: pageQuery() }),
          response: { 200: historyResponseSchema },
        },
      },
      async (req) => listHistory(ctx.db, session(req).user.id, req.query.page),
    );

    r.get(
      '/api/games/:gameId/fairness',
      {
        schema: {
          tags,
          summary:
            'Semillas reveladas y repartos de una partida terminada (sus jugadores y el personal)',
          params: gameParams,
          response: {
            200: fairnessRecordSchema,
            403: errorSchema,
            404: errorSchema,
            409: errorSchema,
          },
        },
      },
      async (req) =>
        hiddenFromStrangers(ctx.db, req.params.gameId, () =>
          getFairnessRecord(ctx.db, req.params.gameId, recordViewer(req)),
        ),
    );

    r.get(
      '/api/games/:gameId/replay',
      {
        schema: {
          tags,
          summary: 'Jugadas y semillas de una partida terminada (sus jugadores y el personal)',
          params: gameParams,
          response: {
            200: replayResponseSchema,
            403: errorSchema,
            404: errorSchema,
            409: errorSchema,
          },
        },
      },
      async (req) =>
        hiddenFromStrangers(ctx.db, req.params.gameId, () =>
          replayData(ctx.db, req.params.gameId, recordViewer(req)),
        ),
    );

    r.get(
      '/api/games/:gameId/view',
      {
        schema: {
          tags,
          summary: 'La vista del jugador (solo sus fichas); si figuraba desconectado, vuelve',
          params: gameParams,
          response: { 200: gameViewSchema, 403: errorSchema, 404: errorSchema },
        },
      },
      async (req) =>
        hiddenFromStrangers(ctx.db, req.params.gameId, () =>
          openGameView(ctx, req.params.gameId, session(req).user.id),
        ),
    );

    r.get(
      '/api/games/:gameId/spectate',
      {
        schema: {
          tags,
          summary:
            'Ver una partida como espectador: sin fichas de nadie; dos jugadas atrás si la mesa es de pago',
          params: gameParams,
          querystring: spectateQuerySchema,
          response: { 200: spectatorViewSchema, 404: errorSchema, 409: errorSchema },
        },
      },
      async (req) => {
        const target = await watchTargetCounted(
          ctx,
          req.params.gameId,
          session(req).user.id,
          req.query.code,
          clientKey(req),
        );
        return currentSpectatorView(ctx, target, spectatorCount(ctx.hub, req.params.gameId));
      },
    );

    r.post(
      '/api/games/:gameId/moves',
      {
        schema: {
          tags,
          summary:
            'Jugar una ficha (o pasar/robar) con la versión esperada; si el asiento estaba ausente, vuelve',
          params: gameParams,
          body: moveRequestSchema,
          response: { 200: gameViewSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
        },
      },
      async (req) =>
        hiddenFromStrangers(ctx.db, req.params.gameId, () =>
          submitMove(ctx, req.params.gameId, session(req).user.id, req.body, {
            ackSocketId: moverSocketId(req.headers[SOCKET_ID_HEADER]),
          }),
        ),
    );
  });
}
