import { useQuery } from '@tanstack/react-query';
import { apiBlob } from '../api';

/** The proof images staff open from a queue (recharge proofs, identity photos). */

/** Query key of a proof; under ['admin'], so a staff decision's refetch covers it. */
export const PROOF_KEY = (url: string) => ['admin', 'proof', url] as const;

/** A recharge proof (`proof_url`, Bearer-protected) as a Blob. */
export function useProofBlob(url: string | null) {
  return useQuery({
    queryKey: PROOF_KEY(url ?? ''),
    queryFn: ({ signal }) => apiBlob(url ?? '', signal),
    enabled: url !== null,
    staleTime: Infinity,
    gcTime: 60_000,
  });
}
