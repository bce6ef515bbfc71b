import {
  DUPLICATE_ROUTES,
  duplicateDetailSchema,
  type CreateDuplicateRequest,
} from '@domino/contracts';
import { apiSend } from '../../../lib/api';

/**
 * POST /api/admin/duplicates with an Idempotency-Key (a retried submit opens one set): answers the
 * set's detail. 422 with a Spanish message naming the player when one is unknown, inactive,
 * repeated or already at another table (docs/decisions/062-duplicate-domino.md).
 */
export function createDuplicate(input: CreateDuplicateRequest, key: string) {
  return apiSend(DUPLICATE_ROUTES.staffCreate, duplicateDetailSchema, {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': key },
  });
}
