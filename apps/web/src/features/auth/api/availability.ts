import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { availabilityResponseSchema, LIMITS } from '@domino/contracts';
import { apiPost } from '../../../lib/api';

/**
 * Live availability checks of the registration form (docs/product.md §5, §7): check_email, check_identity,
 * check_phone, each answering `{available}`. Debounced by LIMITS.availabilityCheckDebounceMs.
 */
export type AvailabilityKind = 'email' | 'identity' | 'phone';

const ENDPOINTS: Record<AvailabilityKind, string> = {
  email: '/api/check_email',
  identity: '/api/check_identity',
  phone: '/api/check_phone',
};

/** idle: nothing to check; unknown: the check failed (the server decides at submission). */
export type AvailabilityStatus = 'idle' | 'checking' | 'available' | 'taken' | 'unknown';

type Payload = Record<string, string>;

function queryKey(kind: AvailabilityKind, payload: Payload) {
  return ['availability', kind, payload] as const;
}

async function checkAvailability(kind: AvailabilityKind, payload: Payload): Promise<boolean> {
  const result = await apiPost(ENDPOINTS[kind], payload, availabilityResponseSchema);
  return result.available;
}

/**
 * Availability of `payload` (null when the value is not valid yet, so nothing is asked).
 * Reports 'checking' while the debounce runs, so a stale answer is never shown for a new value.
 */
export function useAvailability(kind: AvailabilityKind, payload: Payload | null) {
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
  else if (query.data === true) status = 'available';
  else if (query.data === false) status = 'taken';
  else status = 'checking';
  return status;
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
      .catch(() => null);
}
