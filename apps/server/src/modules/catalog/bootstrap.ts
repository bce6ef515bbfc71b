import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { PAGO_MOVIL_BANKS } from '@domino/contracts';
import type { Db } from '../../db/client';
import { banks, gameTables, rechargeAccounts, users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { createWallet } from '../ledger/accounts';

/**
 * First-start data (issue 2, DESIGN §2): the banks that take part in Pago Móvil (issue 11 §F;
 * docs/decisions/016; existing databases get the missing ones from migration 0015), one active
 * recharge account, a handful of demo tables, and the admin user. Idempotent: each part is
 * created only when absent, inside one transaction guarded by an advisory lock so two nodes
 * starting together do not both seed.
 *
 * Returns the generated admin password when one had to be generated (to print once), else null.
 */
export async function bootstrap(
  db: Db,
  opts: { adminEmail: string; adminPassword?: string | undefined; seedDemo: boolean },
): Promise<{ generatedAdminPassword: string | null }> {
  const adminPassword = opts.adminPassword ?? generatePassword();
  const adminHash = await hashPassword(adminPassword);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7226002)`);
    if (opts.seedDemo) {
      await tx
        .insert(banks)
        .values(PAGO_MOVIL_BANKS.map((b) => ({ code: b.code, name: b.name })))
        .onConflictDoNothing();
      const [ra] = await tx.select({ n: count() }).from(rechargeAccounts);
      if (!ra || ra.n === 0) {
        const [bank] = await tx.select().from(banks).where(eq(banks.code, '0102'));
        if (bank) {
          await tx.insert(rechargeAccounts).values({
            bankId: bank.id,
            accountNumber: '01020501840001234567',
            holderName: 'Dominó Venezuela C.A.',
            typeIdentification: 'J',
            nIdentification: '501234567',
            phone: '04141234567',
          });
        }
      }
      const [tb] = await tx.select({ n: count() }).from(gameTables);
      if (!tb || tb.n === 0) {
        await tx.insert(gameTables).values([
          { name: 'Mesa Principiantes', entryPriceCents: 50_000, targetPoints: 100 },
          { name: 'Mesa Clásica', entryPriceCents: 100_000, targetPoints: 100 },
          { name: 'Mesa Capicúa', entryPriceCents: 250_000, targetPoints: 150 },
          { name: 'Mesa de los Maestros', entryPriceCents: 500_000, targetPoints: 200 },
          { name: 'Mesa VIP Caracas', entryPriceCents: 1_000_000, targetPoints: 100 },
        ]);
      }
    }
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${opts.adminEmail.toLowerCase()}`);
    if (admin) return { generatedAdminPassword: null };
    const [row] = await tx
      .insert(users)
      .values({
        name: 'Administrador',
        email: opts.adminEmail.toLowerCase(),
        username: 'admin',
        typeIdentification: 'V',
        nIdentification: '000000000',
        phone: '00000000000',
        passwordHash: adminHash,
        rol: 'admin',
      })
      .returning({ id: users.id });
    if (!row) throw new Error('admin insert returned no row');
    await createWallet(tx, row.id);
    return { generatedAdminPassword: opts.adminPassword ? null : adminPassword };
  });
}

function generatePassword(): string {
  // Guaranteed to satisfy the registration rules: upper case, digits, 8+ characters.
  return `Adm${randomBytes(12).toString('base64url')}9`;
}
