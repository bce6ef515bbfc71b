import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { IDENTITY_FILES } from '@domino/contracts';
import { apiSend } from '../../../lib/api';
import { IDENTITY_KEYS } from '../../../lib/identity';

const submitResponseSchema = z.object({ message: z.string(), id: z.number(), status: z.string() });

export interface IdentityInput {
  type_identification: string;
  n_identification: string;
  full_name: string;
  document: File;
  selfie: File;
}

/**
 * POST /api/identity (multipart: the cédula's type, number and full name as printed, the photo
 * of the cédula and the selfie holding it). The status query is refetched afterwards.
 */
export function useSubmitIdentity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: IdentityInput) => {
      const form = new FormData();
      form.set('type_identification', input.type_identification);
      form.set('n_identification', input.n_identification);
      form.set('full_name', input.full_name);
      form.set(IDENTITY_FILES.document, input.document, input.document.name);
      form.set(IDENTITY_FILES.selfie, input.selfie, input.selfie.name);
      return apiSend('/api/identity', submitResponseSchema, { method: 'POST', body: form });
    },
    onSettled: () => void client.invalidateQueries({ queryKey: IDENTITY_KEYS.status }),
  });
}
