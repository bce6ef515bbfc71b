import { useQuery } from '@tanstack/react-query';
import { responsibleSettingsSchema } from '@domino/contracts';
import { apiGet } from '../../../lib/api';

/** Staff: a player's settings, read-only (GET /api/admin/users/{id}/responsible). */
export function usePlayerResponsible(userId: number) {
  return useQuery({
    queryKey: ['admin', 'responsible', userId],
    queryFn: () => apiGet(`/api/admin/users/${userId}/responsible`, responsibleSettingsSchema),
  });
}
