import {
  LIMITS,
  MSG_IDENTITY,
  MSG_PAYMENTS,
  MSG_WALLET,
  identitySubmissionSchema,
} from '@domino/contracts';

/**
 * The verification form's rules (docs/decisions/031-identity-verification.md), shared by the page
 * and its tests. The browser checks what it can (type, size, required fields) so a player learns
 * at once; the server checks the content of each photo and compares the cédula with the account.
 */

export const PHOTO_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
const PHOTO_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;

/** `accept` of the file pickers: PNG and JPEG only. */
export const PHOTO_ACCEPT = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
};

export interface PhotoFile {
  name: string;
  type: string;
  size: number;
}

export type IdentityField =
  'type_identification' | 'n_identification' | 'full_name' | 'document' | 'selfie';
export type IdentityErrors = Partial<Record<IdentityField, string>>;

/** A photo's problem (PNG/JPEG by type or extension, not empty, at most 5 MB), or null. */
export function photoProblem(file: PhotoFile): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk =
    (PHOTO_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase()) ||
    (file.type === '' && (PHOTO_EXTENSIONS as readonly string[]).includes(ext));
  if (!typeOk) return MSG_IDENTITY.photoType;
  if (file.size === 0) return MSG_WALLET.proofEmpty;
  if (file.size > LIMITS.proofMaxBytes) return MSG_PAYMENTS.proofSize;
  return null;
}

export interface IdentityValues {
  type_identification: string;
  n_identification: string;
  full_name: string;
  document: PhotoFile | null;
  selfie: PhotoFile | null;
}

/** Every problem of the form at once, by field (empty when it may be sent). */
export function validateIdentity(values: IdentityValues): IdentityErrors {
  const errors: IdentityErrors = {};
  const parsed = identitySubmissionSchema.safeParse(values);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as IdentityField | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  if (!values.document) errors.document = MSG_IDENTITY.documentMissing;
  else {
    const problem = photoProblem(values.document);
    if (problem) errors.document = problem;
  }
  if (!values.selfie) errors.selfie = MSG_IDENTITY.selfieMissing;
  else {
    const problem = photoProblem(values.selfie);
    if (problem) errors.selfie = problem;
  }
  return errors;
}
