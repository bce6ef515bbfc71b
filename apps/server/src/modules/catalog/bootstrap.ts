import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { DEFAULT_RULES, PAGO_MOVIL_BANKS } from '@domino/contracts';
import type { Db } from '../../db/client';
import { banks, gameTables, rechargeAccounts, users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { createWallet } from '../ledger/accounts';

/**
 * First-start data (README.md): the banks that take part in Pago Móvil (decision 016;
 * docs/decisions/016; existing databases get the missing ones from migration 0015), one active
 * recharge account, the demo tables (`DEMO_TABLES`), and the admin user. Idempotent: each part is
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
        await tx.insert(gameTables).values(DEMO_TABLES);
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

const classic = DEFAULT_RULES;

/**
 * The demo catalogue of a fresh database (ids 1-9 in this order): the classic parejas tables and
 * the range of rules a table can have (docs/rules.md). A database that already has tables keeps
 * them as they are (migration 0016 gave them the rules they already played by).
 */
export const DEMO_TABLES: (typeof gameTables.$inferInsert)[] = [
  { name: 'Mesa Principiantes', entryPriceCents: 50_000, rules: classic },
  { name: 'Mesa Clásica', entryPriceCents: 100_000, rules: classic },
  {
    name: 'Mesa Capicúa',
    entryPriceCents: 250_000,
    rules: { ...classic, target_points: 150, capicua: true, pase_corrido: true },
  },
  {
    name: 'Mesa de los Maestros',
    entryPriceCents: 500_000,
    rules: { ...classic, target_points: 200, lead_rule: 'winner', tranque_tie: 'leader' },
  },
  { name: 'Mesa VIP Caracas', entryPriceCents: 1_000_000, rules: classic },
  {
    name: 'Mesa Mano a Mano',
    entryPriceCents: 75_000,
    rules: { ...classic, mode: 'individual', players: 2, drawing: true, capicua: true },
  },
  {
    name: 'Mesa de Tres',
    entryPriceCents: 150_000,
    rules: { ...classic, mode: 'individual', players: 3, drawing: false },
  },
  {
    name: 'Mesa Cubana',
    entryPriceCents: 300_000,
    rules: {
      ...classic,
      target_points: 200,
      lead_rule: 'winner',
      tranque_rule: 'lowest_hand',
      tranque_counting: 'all_pips',
      tranque_tie: 'leader',
      tranque_lead: 'blocker',
      capicua: true,
    },
  },
];

function generatePassword(): string {
  // Guaranteed to satisfy the registration rules: upper case, digits, 8+ characters.
  return `Adm${randomBytes(12).toString('base64url')}9`;
}
