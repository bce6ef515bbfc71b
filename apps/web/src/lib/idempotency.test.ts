import { describe, expect, it } from 'vitest';
import { keyForSubmission } from './idempotency';

describe('idempotency keys', () => {
  it('reuses the key when the same values are sent again and renews it when they change', () => {
    let n = 0;
    const make = () => `k${++n}`;
    const first = keyForSubmission(null, 'a', make);
    expect(first.key).toBe('k1');
    expect(keyForSubmission(first, 'a', make)).toBe(first);
    expect(keyForSubmission(first, 'b', make).key).toBe('k2');
  });
});
