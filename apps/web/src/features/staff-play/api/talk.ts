import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  talkReportListSchema,
  talkStaffActionResponseSchema,
  type TalkReport,
} from '@domino/contracts';
import { apiGet, apiPost } from '../../../lib/api';

/**
 * Staff calls of table talk (docs/decisions/023-table-talk.md): the reports with their kept
 * transcripts, "Descartar" and "Silenciar" (a chat ban of 24 h or 7 días). Both decisions refetch
 * the lists, also when refused (409: someone else decided first).
 */
export const TALK_REPORT_KEYS = {
  list: (status: TalkReport['status']) => ['admin', 'talk-reports', status] as const,
  all: ['admin', 'talk-reports'] as const,
};

/** GET /api/admin/talk-reports?status=... */
export function useTalkReports(status: TalkReport['status']) {
  return useQuery({
    queryKey: TALK_REPORT_KEYS.list(status),
    queryFn: ({ signal }) =>
      apiGet(`/api/admin/talk-reports?status=${status}`, talkReportListSchema, { signal }),
  });
}

/** POST /api/admin/talk-reports/{id}/dismiss or /ban {days}. */
export function useTalkReportDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      d: { id: number; action: 'dismiss' } | { id: number; action: 'ban'; days: 1 | 7 },
    ) =>
      d.action === 'dismiss'
        ? apiPost(`/api/admin/talk-reports/${d.id}/dismiss`, {}, talkStaffActionResponseSchema)
        : apiPost(
            `/api/admin/talk-reports/${d.id}/ban`,
            { days: d.days },
            talkStaffActionResponseSchema,
          ),
    onSettled: () => client.invalidateQueries({ queryKey: TALK_REPORT_KEYS.all }),
  });
}
