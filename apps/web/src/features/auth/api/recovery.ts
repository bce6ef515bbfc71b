import { useMutation } from '@tanstack/react-query';
import {
  messageResponseSchema,
  type MessageResponse,
  type RecoveryRequest,
  type ResetPasswordRequest,
} from '@domino/contracts';
import { apiPost } from '../../../lib/api';

/**
 * Password recovery calls (spec §7 `POST /api/recovery_password` {email} -> 200 means success;
 * issue 6 `POST /api/reset_password` {token, password, password_confirmation}).
 */
export function requestRecovery(payload: RecoveryRequest): Promise<MessageResponse> {
  return apiPost('/api/recovery_password', payload, messageResponseSchema);
}

export function resetPassword(payload: ResetPasswordRequest): Promise<MessageResponse> {
  return apiPost('/api/reset_password', payload, messageResponseSchema);
}

export function useRecoveryMutation() {
  return useMutation({ mutationFn: requestRecovery });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
