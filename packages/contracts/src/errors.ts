import { z } from 'zod';

/** 422 body (docs/product.md §7): `{ message, errors: { field: [msg] } }`. */
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof validationErrorSchema>;

/** Every other error body (docs/product.md §7): `{ message, code }` with a namespaced code. */
export const errorSchema = z.object({ message: z.string(), code: z.string() });
export type ErrorBody = z.infer<typeof errorSchema>;

/** Namespaced error codes shared by server and web (STYLE: `wallet/insufficient_funds`). */
export const ERROR_CODES = [
  'validation/failed',
  'auth/unauthenticated',
  'auth/invalid_credentials',
  'auth/suspended',
  'auth/forbidden',
  'auth/email_taken',
  'auth/identity_taken',
  'auth/phone_taken',
  'account/adult_declaration_required',
  'place/elsewhere',
  'rate/limited',
  'http/not_found',
  'http/bad_request',
  'http/payload_too_large',
  'realtime/unknown_event',
  'server/internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
