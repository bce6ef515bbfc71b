import { LIMITS, MSG, MSG_BANK_FLOWS, parsePhone, type VerificationState } from '@domino/contracts';
import { checkAmount } from './amount';

/**
 * Form rules of the automatic recharge flows (docs/decisions/051-bank-connectors.md),
 * shared by the recharge page and its tests: the payer's Pago Móvil data an account that verifies
 * with the bank needs, the C2P form, and what the "Verificando con el banco…" panel shows.
 */

export interface PayerValues {
  phone: string;
  bankCode: string;
}
export type PayerField = 'payer_phone' | 'payer_bank_code';

/** Checks the payer's phone (any usual spelling, stored as 11 digits) and bank (4-digit code). */
export function validatePayer(values: PayerValues): {
  errors: Partial<Record<PayerField, string>>;
  phone: string | null;
} {
  const errors: Partial<Record<PayerField, string>> = {};
  let phone: string | null = null;
  if (values.phone.trim() === '') errors.payer_phone = MSG_BANK_FLOWS.payerPhoneRequired;
  else {
    const parsed = parsePhone(values.phone);
    if (parsed.ok) phone = parsed.phone;
    else errors.payer_phone = parsed.message;
  }
  if (values.bankCode === '') errors.payer_bank_code = MSG_BANK_FLOWS.payerBankRequired;
  else if (!/^\d{4}$/.test(values.bankCode))
    errors.payer_bank_code = MSG_BANK_FLOWS.payerBankInvalid;
  return { errors, phone };
}

export interface C2pValues {
  amount: string;
  nIdentification: string;
  phone: string;
  bankCode: string;
  key: string;
}
export type C2pField = 'amount' | 'n_identification' | 'phone' | 'bank_code' | 'key';
export type C2pErrors = Partial<Record<C2pField, string>>;

/**
 * Validates the C2P form. `forKey` checks what asking for the key needs (everything but the key).
 * Returns the errors and, when valid, the céntimos and the phone as stored.
 */
export function validateC2p(
  values: C2pValues,
  forKey = false,
): { errors: C2pErrors; amountCents: number | null; phone: string | null } {
  const errors: C2pErrors = {};
  const amount = checkAmount(values.amount, {
    minCents: LIMITS.minRechargeCents,
    minMessage: MSG.rechargeMinAmount,
  });
  if ('error' in amount) errors.amount = amount.error;
  const id = values.nIdentification.trim();
  if (id === '') errors.n_identification = MSG.identificationRequired;
  else if (!/^\d{6,10}$/.test(id)) errors.n_identification = MSG_BANK_FLOWS.identificationInvalid;
  const payer = validatePayer({ phone: values.phone, bankCode: values.bankCode });
  if (payer.errors.payer_phone)
    errors.phone =
      payer.errors.payer_phone === MSG_BANK_FLOWS.payerPhoneRequired
        ? MSG.phoneRequired
        : payer.errors.payer_phone;
  if (payer.errors.payer_bank_code) errors.bank_code = payer.errors.payer_bank_code;
  if (!forKey) {
    const key = values.key.trim();
    if (key === '') errors.key = MSG_BANK_FLOWS.keyRequired;
    else if (!/^\d{4,12}$/.test(key)) errors.key = MSG_BANK_FLOWS.keyInvalid;
  }
  return { errors, amountCents: 'cents' in amount ? amount.cents : null, phone: payer.phone };
}

/** What the panel after a request shows. */
export type VerificationView = 'checking' | 'credited' | 'staff' | 'rejected' | 'manual';

/** The panel for a recharge's status and verification state. */
export function verificationView(
  status: string,
  verification: VerificationState | undefined,
): VerificationView {
  if (status === 'aprobado') return 'credited';
  if (status === 'rechazado') return 'rejected';
  if (verification === 'checking') return 'checking';
  if (verification === 'needs_staff') return 'staff';
  return 'manual';
}

/**
 * Which recharge account /recharge shows first when there are several: the first that charges
 * with a key (C2P, credited at once), else the first verified automatically, else the first
 * (the server lists active accounts in id order). Null when there is none.
 */
export function preferredRechargeAccount<
  T extends { id: number; automatic?: { verify: boolean; c2p: boolean } | undefined },
>(accounts: readonly T[]): T | null {
  return (
    accounts.find((a) => a.automatic?.c2p) ??
    accounts.find((a) => a.automatic?.verify) ??
    accounts[0] ??
    null
  );
}
