import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { accounts, ledgerEntries, ledgerTransactions, users } from '../../db/schema';
import type { DbKind } from '../../test/helpers';
import { createTestDatabase, postgresAvailable } from '../../test/helpers';
import { createWallet, walletBalanceCents } from './accounts';
import { checkLedger, systemAccount, transfer } from './ledger';

async function newUserWallet(
  db: Database['db'],
  n: number,
): Promise<{ userId: number; walletId: number }> {
  const [u] = await db
    .insert(users)
    .values({
      name: `U${n}`,
      email: `u${n}@example.com`,
      username: `u${n}`,
      typeIdentification: 'V',
      nIdentification: String(10_000_000 + n),
      phone: `0414${String(n).padStart(7, '0')}`,
      passwordHash: 'x',
    })
    .returning();
  const walletId = await db.transaction((tx) => createWallet(tx, u!.id));
  return { userId: u!.id, walletId };
}

function ledgerSuite(kind: DbKind) {
  describe(`the ledger on ${kind}`, async () => {
    const skip = kind === 'postgres' && !(await postgresAvailable());
    let database: Database;
    let n = 0;
    beforeAll(async () => {
      if (!skip) database = await createTestDatabase(kind);
    });
    afterAll(async () => {
      if (!skip) await database.close();
    });

    const fund = (walletId: number, cents: number, key: string) =>
      database.db.transaction(async (tx) => {
        const source = await systemAccount(tx, 'pago_movil_in');
        return transfer(tx, {
          kind: 'recharge',
          idempotencyKey: key,
          description: 'Recarga',
          postings: [
            { accountId: source, amountCents: -cents },
            { accountId: walletId, amountCents: cents },
          ],
        });
      });

    it.skipIf(skip)('moves money as balanced entries and keeps every invariant', async () => {
      const { userId, walletId } = await newUserWallet(database.db, ++n);
      const res = await fund(walletId, 25_000, `k-${n}`);
      expect(res.replayed).toBe(false);
      expect(res.balances.get(walletId)).toBe(25_000);
      expect(await walletBalanceCents(database.db, userId)).toBe(25_000);
      const entries = await database.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.transactionId, res.transactionId));
      expect(entries.map((e) => e.amountCents).sort((a, b) => a - b)).toEqual([-25_000, 25_000]);
      expect(await checkLedger(database.db)).toMatchObject({ ok: true, totalCents: 0 });
    });

    it.skipIf(skip)(
      'makes a retry with the same key harmless and refuses a different request under it',
      async () => {
        const { userId, walletId } = await newUserWallet(database.db, ++n);
        const first = await fund(walletId, 10_000, `retry-${n}`);
        const again = await fund(walletId, 10_000, `retry-${n}`);
        expect(again).toMatchObject({ transactionId: first.transactionId, replayed: true });
        expect(await walletBalanceCents(database.db, userId)).toBe(10_000);
        await expect(fund(walletId, 20_000, `retry-${n}`)).rejects.toMatchObject({
          code: 'ledger/idempotency_conflict',
          status: 409,
        });
        expect(await walletBalanceCents(database.db, userId)).toBe(10_000);
      },
    );

    it.skipIf(skip)('refuses to take a wallet below zero and changes nothing', async () => {
      const { userId, walletId } = await newUserWallet(database.db, ++n);
      await fund(walletId, 5_000, `small-${n}`);
      await expect(
        database.db.transaction(async (tx) => {
          const out = await systemAccount(tx, 'pago_movil_out');
          return transfer(tx, {
            kind: 'withdrawal_hold',
            idempotencyKey: `over-${n}`,
            description: 'Retiro',
            postings: [
              { accountId: walletId, amountCents: -5_001 },
              { accountId: out, amountCents: 5_001 },
            ],
          });
        }),
      ).rejects.toMatchObject({ code: 'wallet/insufficient_funds', status: 422 });
      expect(await walletBalanceCents(database.db, userId)).toBe(5_000);
      const [tx] = await database.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, `over-${n}`));
      expect(tx).toBeUndefined();
    });

    it.skipIf(skip)(
      'rejects unbalanced or empty postings before touching the database',
      async () => {
        const { walletId } = await newUserWallet(database.db, ++n);
        const source = await database.db.transaction((tx) => systemAccount(tx, 'pago_movil_in'));
        const bad = [
          [{ accountId: walletId, amountCents: 100 }],
          [
            { accountId: walletId, amountCents: 100 },
            { accountId: source, amountCents: -99 },
          ],
          [
            { accountId: walletId, amountCents: 0.5 },
            { accountId: source, amountCents: -0.5 },
          ],
        ];
        for (const postings of bad) {
          await expect(
            database.db.transaction((tx) =>
              transfer(tx, {
                kind: 'adjustment',
                idempotencyKey: `bad-${Math.random()}`,
                description: 'x',
                postings,
              }),
            ),
          ).rejects.toThrow();
        }
      },
    );

    it.skipIf(skip)('has the database refuse unbalanced entries, edits and deletions', async () => {
      const { walletId } = await newUserWallet(database.db, ++n);
      await expect(
        database.db.transaction(async (tx) => {
          const [t] = await tx
            .insert(ledgerTransactions)
            .values({
              kind: 'hack',
              idempotencyKey: `hack-${n}`,
              requestHash: 'x',
              description: 'x',
            })
            .returning();
          await tx.insert(ledgerEntries).values({
            transactionId: t!.id,
            accountId: walletId,
            amountCents: 100,
            balanceAfterCents: 100,
            accountVersion: 999,
          });
        }),
      ).rejects.toThrow();
      const [entry] = await database.db.select().from(ledgerEntries).limit(1);
      await expect(
        database.db
          .update(ledgerEntries)
          .set({ amountCents: 1 })
          .where(eq(ledgerEntries.id, entry!.id)),
      ).rejects.toThrow();
      await expect(
        database.db.delete(ledgerEntries).where(eq(ledgerEntries.id, entry!.id)),
      ).rejects.toThrow();
      await expect(
        database.db.execute(sql`update ${accounts} set balance_cents = -1 where id = ${walletId}`),
      ).rejects.toThrow();
    });

    it.skipIf(skip || kind !== 'postgres')(
      'accepts exactly floor(B/d) of many concurrent debits',
      async () => {
        const { userId, walletId } = await newUserWallet(database.db, ++n);
        await fund(walletId, 100_000, `conc-${n}`);
        const d = 30_000;
        const results = await Promise.allSettled(
          Array.from({ length: 12 }, (_, i) =>
            database.db.transaction(async (tx) => {
              const hold = await systemAccount(tx, 'pending_withdrawals');
              return transfer(tx, {
                kind: 'withdrawal_hold',
                idempotencyKey: `w-${n}-${i}`,
                description: 'Retiro',
                postings: [
                  { accountId: walletId, amountCents: -d },
                  { accountId: hold, amountCents: d },
                ],
              });
            }),
          ),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(
          Math.floor(100_000 / d),
        );
        for (const r of results)
          if (r.status === 'rejected')
            expect(r.reason).toMatchObject({ code: 'wallet/insufficient_funds' });
        expect(await walletBalanceCents(database.db, userId)).toBe(100_000 - 3 * d);
        expect((await checkLedger(database.db)).ok).toBe(true);
      },
    );
  });
}

ledgerSuite('pglite');
ledgerSuite('postgres');
