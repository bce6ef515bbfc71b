import { useQuery } from '@tanstack/react-query';
import { responsibleSettingsSchema, type PauseView } from '@domino/contracts';
import { apiGet } from './api';

/**
 * The player's responsible-gaming settings as every screen reads them (docs/decisions/030): one
 * query, shared by the profile's card and the screens that take money (join, recharge), which
 * show a running pause and its end before offering to pay (decision 050).
 */
export const RESPONSIBLE_KEY = ['responsible', 'settings'] as const;

/** GET /api/responsible (the player's limits, reminder and pause). */
export function useResponsibleSettings(enabled = true) {
  return useQuery({
    queryKey: RESPONSIBLE_KEY,
    queryFn: ({ signal }) => apiGet('/api/responsible', responsibleSettingsSchema, { signal }),
    enabled,
  });
}

/**
 * The running pause (time-out or self-exclusion) with its Spanish message — the same words a
 * refused payment would give, "… hasta el 30/11/2026 14:00" — or null when none (or unknown yet).
 */
export function useActivePause(enabled = true): PauseView | null {
  return useResponsibleSettings(enabled).data?.pause ?? null;
}
