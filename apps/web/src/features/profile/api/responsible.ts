import {
  messageResponseSchema,
  playSessionSchema,
  type MessageResponse,
  type PauseOption,
  type SetLimitRequest,
} from '@domino/contracts';
import { apiGet, apiSend } from '../../../lib/api';

/**
 * Responsible gaming on the server (docs/decisions/030-responsible-gaming.md): the player's own
 * settings (GET /api/responsible), a limit, the reminder, a pause, and the play session the
 * reminder shows (GET /api/responsible/session). Amounts are céntimos.
 */

export { RESPONSIBLE_KEY, useResponsibleSettings } from '../../../lib/responsible';

export function saveLimit(body: SetLimitRequest): Promise<MessageResponse> {
  return apiSend('/api/responsible/limits', messageResponseSchema, { method: 'PUT', body });
}

export function saveReminder(minutes: number | null): Promise<MessageResponse> {
  return apiSend('/api/responsible/reminder', messageResponseSchema, {
    method: 'PUT',
    body: { minutes },
  });
}

export function startPause(option: PauseOption): Promise<MessageResponse> {
  return apiSend('/api/responsible/pause', messageResponseSchema, {
    method: 'POST',
    body: { option, confirm: true },
  });
}

export function fetchPlaySession() {
  return apiGet('/api/responsible/session', playSessionSchema);
}
