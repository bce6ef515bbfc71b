/**
 * Database schema (drizzle): the index of every table. Each module declares the tables it writes
 * in its own `modules/<module>/schema.ts`; the tables of no one module are in
 * `db/shared-schema.ts` (docs/decisions/055-each-module-owns-its-tables.md). This file only
 * re-exports them, so `import { x } from '../../db/schema'` works everywhere, and drizzle-kit
 * (`drizzle.config.ts`) and the client (`db/client.ts`) see every table. Money columns are bigint
 * céntimos (`*_cents`, docs/architecture.md#how-a-payment-flows). Migrations are generated from
 * this file with `npm run db:generate -w @domino/server`.
 */
export * from './shared-schema';
export * from '../modules/ledger/schema';
export * from '../modules/audit/schema';
export * from '../modules/users/schema';
export * from '../modules/protection/schema';
export * from '../modules/auth/schema';
export * from '../modules/responsible/schema';
export * from '../modules/push/schema';
export * from '../modules/risk/schema';
export * from '../modules/catalog/schema';
export * from '../modules/identity/schema';
export * from '../modules/banking/schema';
export * from '../modules/payments/schema';
export * from '../modules/pot/schema';
export * from '../modules/ratings/schema';
export * from '../modules/games/schema';
export * from '../modules/analysis/schema';
export * from '../modules/puzzles/schema';
export * from '../modules/talk/schema';
export * from '../modules/friends/schema';
export * from '../modules/tables/schema';
export * from '../modules/quickplay/schema';
export * from '../modules/tournaments/schema';
export * from '../modules/reconciliation/schema';
export * from '../modules/reports/schema';
export * from '../modules/duplicate/schema';
