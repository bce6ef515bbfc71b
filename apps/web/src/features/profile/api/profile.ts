import { useMutation } from '@tanstack/react-query';
import {
  messageResponseSchema,
  userSchema,
  type AdultDeclarationRequest,
  type ChangePasswordRequest,
  type MessageResponse,
  type ProfileUpdateRequest,
  type User,
} from '@domino/contracts';
import { apiSend } from '../../../lib/api';
import { updateUser } from '../../../lib/session';

/**
 * Profile calls (decision 006): PATCH /api/user, POST /api/user/password, POST and DELETE
 * /api/user/avatar. Each successful call that returns the user stores it in the session, so the
 * navbar and every page show the new name, e-mail and photo at once.
 */
export async function saveProfile(payload: ProfileUpdateRequest): Promise<User> {
  const user = await apiSend('/api/user', userSchema, { method: 'PATCH', body: payload });
  updateUser(user);
  return user;
}

export function changePassword(payload: ChangePasswordRequest): Promise<MessageResponse> {
  return apiSend('/api/user/password', messageResponseSchema, { method: 'POST', body: payload });
}

export async function uploadAvatar(file: File): Promise<User> {
  const form = new FormData();
  form.append('avatar', file);
  const user = await apiSend('/api/user/avatar', userSchema, { method: 'POST', body: form });
  updateUser(user);
  return user;
}

export async function removeAvatar(): Promise<User> {
  const user = await apiSend('/api/user/avatar', userSchema, { method: 'DELETE' });
  updateUser(user);
  return user;
}

export function useSaveProfileMutation() {
  return useMutation({ mutationFn: saveProfile });
}
export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword });
}
export function useUploadAvatarMutation() {
  return useMutation({ mutationFn: uploadAvatar });
}
export function useRemoveAvatarMutation() {
  return useMutation({ mutationFn: removeAvatar });
}

/** PATCH /api/user/username (decision 040): choose or change the username; stores the user. */
export async function changeUsername(username: string): Promise<User> {
  const user = await apiSend('/api/user/username', userSchema, {
    method: 'PATCH',
    body: { username },
  });
  updateUser(user);
  return user;
}

/** POST /api/user/adult (decision 040): the once-asked 18+ declaration; stores the user. */
export async function declareAdult(payload: AdultDeclarationRequest): Promise<User> {
  const user = await apiSend('/api/user/adult', userSchema, { method: 'POST', body: payload });
  updateUser(user);
  return user;
}

export function useChangeUsernameMutation() {
  return useMutation({ mutationFn: changeUsername });
}
export function useDeclareAdultMutation() {
  return useMutation({ mutationFn: declareAdult });
}
