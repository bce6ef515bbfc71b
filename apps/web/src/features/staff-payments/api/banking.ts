import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BANKING_ROUTES,
  bankConnectorListSchema,
  bankConnectorSavedSchema,
  bankConnectorTestSchema,
  type BankConnectorInput,
} from '@domino/contracts';
import { apiGet, apiSend } from '../../../lib/api';

/** Bank connectors (/admin/conexiones-bancarias; docs/decisions/051-bank-connectors.md). */
export const BANK_CONNECTORS_KEY = ['admin', 'bank-connectors'] as const;

/** GET the providers and every recharge account with its connector and recent calls. */
export function useBankConnectors() {
  return useQuery({
    queryKey: BANK_CONNECTORS_KEY,
    queryFn: ({ signal }) => apiGet(BANKING_ROUTES.list, bankConnectorListSchema, { signal }),
  });
}

/** Refetches the list (after a save, a removal or a test call). */
export function useRefreshBankConnectors() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: BANK_CONNECTORS_KEY });
}

/** PUT the account's connector; credentials left empty keep their stored value. 422 field errors. */
export function saveBankConnector(accountId: number, input: BankConnectorInput) {
  return apiSend(BANKING_ROUTES.connector(accountId), bankConnectorSavedSchema, {
    method: 'PUT',
    body: input,
  });
}

/** DELETE the account's connector (its stored credentials go with it). */
export function deleteBankConnector(accountId: number) {
  return apiSend(BANKING_ROUTES.connector(accountId), bankConnectorSavedSchema, {
    method: 'DELETE',
  });
}

/** POST the harmless test call; answers the outcome and a Spanish sentence. */
export function testBankConnector(accountId: number) {
  return apiSend(BANKING_ROUTES.test(accountId), bankConnectorTestSchema, { method: 'POST' });
}
