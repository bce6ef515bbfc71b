import { z } from 'zod';
import type { TransactionStatus, TransactionType } from './payments';

/**
 * Wallet rules of decision 016 (transaction filter spellings, wallet pages and the Pago Móvil
 * bank list); docs/decisions/016-wallet-display-filters-banks.md.
 *
 * This module only imports types from ./payments (which imports the schemas below), so the two
 * never depend on each other at load time.
 */

export const MSG_WALLET = {
  typeInvalid: 'El tipo de transacción no es válido',
  statusInvalid: 'El estado de la transacción no es válido',
  /** What a movement did to the balance, in the transaction detail. */
  effectPendingRecharge: 'En revisión: este monto aún no se acredita a tu saldo.',
  effectRejectedRecharge: 'Rechazada: este monto no se acreditó a tu saldo.',
  effectPendingWithdrawal:
    'En proceso: el monto ya se descontó de tu saldo mientras el personal hace el pago.',
  effectReturnedWithdrawal: 'Rechazado: el monto volvió a tu saldo.',
  /** Recharge page. */
  proofFixBeforeSubmit: 'Quita el archivo o elige otro válido para poder enviar la recarga.',
  proofEmpty: 'El archivo está vacío. Elige la captura del comprobante.',
  proofOneFile: 'Elige un solo archivo de comprobante.',
  proofRemove: 'Quitar archivo',
  requestsTitle: 'Tus solicitudes de recarga',
  requestsPendingEmpty: 'No tienes recargas pendientes.',
  requestsPendingHint:
    'Estas recargas ya están registradas: no las registres de nuevo, el personal las está revisando.',
  requestsRejectedTitle: 'Rechazadas en los últimos 7 días',
  requestsLoadError: 'No se pudieron cargar tus solicitudes de recarga.',
  requestsMore: (n: number) => `y ${n} más en Transacciones`,
} as const;

