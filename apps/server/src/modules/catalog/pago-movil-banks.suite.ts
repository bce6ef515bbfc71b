import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_PAYMENTS, PAGO_MOVIL_BANKS, sortBanks } from '@domino/contracts';
import type { Database } from '../../db/client';
import { banks, rechargeAccounts } from '../../db/schema';
import type { DbKind, TestApp } from '../../test/helpers';
import { buildTestApp, createTestDatabase, newPlayer, postgresAvailable } from '../../test/helpers';
import { auth, loginAdmin } from '../../test/wallet-helpers';
import { bootstrap } from './bootstrap';

const MIGRATION = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../db/migrations/0015_pago_movil_banks.sql',
);
/** The banks a database started before decision 016 holds: docs/product.md §3's static list, as first seeded. */
const OLD_SEED = [
  { code: '0175', name: 'BDT' },
  { code: '0171', name: 'ACTIVO' },
  { code: '0102', name: 'VENEZUELA' },
  { code: '0169', name: 'MI BANCO' },
];

async function bankRows(database: Database) {
  return database.db
    .select({ id: banks.id, code: banks.code, name: banks.name, status: banks.status })
    .from(banks)
    .orderBy(asc(banks.code));
}

/**
 * Runs migration 0015 again, statement by statement, as the migrator ran it on a database from
 * before it. (The migrator itself only runs migrations newer than the last one recorded, so with
 * later migrations in the journal forgetting 0015's row would not bring it back.)
 */
async function rerunMigration0015(database: Database) {
  const statements = fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
  for (const statement of statements) await database.db.execute(sql.raw(statement));
}

/**
 * The Pago Móvil bank catalogue (docs/decisions/016), run on PGlite and on real
 * PostgreSQL by the two *.test.ts files beside this one: migration 0015 on a database from before
 * it, the first-start catalogue on a new one, and what players and staff get from the API.
 */
