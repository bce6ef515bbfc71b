import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  privateTableOptionsSchema,
  tableDetailSchema,
  type PrivateTableOptions,
  type TableDetail,
  type TableInput,
} from '@domino/contracts';
import { apiGet, apiSend } from '../../../lib/api';

/** Staff table management (/admin/mesas; decision 010). */
export const ADMIN_TABLES_KEY = ['admin', 'tables'] as const;

/** GET /api/admin/tables: every table, closed ones included, with seats and status. */
export function useAdminTables() {
  return useQuery({
    queryKey: ADMIN_TABLES_KEY,
    queryFn: ({ signal }) => apiGet('/api/admin/tables', z.array(tableDetailSchema), { signal }),
    refetchInterval: 15_000,
    refetchOnWindowFocus: 'always',
  });
}

export type TableAction =
  | { kind: 'create'; input: TableInput }
  | { kind: 'update'; id: number; input: Partial<TableInput> }
  | { kind: 'open'; id: number }
  | { kind: 'close'; id: number }
  | { kind: 'image'; id: number; file: File };

function send(action: TableAction): Promise<TableDetail> {
  switch (action.kind) {
    case 'create':
      return apiSend('/api/admin/tables', tableDetailSchema, {
        method: 'POST',
        body: action.input,
      });
    case 'update':
      return apiSend(`/api/admin/tables/${action.id}`, tableDetailSchema, {
        method: 'PATCH',
        body: action.input,
      });
    case 'open':
    case 'close':
      return apiSend(`/api/admin/tables/${action.id}/${action.kind}`, tableDetailSchema, {
        method: 'POST',
      });
    case 'image': {
      const form = new FormData();
      form.append('image', action.file);
      return apiSend(`/api/admin/tables/${action.id}/image`, tableDetailSchema, {
        method: 'POST',
        body: form,
      });
    }
  }
}

/**
 * POST /api/admin/tables (201), PATCH /api/admin/tables/{id} (409 `tables/players_waiting` or
 * `tables/playing` when price, fees or rules change while players wait or a match runs; name and
 * image always), POST .../open and .../close (409 `tables/playing` while a match runs; closing
 * refunds every waiting player's entry, decision 010), POST .../image (multipart `image`). The
 * list is refetched after each call, whether it worked or not.
 */
export function useTableAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ADMIN_TABLES_KEY });
      void client.invalidateQueries({ queryKey: ['tables'] });
    },
  });
}

export const PRIVATE_SETTINGS_KEY = ['admin', 'private-tables', 'settings'] as const;

/** GET /api/admin/private-tables/settings: what hosts of private tables may pick. */
export function usePrivateSettings() {
  return useQuery({
    queryKey: PRIVATE_SETTINGS_KEY,
    queryFn: ({ signal }) =>
      apiGet('/api/admin/private-tables/settings', privateTableOptionsSchema, { signal }),
  });
}

/** PUT /api/admin/private-tables/settings (audited on the server); refreshes the settings. */
export function useSavePrivateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PrivateTableOptions) =>
      apiSend('/api/admin/private-tables/settings', privateTableOptionsSchema, {
        method: 'PUT',
        body,
      }),
    onSuccess: (saved) => client.setQueryData(PRIVATE_SETTINGS_KEY, saved),
  });
}
