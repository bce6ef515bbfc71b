import { useMutation, useQuery } from '@tanstack/react-query';
import {
  messageResponseSchema,
  resetTokenCheckResponseSchema,
  type MessageResponse,
  type RecoveryRequest,
  type ResetPasswordRequest,
} from '@domino/contracts';
import { apiPost } from '../../../lib/api';
import { endingSessionHere } from '../../../lib/session';

/**
 * Password recovery calls (docs/product.md §7 `POST /api/recovery_password` {email} -> 200 means success;
 * decision 006 `POST /api/reset_password` {token, password, password_confirmation} and
 * `POST /api/reset_password/check` {token}).
 */
export function requestRecovery(payload: RecoveryRequest): Promise<MessageResponse> {
  return apiPost('/api/recovery_password', payload, messageResponseSchema);
}

/** The reset ends every session of the account, this tab's included when logged in as that user. */
export function resetPassword(payload: ResetPasswordRequest): Promise<MessageResponse> {
  return endingSessionHere('password_reset', () =>
    apiPost('/api/reset_password', payload, messageResponseSchema),
  );
}

export function useRecoveryMutation() {
  return useMutation({ mutationFn: requestRecovery });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}

/**
 * Whether the link's token still works (checked once when /reset-password opens; it is not used
 * up). Disabled without a token. A 410 or 422 is the answer, not something to retry.
 */
export function useResetTokenCheck(token: string | null) {
  return useQuery({
    queryKey: ['auth', 'reset-token', token],
    queryFn: () => apiPost('/api/reset_password/check', { token }, resetTokenCheckResponseSchema),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
