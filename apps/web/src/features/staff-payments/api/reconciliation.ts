import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  RECONCILIATION_ROUTES,
  reconciliationAccountSchema,
  reconciliationApproveResponseSchema,
  reconciliationMappingSavedSchema,
  reconciliationReportSchema,
  type ReconciliationMappingInput,
} from '@domino/contracts';
import { apiGet, apiSend } from '../../../lib/api';

/** Bank reconciliation (/admin/conciliacion; docs/decisions/033-bank-reconciliation.md). */
export const RECONCILIATION_ACCOUNTS_KEY = ['admin', 'reconciliation', 'accounts'] as const;

/** GET the recharge accounts with their pending count and statement mapping (null: not set). */
export function useReconciliationAccounts() {
  return useQuery({
    queryKey: RECONCILIATION_ACCOUNTS_KEY,
    queryFn: ({ signal }) =>
      apiGet(RECONCILIATION_ROUTES.accounts, z.array(reconciliationAccountSchema), { signal }),
  });
}

/** Refetches the accounts (mapping saved, recharges approved). */
export function useRefreshReconciliationAccounts() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: RECONCILIATION_ACCOUNTS_KEY });
}

/** PUT the account's mapping; 422 with Spanish field errors when a value is refused. */
export function saveReconciliationMapping(accountId: number, mapping: ReconciliationMappingInput) {
  return apiSend(RECONCILIATION_ROUTES.mapping(accountId), reconciliationMappingSavedSchema, {
    method: 'PUT',
    body: mapping,
  });
}

/**
 * POST the statement file (multipart `account_id`, `statement`): answers the report. The same file
 * uploaded again answers the stored statement (`statement.repeated`). 422 on `statement` for an
 * unreadable file, 409 when the account has no mapping.
 */
export function uploadStatement(accountId: number, file: File) {
  const form = new FormData();
  form.append('account_id', String(accountId));
  form.append('statement', file);
  return apiSend(RECONCILIATION_ROUTES.statements, reconciliationReportSchema, {
    method: 'POST',
    body: form,
  });
}

/** POST the matched pairs to approve; answers how many were approved, the skipped ones and the new report. */
export function approveReconciled(
  statementId: number,
  pairs: { line_id: number; recharge_id: number }[],
) {
  return apiSend(RECONCILIATION_ROUTES.approve(statementId), reconciliationApproveResponseSchema, {
    method: 'POST',
    body: { pairs },
  });
}
