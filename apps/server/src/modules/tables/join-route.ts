import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG_TABLES, SERVER_EVENTS, centsToBolivares } from '@domino/contracts';
import { idempotencyScope, runIdempotent } from '../../lib/idempotency';
import { session } from '../auth/plugin';
import { gamesContext } from '../games/routes';
import { publishTable } from './publish';
import { joinTable, type JoinAccess } from './service';

/** A match a join just created: who sits in it and the table's name (push notices, decision 025). */
interface StartedMatch {
  gameId: string;
  userIds: number[];
  tableName: string;
}

/** The answer of every way to take a seat: the wallet after the entry (Bs.), a message, the seat. */
export interface JoinAnswer {
  new_balance: number;
  message: string;
  seat: number;
}

/**
 * The body shared by POST /api/tables/{id}/join (`public`), POST /api/private-tables/{code}/join
 * (`invitation`) and POST /api/tables/{id}/rematch (`rematch`): `joinTable` inside an idempotent
 * transaction (an `Idempotency-Key` retry replays the stored answer and pushes nothing), then,
 * after the commit, the player's new balance, the table's listeners, and when the join filled the
 * table, the "your table starts" push to every seat (decision 025). Errors: those of joinTable.
 */
export async function seatPlayer(
  app: FastifyInstance,
  req: FastifyRequest,
  tableId: number,
  input: { entryPrice: number; clientSeed?: string | undefined; access: JoinAccess },
): Promise<JoinAnswer> {
  const db = app.deps.database.db;
  const userId = session(req).user.id;
  const scopeName = input.access === 'rematch' ? 'table.rematch' : 'table.join';
  const scopeKey = idempotencyScope(req, userId, `${scopeName}:${tableId}`, req.body);
  // Set inside the transaction when this join filled the table (read after the commit).
  let started: StartedMatch | null = null;
  const res = await runIdempotent(db, scopeKey, async (tx) => {
    const out = await joinTable(
      tx,
      userId,
      tableId,
      input.entryPrice,
      gamesContext(app).timing,
      input.clientSeed,
      input.access,
    );
    started = out.gameId && out.started ? { gameId: out.gameId, ...out.started } : null;
    return {
      status: 200,
      body: {
        new_balance: centsToBolivares(out.balanceCents),
        message: input.access === 'rematch' ? MSG_TABLES.rematchAccepted : MSG_TABLES.joined,
        seat: out.seat,
      },
    };
  });
  if (!res.replayed) {
    app.deps.hub.toUser(userId, SERVER_EVENTS.balanceUpdated, { balance: res.body.new_balance });
    await publishTable(db, app.deps.hub, tableId);
    const match = started as StartedMatch | null;
    if (match) app.deps.push.notifyTableStart(match.userIds, match.gameId, match.tableName);
  }
  return res.body;
}
