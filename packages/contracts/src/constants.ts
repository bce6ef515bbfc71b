/** Business constants and limits (docs/product.md §9). Durations in milliseconds, money in céntimos. */
export const LIMITS = {
  sessionCheckIntervalMs: 300_000,
  inactivityTimeoutMs: 3_600_000,
  inactivityCheckIntervalMs: 60_000,
  activityThrottleMs: 30_000,
  toastDurationMs: 5_000,
  minRechargeCents: 25_000,
  minWithdrawalCents: 50_000,
  referenceMinLength: 3,
  referenceMaxLength: 20,
  proofMaxBytes: 5_242_880,
  identificationMinDigits: 6,
  identificationMaxDigits: 10,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  defaultMaxPlayers: 4,
  transactionsPageSize: 10,
  paginationMaxPages: 5,
  potModalDelayMs: 800,
  rechargeRedirectMs: 2_000,
  forgotPasswordRedirectMs: 2_000,
  withdrawRedirectMs: 3_000,
  lazyChunkTimeoutMs: 120_000,
  availabilityCheckDebounceMs: 500,
  minPasswordScore: 40,
} as const;

/** Document types (docs/product.md §5): V = venezolano, E = extranjero. */
export const DOCUMENT_TYPES = ['V', 'E'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Roles and account statuses (docs/product.md §7). */
export const ROLES = ['jugador', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const USER_STATUSES = ['activo', 'suspendido'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Transaction period filters (docs/product.md §9). */
export const PERIODS = ['today', 'week', 'month', 'last_month'] as const;
export type Period = (typeof PERIODS)[number];

/** Business time zone: periods, months and dates are computed in Caracas time (UTC-4, no DST). */
export const TIME_ZONE = 'America/Caracas';
