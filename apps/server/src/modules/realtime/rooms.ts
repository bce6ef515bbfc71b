/** Socket.IO rooms (DESIGN §5): public tables channel, one per user, table and game. */
export const ROOMS = {
  tables: 'tables',
  user: (userId: number) => `user:${userId}`,
  table: (tableId: number) => `table:${tableId}`,
  game: (gameId: string) => `game:${gameId}`,
} as const;
