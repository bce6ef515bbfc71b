/**
 * Identity verification (docs/decisions/031-identity-verification.md): before withdrawing more
 * than the staff's threshold (Bs. 0 by default, so before the first withdrawal) a player sends a
 * photo of their cédula and a selfie holding it; staff compare them with the account and approve
 * or reject with a reason. Amounts on the wire are bolívares (JSON numbers), céntimos inside.
 */
import { z } from 'zod';
import { identificationProblems } from './auth';
import { DOCUMENT_TYPES } from './constants';
import { MSG } from './messages';
import { parseBolivaresJson } from './money';

/** The two files of a submission (multipart field names). */
export const IDENTITY_FILES = { document: 'document', selfie: 'selfie' } as const;

/** Error codes the web acts on. */
export const IDENTITY_CODES = {
  /** A withdrawal needs a verified identity: the web offers the way to /verificacion. */
  required: 'identity/verification_required',
  alreadyPending: 'identity/already_pending',
  alreadyVerified: 'identity/already_verified',
  mismatch: 'identity/document_mismatch',
  alreadyDecided: 'identity/already_decided',
} as const;

/** Spanish messages of identity verification. */
export const MSG_IDENTITY = {
  required:
    'Verifica tu identidad para retirar: envía una foto de tu cédula y una selfie sosteniéndola.',
  requiredPending:
    'Verifica tu identidad para retirar: tu verificación está en revisión y podrás retirar en cuanto el personal la apruebe.',
  submitted: 'Recibimos tus fotos. El personal revisará tu identidad en breve.',
  alreadyPending: 'Ya tienes una verificación en revisión. Espera la respuesta del personal.',
  alreadyVerified: 'Tu identidad ya está verificada.',
  typeMismatch: 'El tipo de documento no coincide con el de tu cuenta.',
  numberMismatch: 'El número de cédula no coincide con el de tu cuenta.',
  fullNameRequired: 'Escribe tu nombre completo tal como aparece en la cédula.',
  fullNameTooLong: 'El nombre no puede tener más de 120 caracteres.',
  documentMissing: 'Adjunta la foto de tu cédula.',
  selfieMissing: 'Adjunta tu selfie sosteniendo la cédula.',
  photoType: 'La foto debe ser una imagen PNG o JPG.',
  approved: 'Identidad verificada',
  rejected: 'Verificación rechazada',
  alreadyDecided: 'Esta verificación ya fue revisada.',
  thresholdInvalid: 'Indica un monto válido en bolívares (0 o más, hasta dos decimales).',
  settingsSaved: 'Ajuste de verificación guardado',
} as const;

/** Spanish labels of the audited identity actions (staff console's audit log). */
export const IDENTITY_AUDIT_ACTION_LABELS: Record<string, string> = {
  'identity.approve': 'Identidad verificada',
  'identity.reject': 'Verificación de identidad rechazada',
  'identity.threshold': 'Verificación: monto de retiro',
};

/** A player's verification state, as the profile shows it. */
export const IDENTITY_STATES = ['none', 'pending', 'rejected', 'verified'] as const;
export type IdentityState = (typeof IDENTITY_STATES)[number];

/** Stored status of one request (the queue's Spanish words, like recharges). */
export const IDENTITY_REQUEST_STATUSES = ['pendiente', 'aprobado', 'rechazado'] as const;
export type IdentityRequestStatus = (typeof IDENTITY_REQUEST_STATUSES)[number];

const text = (required: string) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: required }));

/** The text fields of POST /api/identity (multipart, with the two files). */
export const identitySubmissionSchema = z
  .object({
    type_identification: text(MSG.documentTypeRequired),
    n_identification: text(MSG.identificationRequired),
    full_name: text(MSG_IDENTITY.fullNameRequired),
  })
  .superRefine((v, ctx) => {
    const add = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (!(DOCUMENT_TYPES as readonly string[]).includes(v.type_identification))
      add('type_identification', MSG.documentTypeRequired);
    for (const m of identificationProblems(v.n_identification.trim())) add('n_identification', m);
    const name = v.full_name.trim();
    if (name.length < 3) add('full_name', MSG_IDENTITY.fullNameRequired);
    else if (name.length > 120) add('full_name', MSG_IDENTITY.fullNameTooLong);
  })
  .transform((v) => ({
    type_identification: v.type_identification as (typeof DOCUMENT_TYPES)[number],
    n_identification: v.n_identification.trim(),
    full_name: v.full_name.trim().replace(/\s+/g, ' '),
  }));
export type IdentitySubmission = z.input<typeof identitySubmissionSchema>;

/** GET /api/identity: the caller's own state. */
export const identityStatusSchema = z.object({
  state: z.enum(IDENTITY_STATES),
  /** The latest request, if any (its images are the owner's to see). */
  request: z
    .object({
      id: z.number().int(),
      status: z.enum(IDENTITY_REQUEST_STATUSES),
      type_identification: z.string(),
      n_identification: z.string(),
      full_name: z.string(),
      reason: z.string().nullable(),
      created_at: z.string(),
      decided_at: z.string().nullable(),
    })
    .nullable(),
  /** Withdrawals above this many bolívares need a verified identity (0: every withdrawal). */
  threshold: z.number(),
});
export type IdentityStatus = z.infer<typeof identityStatusSchema>;

/** One row of the staff queue (GET /api/admin/identity). */
export const adminIdentityRequestSchema = z.object({
  id: z.number().int(),
  user: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    type_identification: z.string(),
    n_identification: z.string(),
  }),
  /** What the player typed as printed on the cédula. */
  stated: z.object({
    type_identification: z.string(),
    n_identification: z.string(),
    full_name: z.string(),
  }),
  /** Every word of the account's name appears in the stated name (accents and case ignored). */
  name_matches: z.boolean(),
  document_url: z.string(),
  selfie_url: z.string(),
  status: z.enum(IDENTITY_REQUEST_STATUSES),
  reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminIdentityRequest = z.infer<typeof adminIdentityRequestSchema>;

/** GET/PUT /api/admin/identity/settings: the threshold in bolívares. */
export const identitySettingsSchema = z.object({ threshold: z.number() });
export type IdentitySettings = z.infer<typeof identitySettingsSchema>;

/** The highest threshold staff may set: Bs. 1.000.000 (100 000 000 céntimos). */
export const MAX_THRESHOLD_CENTS = 100_000_000;

/** PUT /api/admin/identity/settings body: bolívares (0 or more, two decimals) -> céntimos. */
export const identitySettingsRequestSchema = z.object({
  threshold: z.unknown().transform((value, ctx) => {
    const cents = parseBolivaresJson(value);
    if (cents === null || cents > MAX_THRESHOLD_CENTS) {
      ctx.addIssue({ code: 'custom', message: MSG_IDENTITY.thresholdInvalid });
      return z.NEVER;
    }
    return cents;
  }),
});

/** True when every word of `accountName` appears in `statedName` (accents and case ignored). */
export function namesMatch(accountName: string, statedName: string): boolean {
  const words = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 0);
  const stated = new Set(words(statedName));
  const wanted = words(accountName);
  return wanted.length > 0 && wanted.every((w) => stated.has(w));
}
