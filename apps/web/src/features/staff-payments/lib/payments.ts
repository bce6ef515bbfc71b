import { MSG_PAYMENTS, parseBolivaresString, payRequestSchema } from '@domino/contracts';

/** Pure rules of the staff payment pages: signed balance adjustments and payout references (docs/architecture.md#how-a-payment-flows). */

/**
 * A signed adjustment amount typed by staff ("-150,50", "+200", "75.5") -> signed céntimos, or
 * the contracts' message. No thousands separators: staff type plain numbers.
 */
export function parseSignedAmount(raw: string): { cents: number } | { error: string } {
  const m = /^([+\-−])?\s*(\d+)(?:[.,](\d{1,2}))?$/.exec(raw.trim());
  if (raw.trim() === '') return { error: MSG_PAYMENTS.amountRequired };
  if (!m) return { error: MSG_PAYMENTS.amountInvalid };
  const abs = parseBolivaresString(`${Number(m[2])}${m[3] ? `.${m[3]}` : ''}`);
  if (abs === null) return { error: MSG_PAYMENTS.amountInvalid };
  if (abs === 0) return { error: MSG_PAYMENTS.adjustmentZero };
  return { cents: m[1] === '-' || m[1] === '−' ? -abs : abs };
}

/** The bank reference of a payout: the contracts' rule (3-40 characters after trimming). */
export function payoutReferenceProblem(value: string): string | null {
  const result = payRequestSchema.safeParse({ payout_reference: value });
  return result.success
    ? null
    : (result.error.issues[0]?.message ?? MSG_PAYMENTS.payoutReferenceRequired);
}
