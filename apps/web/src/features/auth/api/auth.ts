import { useMutation } from '@tanstack/react-query';
import {
  authResponseSchema,
  MSG,
  type AuthResponse,
  type LoginRequest,
  type RegisterRequest,
} from '@domino/contracts';
import { ApiError, apiRequest, parseWith } from '../../../lib/api';

/**
 * Reads a login/registration response (docs/product.md §7: `{token, user}`). A 2xx without a usable token is
 * an error with MSG.missingToken (docs/product.md §8).
 */
export function readAuthResponse(body: unknown, status = 200): AuthResponse {
  const token =
    typeof body === 'object' && body !== null ? (body as { token?: unknown }).token : undefined;
  if (typeof token !== 'string' || token.trim() === '') {
    throw new ApiError(status, body, MSG.missingToken);
  }
  return parseWith(authResponseSchema, body, status);
}

/** POST /api/login_api {email, password, remember}. */
export async function login(payload: LoginRequest): Promise<AuthResponse> {
  const body = await apiRequest('/api/login_api', { method: 'POST', body: payload });
  return readAuthResponse(body);
}

/** POST /api/register_api with the original registration payload (docs/product.md §7). */
export async function register(payload: RegisterRequest): Promise<AuthResponse> {
  const body = await apiRequest('/api/register_api', { method: 'POST', body: payload });
  return readAuthResponse(body, 201);
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}
