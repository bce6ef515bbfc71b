import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  bankSchema,
  clientDataSchema,
  rechargeAccountSchema,
  transactionsResponseSchema,
  withdrawReviewResponseSchema,
  withdrawalReviewSchema,
  VERIFICATION_STATES,
  c2pChargeResponseSchema,
  rechargeStatusSchema,
  type Bank,
  type C2pChargeResponse,
  type RechargeStatus,
  type ClientData,
  type RechargeAccount,
  type TransactionsResponse,
  type WithdrawReviewResponse,
} from '@domino/contracts';
import { MSG } from '@domino/contracts';
import {
  ApiError,
  apiBlob,
  apiGet,
  apiRequest,
  apiSend,
  normaliseList,
  parseWith,
} from '../../../lib/api';
import { transactionsQueryString, type TransactionFilters } from '../lib/transactions';

/**
 * Wallet calls (docs/product.md §7): recharge account, client data, banks, recharge, withdrawal, bank
 * accounts, transactions. Every query key starts with 'wallet' so the shell can refetch them all
 * when the server pushes a balance or request update.
 */
export const WALLET_KEYS = {
  all: ['wallet'] as const,
  rechargeAccounts: ['wallet', 'recharge-accounts'] as const,
  clientData: ['wallet', 'client-data'] as const,
  banks: ['wallet', 'banks'] as const,
  transactions: (filters: TransactionFilters) => ['wallet', 'transactions', filters] as const,
  proof: (rechargeId: number) => ['wallet', 'proof', rechargeId] as const,
  withdrawReview: ['wallet', 'withdraw-review'] as const,
  rechargeStatus: (id: number) => ['wallet', 'recharge-status', id] as const,
};

async function fetchList<T>(
  path: string,
  item: z.ZodType<T>,
  keys: string[],
  signal?: AbortSignal,
): Promise<T[]> {
  const body = await apiRequest(path, { signal });
  const list = normaliseList(body, keys);
  if (list === null) {
    console.error('Unexpected list shape', path, body);
    throw new ApiError(200, body, MSG.unexpected);
  }
  return parseWith(z.array(item), list);
}

/** GET /api/accounts_recharge: the Pago Móvil destination accounts (the page uses the first). */
export function useRechargeAccounts() {
  return useQuery<RechargeAccount[]>({
    queryKey: WALLET_KEYS.rechargeAccounts,
    queryFn: ({ signal }) =>
      fetchList('/api/accounts_recharge', rechargeAccountSchema, ['data', 'accounts'], signal),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/client-data: the player's identity, balance and saved bank accounts. */
export function useClientData() {
  return useQuery<ClientData>({
    queryKey: WALLET_KEYS.clientData,
    queryFn: ({ signal }) => apiGet('/api/client-data', clientDataSchema, { signal }),
    staleTime: 0,
  });
}

/** GET /api/banks (bare list, or under data or banks). */
export function useBanks() {
  return useQuery<Bank[]>({
    queryKey: WALLET_KEYS.banks,
    queryFn: ({ signal }) => fetchList('/api/banks', bankSchema, ['data', 'banks'], signal),
    staleTime: 10 * 60_000,
  });
}

/** GET /api/transactions with the filters; keeps the previous page on screen while loading. */
export function useTransactions(filters: TransactionFilters) {
  return useQuery<TransactionsResponse>({
    queryKey: WALLET_KEYS.transactions(filters),
    queryFn: ({ signal }) =>
      apiGet(`/api/transactions?${transactionsQueryString(filters)}`, transactionsResponseSchema, {
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/recharges/{id}/proof as an object URL (revoked when the query is garbage-collected). */
export function useRechargeProof(rechargeId: number | null) {
  return useQuery({
    queryKey: WALLET_KEYS.proof(rechargeId ?? 0),
    queryFn: async ({ signal }) => apiBlob(`/api/recharges/${rechargeId}/proof`, signal),
    enabled: rechargeId !== null,
    staleTime: Infinity,
  });
}

const rechargeResponseSchema = z.object({
  message: z.string(),
  id: z.number(),
  status: z.string(),
  /** The automatic verification state (decision 051); absent on older servers. */
  verification: z.enum(VERIFICATION_STATES).optional(),
  new_balance: z.number().nullable().optional(),
});

export interface RechargeInput {
  /** Decimal string in bolívares ("250.50"). */
  amount: string;
  reference: string;
  accountId: number;
  proof: File | null;
  idempotencyKey: string;
  /** The payer's phone (11 digits) and bank code, when the account verifies with the bank. */
  payer?: { phone: string; bankCode: string } | undefined;
}

/** POST /api/recharge_api (multipart/form-data) with an Idempotency-Key. */
export function useRechargeMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RechargeInput) => {
      const form = new FormData();
      form.set('amount', input.amount);
      form.set('reference', input.reference);
      form.set('account_id', String(input.accountId));
      if (input.payer) {
        form.set('payer_phone', input.payer.phone);
        form.set('payer_bank_code', input.payer.bankCode);
      }
      if (input.proof) form.set('payment_proof', input.proof, input.proof.name);
      return apiSend('/api/recharge_api', rechargeResponseSchema, {
        method: 'POST',
        body: form,
        headers: { 'Idempotency-Key': input.idempotencyKey },
      });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: WALLET_KEYS.all }),
  });
}

/**
 * GET /api/withdraw_review: whether a withdrawal requested now goes to staff review after a recent
 * change of the e-mail, phone or a bank account, and why (docs/decisions/013).
 */
export function useWithdrawReview() {
  return useQuery<WithdrawReviewResponse>({
    queryKey: WALLET_KEYS.withdrawReview,
    queryFn: ({ signal }) =>
      apiGet('/api/withdraw_review', withdrawReviewResponseSchema, { signal }),
    staleTime: 0,
  });
}

const withdrawResponseSchema = z.object({
  message: z.string(),
  id: z.number(),
  status: z.string(),
  new_balance: z.number(),
  review: withdrawalReviewSchema.nullable().optional(),
});

export interface WithdrawInput {
  /** Bolívares as a JSON number (at most two decimals). */
  amount: number;
  bankId: number;
  idempotencyKey: string;
}

/** POST /api/withdraw_api {amount, bank_account} with an Idempotency-Key. */
export function useWithdrawMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WithdrawInput) =>
      apiSend('/api/withdraw_api', withdrawResponseSchema, {
        method: 'POST',
        body: { amount: input.amount, bank_account: input.bankId },
        headers: { 'Idempotency-Key': input.idempotencyKey },
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: WALLET_KEYS.all }),
  });
}

