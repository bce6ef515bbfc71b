import { LIMITS, MSG, MSG_PAYMENTS, MSG_WALLET } from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { checkAmount } from './amount';

/** Recharge form rules (docs/product.md §5 Recharge, §9), shared by the page and its tests. */

export const PROOF_MIME_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
const PROOF_EXTENSIONS = ['png', 'jpg', 'jpeg', 'svg'] as const;

export interface RechargeValues {
  amount: string;
  reference: string;
}

export type RechargeField = 'amount' | 'reference' | 'payment_proof';
export type RechargeErrors = Partial<Record<RechargeField, string>>;

export interface ProofFile {
  name: string;
  type: string;
  size: number;
}

/**
 * Checks a proof file: PNG/JPG/JPEG/SVG by extension or MIME type, not empty, at most
 * LIMITS.proofMaxBytes. Returns the message, or null when the file is acceptable. (The server
 * checks the content.)
 */
export function proofProblem(file: ProofFile): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk =
    (PROOF_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase()) ||
    (file.type === '' && (PROOF_EXTENSIONS as readonly string[]).includes(ext));
  const extOk = (PROOF_EXTENSIONS as readonly string[]).includes(ext);
  if (!typeOk || !extOk) return MSG_PAYMENTS.proofType;
  if (file.size === 0) return MSG_WALLET.proofEmpty;
  if (file.size > LIMITS.proofMaxBytes) return MSG_PAYMENTS.proofSize;
  return null;
}

/**
 * The file the player chose, kept even when it is not acceptable (decision 016: a wrong file
 * used to vanish on submit and the recharge went without the proof), with its problem: the
 * rules of proofProblem, or, when the picker refused it for another reason (several files), that.
 */
export interface ChosenProof<F extends ProofFile = ProofFile> {
  file: F;
  problem: string | null;
}
export function chooseProof<F extends ProofFile>(
  file: F,
  refusedByPicker: boolean,
): ChosenProof<F> {
  return {
    file,
    problem: proofProblem(file) ?? (refusedByPicker ? MSG_WALLET.proofOneFile : null),
  };
}

/** Reference rule of the contracts (3-20 letters, digits or dashes). */
export function referenceProblem(raw: string): string | null {
  const ref = raw.trim();
  if (ref === '') return MSG_PAYMENTS.referenceRequired;
  if (ref.length < LIMITS.referenceMinLength || ref.length > LIMITS.referenceMaxLength)
    return MSG_PAYMENTS.referenceLength;
  if (!/^[A-Za-z0-9-]+$/.test(ref)) return MSG_PAYMENTS.referenceChars;
  return null;
}

/**
 * Validates the recharge form; returns the céntimos when valid. A chosen proof that is not
 * acceptable is an error on `payment_proof` (the form is never sent without it): `proof` is the
 * chosen file, or the ChosenProof with the picker's verdict.
 */
export function validateRecharge(
  values: RechargeValues,
  proof: ProofFile | ChosenProof | null,
): { errors: RechargeErrors; amountCents: number | null } {
  const errors: RechargeErrors = {};
  const amount = checkAmount(values.amount, {
    minCents: LIMITS.minRechargeCents,
    minMessage: MSG.rechargeMinAmount,
  });
  if ('error' in amount) errors.amount = amount.error;
  const ref = referenceProblem(values.reference);
  if (ref) errors.reference = ref;
  if (proof) {
    const p = 'file' in proof ? (proof.problem ?? proofProblem(proof.file)) : proofProblem(proof);
    if (p) errors.payment_proof = p;
  }
  return { errors, amountCents: 'cents' in amount ? amount.cents : null };
}

/** Maps a 422 `errors` object onto the form's fields (first message each). */
export function fieldErrorsFrom422(
  errors: Record<string, string[]>,
  fields: readonly string[],
): { byField: Record<string, string>; other: string[] } {
  const byField: Record<string, string> = {};
  const other: string[] = [];
  for (const [field, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (!first) continue;
    if (fields.includes(field)) byField[field] = first;
    else other.push(first);
  }
  return { byField, other };
}

/**
 * How a refused recharge or withdrawal request shows on its form. A 422 puts the first message of
 * each of the form's `fields` under that field and any other message (e.g. the recharge account)
 * in the form alert, or the server's message there when nothing landed on a field. Any other
 * failure shows the server's Spanish message (MSG.unexpected for a non-API error).
 */
export function requestFailure<F extends string>(
  error: unknown,
  fields: readonly F[],
): { errors: Partial<Record<F, string>>; formError: string | null } {
  if (!isApiError(error)) return { errors: {}, formError: MSG.unexpected };
  if (error.status !== 422) return { errors: {}, formError: error.message };
  const { byField, other } = fieldErrorsFrom422(error.fieldErrors, fields);
  const onFields = Object.keys(byField).length > 0;
  return {
    errors: byField as Partial<Record<F, string>>,
    formError: other[0] ?? (onFields ? null : error.message),
  };
}
