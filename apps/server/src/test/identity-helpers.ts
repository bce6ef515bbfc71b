import type { TestApp } from './helpers';
import { auth } from './wallet-helpers';

/**
 * The highest withdrawal threshold staff may set, in bolívares (MAX_THRESHOLD_CENTS / 100):
 * withdrawals up to it need no identity verification (docs/decisions/031).
 */
export const NO_IDENTITY_GATE = { threshold: 1_000_000 } as const;

/**
 * For suites about withdrawal mechanics, not identity: staff raise the verification threshold to
 * its highest through the real route, as a staff member could, so their players withdraw
 * without verifying. modules/identity tests the gate itself.
 */
export async function liftIdentityGate(t: TestApp, adminToken: string): Promise<void> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/identity/settings',
    headers: auth(adminToken),
    payload: NO_IDENTITY_GATE,
  });
  if (res.statusCode !== 200) throw new Error(`identity threshold not set: ${res.body}`);
}
