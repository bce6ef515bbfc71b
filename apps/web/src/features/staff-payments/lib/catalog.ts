import {
  bankInputSchema,
  type FieldErrors,
  MSG_PAYMENTS,
  rechargeAccountInputSchema,
  toFieldErrors,
} from '@domino/contracts';

/** Form checks of the banks and recharge accounts page (decision 009), with the contracts' schemas. */

/** Field errors of the bank form under the contracts' rule (empty when valid). */
export function bankFormErrors(input: { code: string; name: string }): FieldErrors {
  const result = bankInputSchema.safeParse(input);
  return result.success ? {} : toFieldErrors(result.error);
}

export interface AccountForm {
  bank_id: string;
  account_number: string;
  holder_name: string;
  type_identification: string;
  n_identification: string;
  phone: string;
}

/**
 * Field errors of the recharge-account form under the contracts' rule, plus the bank-code prefix
 * the server also checks (the first 4 digits of the number are the bank's code).
 */
export function accountFormErrors(form: AccountForm, bankCode: string | null): FieldErrors {
  const result = rechargeAccountInputSchema.safeParse(form);
  const errors = result.success ? {} : toFieldErrors(result.error);
  if (
    !errors.account_number &&
    bankCode !== null &&
    /^\d{20}$/.test(form.account_number.trim()) &&
    !form.account_number.trim().startsWith(bankCode)
  )
    errors.account_number = [MSG_PAYMENTS.accountNumberMismatch];
  return errors;
}
