/** Small timing helpers of the session and page loading rules (docs/product.md §9). Pure, DOM-free. */

/** True when the last recorded activity is at least `timeoutMs` old (inactivity logout). */
export function isInactive(lastActivityAt: number, now: number, timeoutMs: number): boolean {
  return now - lastActivityAt >= timeoutMs;
}

/** Activity is recorded at most once per `throttleMs` (activity events are throttled). */
export function shouldRecordActivity(lastRecordedAt: number, now: number, throttleMs: number) {
  return now - lastRecordedAt >= throttleMs;
}

/** What `withTimeout` rejects with when the time is up. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/** Rejects with a TimeoutError when `promise` has not settled after `ms` (lazy chunk time-out). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
