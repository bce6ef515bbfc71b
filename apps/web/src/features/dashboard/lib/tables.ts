import type { tableBadge, Table } from '@domino/contracts';

/** The first listed table the user is seated at, if any (docs/product.md §2: redirect to its waiting room). */
export function findUserTable(tables: readonly Table[], userId: number | undefined): Table | null {
  if (userId === undefined) return null;
  return tables.find((table) => table.users.some((u) => u.id === userId)) ?? null;
}

/** 'Juego {id}' when the table has no name (docs/product.md §2 Game list). */
export function tableTitle(table: Pick<Table, 'id' | 'name'>): string {
  const name = table.name.trim();
  return name !== '' ? name : `Juego ${table.id}`;
}

/** Badge colour per badge label (docs/product.md §4 badge rule, from the contracts' tableBadge). */
export const BADGE_COLORS: Record<ReturnType<typeof tableBadge>, string> = {
  Nuevo: 'blue',
  Activo: 'green',
  Lleno: 'red',
  Jugando: 'orange',
};
