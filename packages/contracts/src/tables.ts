import { z } from 'zod';

/** Table status values (spec §3: "open" or "activo" count as available). */
export const TABLE_STATUSES = ['open', 'activo', 'closed', 'playing'] as const;

/** A table in the catalogue (spec §3 Table/game). entry_price is a JSON number in bolívares. */
export const tableSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  status: z.enum(TABLE_STATUSES),
  current_players: z.number().int(),
  max_players: z.number().int(),
  entry_price: z.number(),
  users: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type Table = z.infer<typeof tableSchema>;
export const tableListSchema = z.array(tableSchema);

/** Table badge by players (spec §4): 0 Nuevo; fewer than max Activo; equal to max Lleno; else Jugando. */
export function tableBadge(
  table: Pick<Table, 'current_players' | 'max_players' | 'status'>,
): 'Nuevo' | 'Activo' | 'Lleno' | 'Jugando' {
  if (table.status === 'playing') return 'Jugando';
  if (table.current_players === 0) return 'Nuevo';
  if (table.current_players < table.max_players) return 'Activo';
  if (table.current_players === table.max_players) return 'Lleno';
  return 'Jugando';
}