/** Lower case, trimmed, without accents: "Depósito " -> "deposito". */
function fold(value: string): string {
  return value.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Every spelling of a transaction type that GET /api/transactions accepts, by canonical type.
 * docs/product.md §3 gives "dep/deposito, withdrawal/retiro, also recharge, bet, win"; the other words are
 * our own canonical names (decision 003). Matching ignores case and accents.
 */
export const TRANSACTION_TYPE_SPELLINGS: Record<TransactionType, readonly string[]> = {
  deposito: ['deposito', 'dep', 'recharge'],
  retiro: ['retiro', 'withdrawal'],
  apuesta: ['apuesta', 'bet'],
  premio: ['premio', 'win'],
  reembolso: ['reembolso'],
  ajuste: ['ajuste'],
};

/**
 * Every spelling of a transaction status that GET /api/transactions accepts. docs/product.md §3 gives
 * "pending/pendiente, approved/aprobado, rejected/rechazado, completed"; "completado" is how
 * withdrawals store it. Matching ignores case and accents.
 */
export const TRANSACTION_STATUS_SPELLINGS: Record<TransactionStatus, readonly string[]> = {
  pending: ['pending', 'pendiente'],
  approved: ['approved', 'aprobado'],
  rejected: ['rejected', 'rechazado'],
  completed: ['completed', 'completado'],
};

function spellingIndex<T extends string>(spellings: Record<T, readonly string[]>): Map<string, T> {
  const index = new Map<string, T>();
  for (const [canonical, words] of Object.entries(spellings) as [T, readonly string[]][])
    for (const word of words) index.set(fold(word), canonical);
  return index;
}

const TYPE_INDEX = spellingIndex(TRANSACTION_TYPE_SPELLINGS);
const STATUS_INDEX = spellingIndex(TRANSACTION_STATUS_SPELLINGS);

/** The canonical transaction type of any accepted spelling ("DEP", "recharge"), else null. */
export function canonicalTransactionType(value: string): TransactionType | null {
  return TYPE_INDEX.get(fold(value)) ?? null;
}

/** The canonical transaction status of any accepted spelling ("Pendiente"), else null. */
export function canonicalTransactionStatus(value: string): TransactionStatus | null {
  return STATUS_INDEX.get(fold(value)) ?? null;
}

/**
 * An optional query filter read through `canonical`: absent or empty means "all"; anything else
 * that `canonical` does not know (or a repeated parameter) is a 422 with `message` on the field.
 * `spellings` documents the accepted values in the OpenAPI document.
 */
export function spelledFilter<T extends string>(
  canonical: (value: string) => T | null,
  spellings: Record<T, readonly string[]>,
  message: string,
) {
  const accepted = Object.entries(spellings as Record<string, readonly string[]>)
    .map(([value, words]) => `${value} (${words.join(', ')})`)
    .join('; ');
  return z
    .string({ error: message })
    .optional()
    .transform((value, ctx): T | undefined => {
      if (value === undefined || value === '') return undefined;
      const found = canonical(value);
      if (found === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return found;
    })
    .describe(`Opcional; sin distinguir mayúsculas ni acentos: ${accepted}`);
}

/**
 * What a movement did to the player's available balance (decision 016: only money that moved is
 * shown as credited):
 * - a recharge credits only once approved; pending or rejected it moved nothing ('none');
 * - a withdrawal debits as soon as it is requested (the hold, docs/architecture.md#how-a-payment-flows) and stays a debit when
 *   paid; a rejected one was returned, so nothing moved in the end ('none');
 * - ledger entries (entry fees, prizes, refunds, adjustments) always moved: their direction.
 */
export type BalanceEffect = 'credit' | 'debit' | 'none';
export function balanceEffect(tx: {
  type_transaction: TransactionType;
  status: TransactionStatus;
  direction: 'credit' | 'debit';
}): BalanceEffect {
  if (tx.type_transaction === 'deposito') return tx.status === 'approved' ? 'credit' : 'none';
  if (tx.type_transaction === 'retiro') return tx.status === 'rejected' ? 'none' : 'debit';
  return tx.direction;
}

/**
 * The banks that take part in Pago Móvil, with their 4-digit institution code (the first four
 * digits of every Venezuelan account number). Compiled offline from the Banco Central de
 * Venezuela's interbank mobile payment participants and SUDEBAN's register; check it against
 * https://www.bcv.org.ve before production (docs/decisions/016). 0116 BOD is left out: it was
 * absorbed by BNC.
 */
export const PAGO_MOVIL_BANKS = [
  { code: '0102', name: 'Banco de Venezuela' },
  { code: '0104', name: 'Venezolano de Crédito' },
  { code: '0105', name: 'Mercantil' },
  { code: '0108', name: 'BBVA Provincial' },
  { code: '0114', name: 'Bancaribe' },
  { code: '0115', name: 'Banco Exterior' },
  { code: '0128', name: 'Banco Caroní' },
  { code: '0134', name: 'Banesco' },
  { code: '0137', name: 'Banco Sofitasa' },
  { code: '0138', name: 'Banco Plaza' },
  { code: '0146', name: 'Bangente' },
  { code: '0151', name: 'BFC Banco Fondo Común' },
  { code: '0156', name: '100% Banco' },
  { code: '0157', name: 'DelSur' },
  { code: '0163', name: 'Banco del Tesoro' },
  { code: '0166', name: 'Banco Agrícola de Venezuela' },
  { code: '0168', name: 'Bancrecer' },
  { code: '0169', name: 'R4 Banco Microfinanciero' },
  { code: '0171', name: 'Banco Activo' },
  { code: '0172', name: 'Bancamiga' },
  { code: '0173', name: 'Banco Internacional de Desarrollo' },
  { code: '0174', name: 'Banplus' },
  { code: '0175', name: 'Banco Digital de los Trabajadores' },
  { code: '0177', name: 'BANFANB' },
  { code: '0178', name: 'N58 Banco Digital' },
  { code: '0191', name: 'BNC Banco Nacional de Crédito' },
] as const;

/**
 * The names docs/product.md §3's static bank list gives (what the first catalogue stored until migration
 * 0015 wrote the full names): a client written for the original API may still send them as
 * `bank_name`, so they keep naming their bank.
 */
export const SPEC_BANK_NAMES: Readonly<Record<string, string>> = {
  '0102': 'VENEZUELA',
  '0169': 'MI BANCO',
  '0171': 'ACTIVO',
  '0175': 'BDT',
};

// Built at its first use (an Intl constructor costs milliseconds on a phone; decision 036).
let bankCollator: Intl.Collator | undefined;

/**
 * Bank order everywhere a list of banks is shown (player select, staff page): alphabetical by the
 * name as displayed, Spanish collation, ignoring case and accents, digits before letters ("100%
 * Banco" first); ties by code. "Banco" is not skipped: the list reads in the order it is written.
 */
export function compareBanks(
  a: { name: string; code: string },
  b: { name: string; code: string },
): number {
  return (
    (bankCollator ??= new Intl.Collator('es', { sensitivity: 'base', numeric: true })).compare(
      a.name,
      b.name,
    ) || a.code.localeCompare(b.code)
  );
}

/** A copy of `banks` in display order (see compareBanks). */
export function sortBanks<T extends { name: string; code: string }>(banks: readonly T[]): T[] {
  return [...banks].sort(compareBanks);
}
