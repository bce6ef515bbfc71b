import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankConnectors, banks, rechargeAccounts, users } from '../../db/schema';
import type { BankProvider } from './connector';
import { DEMO_ACCOUNT_PHONE, DEMO_SECRETS, startBankSimulator } from './simulator';
import type { BankSimulator } from './simulator';
import type { BankVault } from './vault';

/**
 * The demo bank of `npm start` (docs/decisions/052-banco-de-pruebas.md "Who uses it"): Banco de
 * pruebas on 127.0.0.1 and the demo recharge accounts connected to it, so a new user recharges
 * by Pago Móvil (verified in seconds) and by C2P out of the box.
 *
 * - Banco de Venezuela's demo account (the one bootstrap creates, 0102) is connected to the
 *   simulator's BDV "API de Conciliación" (verify).
 * - A Mercantil demo account (0105, phone DEMO_ACCOUNT_PHONE) is created once and connected to
 *   the simulator's Mercantil APIs (verify, C2P with the payment key, payouts).
 * Credentials are the simulator's public demo ones (DEMO_SECRETS), sealed by the vault like any.
 * A connector staff changed to another address is left alone; one still pointing at a simulator
 * (http://127.0.0.1…) follows the simulator's current address.
 */

/** The Mercantil demo account created for the demo bank. */
export const DEMO_MERCANTIL_ACCOUNT = {
  accountNumber: '01050745651234567890',
  holderName: 'Dominó Venezuela C.A.',
  typeIdentification: 'J',
  nIdentification: '501234567',
  phone: DEMO_ACCOUNT_PHONE,
} as const;

const BDV_DEMO_ACCOUNT_NUMBER = '01020501840001234567';

/** Starts the simulator on `port` (0: any) and connects the demo accounts to it. */
export async function startDemoBank(
  db: Db,
  vault: BankVault,
  opts: { port: number; adminEmail: string },
): Promise<BankSimulator> {
  const [bdvAccount] = await db
    .select({ id: rechargeAccounts.id, phone: rechargeAccounts.phone })
    .from(rechargeAccounts)
    .where(eq(rechargeAccounts.accountNumber, BDV_DEMO_ACCOUNT_NUMBER));
  const start = (port: number) =>
    startBankSimulator({
      port,
      host: '127.0.0.1',
      accountPhones: {
        bdv: bdvAccount?.phone ?? DEMO_ACCOUNT_PHONE,
        mercantil: DEMO_MERCANTIL_ACCOUNT.phone,
      },
    });
  // Another app on this machine may hold the usual port: then any free one (the connectors follow).
  const sim = await start(opts.port).catch((err: unknown) => {
    if (opts.port !== 0 && (err as { code?: string }).code === 'EADDRINUSE') return start(0);
    throw err;
  });
  try {
    await connectDemoAccounts(db, vault, sim.url, opts.adminEmail, bdvAccount?.id ?? null);
  } catch (err) {
    await sim.close();
    throw err;
  }
  return sim;
}

async function connectDemoAccounts(
  db: Db,
  vault: BankVault,
  simUrl: string,
  adminEmail: string,
  bdvAccountId: number | null,
): Promise<void> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${adminEmail.toLowerCase()}`, eq(users.rol, 'admin')));
  if (!admin) return;
  const [mercantil] = await db.select().from(banks).where(eq(banks.code, '0105'));
  let mercantilAccountId: number | null = null;
  if (mercantil) {
    const [existing] = await db
      .select({ id: rechargeAccounts.id })
      .from(rechargeAccounts)
      .where(eq(rechargeAccounts.accountNumber, DEMO_MERCANTIL_ACCOUNT.accountNumber));
    mercantilAccountId =
      existing?.id ??
      (
        await db
          .insert(rechargeAccounts)
          .values({ bankId: mercantil.id, ...DEMO_MERCANTIL_ACCOUNT })
          .returning({ id: rechargeAccounts.id })
      )[0]?.id ??
      null;
  }
  const wanted: { accountId: number | null; provider: BankProvider; payout: boolean }[] = [
    { accountId: bdvAccountId, provider: 'bdv', payout: false },
    { accountId: mercantilAccountId, provider: 'mercantil', payout: true },
  ];
  for (const w of wanted) {
    if (w.accountId === null) continue;
    const [row] = await db
      .select({ id: bankConnectors.id, baseUrl: bankConnectors.baseUrl })
      .from(bankConnectors)
      .where(eq(bankConnectors.rechargeAccountId, w.accountId));
    if (row) {
      if (row.baseUrl !== simUrl && row.baseUrl.startsWith('http://127.0.0.1'))
        await db
          .update(bankConnectors)
          .set({ baseUrl: simUrl })
          .where(eq(bankConnectors.id, row.id));
      continue;
    }
    const credentials = { ...DEMO_SECRETS[w.provider] } as Record<string, string>;
    await db
      .insert(bankConnectors)
      .values({
        rechargeAccountId: w.accountId,
        provider: w.provider,
        baseUrl: simUrl,
        credentialsCiphertext: vault.seal(credentials, w.accountId),
        credentialNames: Object.keys(credentials).sort(),
        enabled: true,
        verifyEnabled: true,
        chargeEnabled: w.provider === 'mercantil',
        notifyEnabled: false,
        payoutEnabled: w.payout,
        notificationToken: randomBytes(24).toString('base64url'),
        updatedBy: admin.id,
      })
      .onConflictDoNothing();
  }
}
