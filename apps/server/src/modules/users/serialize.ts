import type { User } from '@domino/contracts';
import { centsToBolivares } from '@domino/contracts';
import type { Executor } from '../../db/client';
import type { users } from '../../db/schema';
import { walletBalanceCents } from '../ledger/accounts';
import type { AvatarRef } from './avatar';
import { avatarOf, avatarUrl } from './avatar';
import { usernameChangeAfter } from './usernames';

export type UserRow = typeof users.$inferSelect;

/**
 * The user object of docs/product.md §3, as every endpoint returns it. `balanceCents` comes from the ledger
 * (the user's wallet) and is sent as a JSON number in bolívares. `avatar` is the profile photo
 * (decision 006); `avatar_url` is null without it. Use `loadUser` when the avatar is not at hand.
 */
export function serializeUser(row: UserRow, balanceCents: number, avatar?: AvatarRef | null): User {
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
    avatar_url: avatar ? avatarUrl(avatar) : null,
    username_chosen: row.usernameChosenAt !== null,
    adult_declared: row.adultDeclaredAt !== null,
    username_change_after: usernameChangeAfter(row)?.toISOString() ?? null,
  };
}

/** The full user object of a row: its wallet balance and avatar read from the database. */
export async function loadUser(db: Executor, row: UserRow): Promise<User> {
  const [balance, avatar] = [await walletBalanceCents(db, row.id), await avatarOf(db, row)];
  return serializeUser(row, balance, avatar);
}
