import type { User } from '@domino/contracts';
import { centsToBolivares } from '@domino/contracts';
import type { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/**
 * The user object of spec §3, as every endpoint returns it. `balanceCents` comes from the ledger
 * (the user's wallet) and is sent as a JSON number in bolívares.
 */
export function serializeUser(row: UserRow, balanceCents: number): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    balance: centsToBolivares(balanceCents),
    type_identification: row.typeIdentification as User['type_identification'],
    n_identification: row.nIdentification,
    phone: row.phone,
    username: row.username,
    rol: row.rol as User['rol'],
    status: row.status as User['status'],
    points: row.points,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
