/**
 * Socket.IO rooms (docs/architecture.md#how-a-move-flows): public tables channel, one per user, table and game, and one per
 * session (token id) so that one session's sockets can be ended alone (docs/decisions/012).
 */
export const ROOMS = {
  tables: 'tables',
  user: (userId: number) => `user:${userId}`,
  table: (tableId: number) => `table:${tableId}`,
  game: (gameId: string) => `game:${gameId}`,
  /** A match's spectators (docs/decisions/022-spectators.md), apart from its players' room. */
  watch: (gameId: string) => `game:${gameId}:watch`,
  session: (tokenId: number) => `session:${tokenId}`,
} as const;

/** The players' room of a game (`game:<id>`, group 1 the id), not the spectators' room. */
export const PLAYERS_ROOM = /^game:([^:]+)$/;
/** The spectators' room of a game (`game:<id>:watch`, group 1 the id). */
export const WATCH_ROOM = /^game:([^:]+):watch$/;
