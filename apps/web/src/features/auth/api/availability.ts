import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { availabilityResponseSchema, LIMITS, type AvailabilityResponse } from '@domino/contracts';
import { apiPost } from '../../../lib/api';

/**
 * Live availability checks of the registration form (docs/product.md §5, §7): check_email, check_identity,
 * check_phone, each answering `{available}`. Debounced by LIMITS.availabilityCheckDebounceMs.
 */
export type AvailabilityKind = 'email' | 'identity' | 'phone' | 'username';

const ENDPOINTS: Record<AvailabilityKind, string> = {
  email: '/api/check_email',
  identity: '/api/check_identity',
  phone: '/api/check_phone',
  username: '/api/check_username',
};

/** idle: nothing to check; unknown: the check failed (the server decides at submission). */
export type AvailabilityStatus = 'idle' | 'checking' | 'available' | 'taken' | 'unknown';

type Payload = Record<string, string>;

function queryKey(kind: AvailabilityKind, payload: Payload) {
  return ['availability', kind, payload] as const;
}

async function checkAvailability(
  kind: AvailabilityKind,
  payload: Payload,
): Promise<AvailabilityResponse> {
  return apiPost(ENDPOINTS[kind], payload, availabilityResponseSchema);
}

/**
 * Availability of `payload` (null when the value is not valid yet, so nothing is asked).
 * Reports 'checking' while the debounce runs, so a stale answer is never shown for a new value.
 */
export function useAvailability(kind: AvailabilityKind, payload: Payload | null) {
  return useAvailabilityAnswer(kind, payload).status;
}

/**
 * The availability status and, when refused, the server's Spanish reason (a username can be
 * taken, held for its former owner or not allowed; decision 040).
 */
export function useAvailabilityAnswer(
  kind: AvailabilityKind,
  payload: Payload | null,
): { status: AvailabilityStatus; message: string | undefined } {
  const serialised = payload ? JSON.stringify(payload) : '';
  const [debounced] = useDebouncedValue(serialised, LIMITS.availabilityCheckDebounceMs);
  const settled = payload !== null && debounced === serialised;
  const query = useQuery({
    queryKey: queryKey(kind, payload ?? {}),
    queryFn: () => checkAvailability(kind, payload ?? {}),
    enabled: settled,
    staleTime: 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });

  let status: AvailabilityStatus;
  if (payload === null) status = 'idle';
  else if (!settled || query.isFetching) status = 'checking';
  else if (query.isError) status = 'unknown';
  else if (query.data?.available === true) status = 'available';
  else if (query.data?.available === false) status = 'taken';
  else status = 'checking';
  return { status, message: status === 'taken' ? query.data?.message : undefined };
}

/**
 * Checks availability now (used at submission when the debounced check has not answered yet).
 * Resolves to null when the check itself fails.
 */
export function useCheckAvailabilityNow() {
  const client = useQueryClient();
  return (kind: AvailabilityKind, payload: Payload): Promise<boolean | null> =>
    client
      .fetchQuery({
        queryKey: queryKey(kind, payload),
        queryFn: () => checkAvailability(kind, payload),
        staleTime: 60_000,
        retry: false,
      })
      .then((answer) => answer.available)
      .catch(() => null);
}
