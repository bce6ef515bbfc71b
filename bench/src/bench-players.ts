/**
 * Thousands of bench players without one argon2 hash each (docs/performance.md "Failover
 * (cluster)"): registering 800 players through POST /api/register_api took 38 minutes on the
 * shared two-core machine, all of it argon2. Here the bench writes players straight into the
 * tables the app uses, with the app's own functions, in a few transactions:
 *
 * - `users`: one argon2 hash of PASSWORD, computed once (`lib/password.ts`) and stored for every
 *   player (each can still log in with PASSWORD); 18+ declared (decision 040);
 * - the wallet: `createWallet` (ledger module), as registration does;
 * - a session: a fresh random token whose SHA-256 goes into `auth_tokens` (`hashToken`), as a
 *   login issues it; the token is returned in clear, like the API's answer;
 * - the balance: `adjustBalance` (payments module), the staff adjustment's own function, by the
 *   bench admin, one balanced ledger transaction per player with its idempotency key.
 *
 * No server route is added or bypassed for the game itself: joins, sockets and moves still go
 * through the server. Nothing here is reachable from the server.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import { users } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/lib/password';
import { authTokens } from '../../apps/server/src/modules/auth/schema';
import { hashToken, newToken } from '../../apps/server/src/modules/auth/tokens';
import { createWallet } from '../../apps/server/src/modules/ledger/accounts';
import { adjustBalance } from '../../apps/server/src/modules/payments/service';
import { PASSWORD } from './realtime-server';
import type { Player } from './realtime-server';

/** Players written per transaction. */
const BATCH = 200;
/** Session lifetime of the bench tokens (the app's default, `SESSION_TTL_HOURS` 12), in ms. */
const TOKEN_TTL_MS = 12 * 3600_000;

let seeded = 0;

/**
 * Writes `count` active, adult players with a wallet funded with `balanceCents` (céntimos) by
 * the staff user `adminEmail` and one live session each, into the database of `databaseUrl`
 * (already migrated by a node). Returns them in creation order with their tokens. Throws when
 * the admin does not exist or a write fails (nothing of the failing batch is kept).
 */
export async function seedPlayers(
  databaseUrl: string,
  count: number,
  opts: { adminEmail: string; balanceCents: number },
): Promise<Player[]> {
  const database = await openDatabase({
    databaseUrl,
    dataDir: 'unused',
    poolMax: 2,
    onIdleError: () => undefined,
  });
  try {
    const db = database.db;
    const [admin] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, opts.adminEmail));
    if (!admin) throw new Error(`no admin ${opts.adminEmail} to fund the bench players`);
    const passwordHash = await hashPassword(PASSWORD);
    const run = randomBytes(3).toString('hex');
    const out: Player[] = [];
    for (let start = 0; start < count; start += BATCH) {
      const n = Math.min(BATCH, count - start);
      const batch = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(users)
          .values(
            Array.from({ length: n }, () => {
              const k = ++seeded;
              return {
                name: `Jugador ${k}`,
                email: `seed${run}_${k}@bench.local`,
                username: `banco_${run}_${k}`,
                typeIdentification: 'V',
                nIdentification: String(20_000_000 + k),
                phone: `0424${String(k).padStart(7, '0')}`,
                passwordHash,
                birthDate: '1990-05-17',
                adultDeclaredAt: new Date(),
              };
            }),
          )
          .returning({ id: users.id });
        const players: Player[] = [];
        for (const { id } of rows) {
          await createWallet(tx, id);
          const token = newToken();
          await tx.insert(authTokens).values({
            userId: id,
            tokenHash: hashToken(token),
            expiresAt: new Date(Date.now() + TOKEN_TTL_MS),
            ip: '127.0.0.1',
            userAgent: 'bench',
          });
          await adjustBalance(
            tx,
            admin.id,
            id,
            opts.balanceCents,
            'bench balance',
            `adjustment:${admin.id}:bench:${run}:${id}`,
          );
          players.push({ id, token });
        }
        return players;
      });
      out.push(...batch);
    }
    return out;
  } finally {
    await database.close();
  }
}
