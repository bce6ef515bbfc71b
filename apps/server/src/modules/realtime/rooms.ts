/**
 * Socket.IO rooms (docs/architecture.md#how-a-move-flows): public tables channel, one per user, table and game, and one per
 * session (token id) so that one session's sockets can be ended alone (docs/decisions/012).
 */
export const ROOMS = {
  tables: 'tables',
  user: (userId: number) => `user:${userId}`,
  table: (tableId: number) => `table:${tableId}`,
  game: (gameId: string) => `game:${gameId}`,
  session: (tokenId: number) => `session:${tokenId}`,
} as const;