const bankAccountResponseSchema = z.object({
  message: z.string(),
  bank_account: clientDataSchema.shape.bank_accounts.element,
});

export interface BankAccountInput {
  bank_name: string;
  account_number: string;
  account_type: 'corriente' | 'ahorro';
  account_holder: string;
  /** Required (docs/decisions/013). */
  current_password: string;
}

/** POST /api/bank-accounts. */
export function useAddBankAccountMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BankAccountInput) =>
      apiSend('/api/bank-accounts', bankAccountResponseSchema, { method: 'POST', body: input }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: WALLET_KEYS.clientData });
      void client.invalidateQueries({ queryKey: WALLET_KEYS.withdrawReview });
    },
  });
}

/**
 * GET /api/recharges/:id/status while the bank verifies it (decision 051): refetched by the
 * shell on every `request:updated` push (a 'wallet' key) and, as a safety net while the socket
 * may be down, every 3 s until it leaves `checking`.
 */
export function useRechargeStatus(id: number | null) {
  return useQuery<RechargeStatus>({
    queryKey: WALLET_KEYS.rechargeStatus(id ?? 0),
    queryFn: ({ signal }) =>
      apiGet(`/api/recharges/${id}/status`, rechargeStatusSchema, { signal }),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data && query.state.data.verification !== 'checking' ? false : 3_000,
    staleTime: 0,
  });
}

/** The C2P form as the API takes it (amount in bolívares, decimal string). */
export interface C2pInput {
  accountId: number;
  amount: string;
  typeIdentification: string;
  nIdentification: string;
  phone: string;
  bankCode: string;
}

const c2pBody = (input: C2pInput) => ({
  account_id: input.accountId,
  amount: input.amount,
  type_identification: input.typeIdentification,
  n_identification: input.nIdentification,
  phone: input.phone,
  bank_code: input.bankCode,
});

/** POST /api/recharges/c2p/key: the payer's bank sends the payment key by SMS. */
export function useC2pKeyMutation() {
  return useMutation({
    mutationFn: (input: C2pInput) =>
      apiSend('/api/recharges/c2p/key', z.object({ message: z.string() }), {
        method: 'POST',
        body: c2pBody(input),
      }),
  });
}

/** POST /api/recharges/c2p with an Idempotency-Key (a retry never charges twice). */
export function useC2pChargeMutation() {
  const client = useQueryClient();
  return useMutation<C2pChargeResponse, Error, C2pInput & { key: string; idempotencyKey: string }>({
    mutationFn: (input) =>
      apiSend('/api/recharges/c2p', c2pChargeResponseSchema, {
        method: 'POST',
        body: { ...c2pBody(input), key: input.key },
        headers: { 'Idempotency-Key': input.idempotencyKey },
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: WALLET_KEYS.all }),
  });
}