export function pagoMovilBankSuite(kind: DbKind): void {
  describe(`the Pago Móvil bank catalogue on ${kind}`, async () => {
    const skip = kind === 'postgres' && !(await postgresAvailable());

    describe('migration 0015 on an existing database', () => {
      let database: Database;
      beforeAll(async () => {
        if (skip) return;
        database = await createTestDatabase(kind);
      });
      afterAll(async () => {
        if (!skip) await database.close();
      });

      it.skipIf(skip)('adds nothing to a new, empty database', async () => {
        expect(await bankRows(database)).toEqual([]);
      });

      it.skipIf(skip)(
        'adds every missing bank by code, keeps existing rows and ids, and renames only the old seeded abbreviations',
        async () => {
          // The catalogue as first seeded, then touched by staff: 0171 renamed, 0169
          // deactivated, a bank of their own, and the recharge account at 0102.
          const seeded = await database.db.insert(banks).values(OLD_SEED).returning();
          const id = (code: string) => seeded.find((b) => b.code === code)!.id;
          await database.db
            .update(banks)
            .set({ name: 'Banco Activo Universal' })
            .where(eq(banks.code, '0171'));
          await database.db.update(banks).set({ status: 'inactivo' }).where(eq(banks.code, '0169'));
          await database.db.insert(banks).values({ code: '0601', name: 'IMCP' });
          await database.db.insert(rechargeAccounts).values({
            bankId: id('0102'),
            accountNumber: '01020501840001234567',
            holderName: 'Dominó Venezuela C.A.',
            typeIdentification: 'J',
            nIdentification: '501234567',
            phone: '04141234567',
          });

          await rerunMigration0015(database);

          const rows = await bankRows(database);
          const byCode = new Map(rows.map((b) => [b.code, b]));
          expect(rows).toHaveLength(PAGO_MOVIL_BANKS.length + 1);
          for (const bank of PAGO_MOVIL_BANKS) expect(byCode.has(bank.code), bank.code).toBe(true);
          // Existing rows keep their ids (withdrawals and accounts point at them) and statuses.
          for (const old of OLD_SEED) expect(byCode.get(old.code)?.id).toBe(id(old.code));
          expect(byCode.get('0169')).toMatchObject({
            name: 'R4 Banco Microfinanciero',
            status: 'inactivo',
          });
          expect(byCode.get('0102')?.name).toBe('Banco de Venezuela');
          expect(byCode.get('0175')?.name).toBe('Banco Digital de los Trabajadores');
          // A name staff chose is theirs; a bank of their own stays.
          expect(byCode.get('0171')?.name).toBe('Banco Activo Universal');
          expect(byCode.get('0601')).toMatchObject({ name: 'IMCP', status: 'activo' });
          // Every bank the migration added carries the catalogue's name and is available.
          for (const bank of PAGO_MOVIL_BANKS.filter(
            (b) => !OLD_SEED.some((o) => o.code === b.code),
          ))
            expect(byCode.get(bank.code)).toMatchObject({ name: bank.name, status: 'activo' });
          expect(byCode.get('0134')?.name).toBe('Banesco');
          expect(byCode.has('0116')).toBe(false);
        },
      );

      it.skipIf(skip)('changes nothing when it runs again', async () => {
        const before = await database.db.select().from(banks).orderBy(asc(banks.id));
        await rerunMigration0015(database);
        // And the file itself, statement by statement, twice more.
        const statements = fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
        for (let round = 0; round < 2; round++)
          for (const statement of statements) await database.db.execute(sql.raw(statement));
        expect(await database.db.select().from(banks).orderBy(asc(banks.id))).toEqual(before);
      });
    });

    describe('a new database and the API', () => {
      let t: TestApp;
      beforeAll(async () => {
        if (!skip) t = await buildTestApp(kind);
      });
      afterAll(async () => {
        if (!skip) await t.close();
      });

      it.skipIf(skip)(
        'seeds every Pago Móvil bank once, even when the first start runs again',
        async () => {
          await bootstrap(t.database.db, {
            adminEmail: t.config.ADMIN_EMAIL,
            adminPassword: t.config.ADMIN_PASSWORD,
            seedDemo: true,
          });
          const rows = await bankRows(t.database);
          expect(rows.map((b) => [b.code, b.name])).toEqual(
            [...PAGO_MOVIL_BANKS]
              .sort((a, b) => a.code.localeCompare(b.code))
              .map((b) => [b.code, b.name]),
          );
          expect(new Set(rows.map((b) => b.status))).toEqual(new Set(['activo']));
        },
      );

      it.skipIf(skip)(
        'lists the banks for players and staff in the same Spanish alphabetical order',
        async () => {
          const players = (await t.app.inject('/api/banks')).json() as {
            code: string;
            name: string;
          }[];
          expect(players.map((b) => b.name)).toEqual(
            sortBanks(PAGO_MOVIL_BANKS).map((b) => b.name),
          );
          // Spelled out once, so a change of the comparison is seen here.
          expect(players.slice(0, 6).map((b) => b.name)).toEqual([
            '100% Banco',
            'Bancamiga',
            'Bancaribe',
            'Banco Activo',
            'Banco Agrícola de Venezuela',
            'Banco Caroní',
          ]);
          expect(players.at(-1)?.name).toBe('Venezolano de Crédito');
          const admin = await loginAdmin(t);
          const staff = (
            await t.app.inject({ url: '/api/admin/banks', headers: auth(admin) })
          ).json() as { code: string }[];
          expect(staff.map((b) => b.code)).toEqual(players.map((b) => b.code));
        },
      );

      it.skipIf(skip)(
        'takes a Banesco account whose number starts with 0134, and refuses one that names another bank',
        async () => {
          const p = newPlayer();
          const reg = await t.app.inject({ method: 'POST', url: '/api/register_api', payload: p });
          const token = reg.json().token as string;
          // current_password: decision 013 requires it; unknown fields are dropped.
          const add = (payload: Record<string, string>) =>
            t.app.inject({
              method: 'POST',
              url: '/api/bank-accounts',
              headers: auth(token),
              payload: { account_type: 'corriente', current_password: p.password, ...payload },
            });
          const ok = await add({
            bank_name: 'Banesco',
            account_number: '01340123456789012345',
            account_holder: 'María Pérez',
          });
          expect(ok.statusCode).toBe(201);
          expect(ok.json().bank_account).toMatchObject({
            bank_name: 'Banesco',
            account_number: '01340123456789012345',
          });
          const mismatch = await add({
            bank_name: 'Banesco',
            account_number: '01050123456789012345',
            account_holder: 'María Pérez',
          });
          expect(mismatch.statusCode).toBe(422);
          expect(mismatch.json().errors.account_number).toEqual([
            MSG_PAYMENTS.accountNumberMismatch,
          ]);
          // A client written against docs/product.md §3 may still name a bank by its static-list name.
          const spec = await add({
            bank_name: 'venezuela',
            account_number: '01020123456789012345',
            account_holder: 'María Pérez',
          });
          expect(spec.statusCode).toBe(201);
          expect(spec.json().bank_account.bank_name).toBe('Banco de Venezuela');
          const client = (
            await t.app.inject({ url: '/api/client-data', headers: auth(token) })
          ).json();
          expect(
            client.bank_accounts.map((a: { bank_name: string }) => a.bank_name).sort(),
          ).toEqual(['Banco de Venezuela', 'Banesco']);
        },
      );
    });
  });
}
