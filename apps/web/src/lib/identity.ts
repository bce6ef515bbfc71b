import { useQuery } from '@tanstack/react-query';
import { identityStatusSchema, type IdentityState, type IdentityStatus } from '@domino/contracts';
import { apiGet } from './api';

/**
 * The signed-in player's identity verification (docs/decisions/031-identity-verification.md),
 * shared by the profile (status and "Verificado" badge), the withdraw page and /verificacion.
 */
export const IDENTITY_KEYS = {
  status: ['identity', 'status'] as const,
};

/** GET /api/identity: state (none / pending / rejected / verified), latest request, threshold. */
export function useIdentityStatus(enabled = true) {
  return useQuery<IdentityStatus>({
    queryKey: IDENTITY_KEYS.status,
    queryFn: ({ signal }) => apiGet('/api/identity', identityStatusSchema, { signal }),
    enabled,
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
}

/** The Spanish words for each state, as the profile shows them. */
export const IDENTITY_STATE_LABELS: Record<IdentityState, string> = {
  none: 'Sin verificar',
  pending: 'En revisión',
  rejected: 'Rechazada',
  verified: 'Verificado',
};

/** The badge colour of each state. */
export const IDENTITY_STATE_COLORS: Record<IdentityState, string> = {
  none: 'gray',
  pending: 'yellow',
  rejected: 'red',
  verified: 'teal',
};
