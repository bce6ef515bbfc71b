import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { JobRegistry, PeriodicJob } from './periodic';

/**
 * The periodic jobs' timer (lib/periodic.ts; docs/decisions/078-jobs-sleep-while-idle.md): the
 * next tick after `nextDelayMs`, a longer sleep while idle, `runSoon` ending it, and nothing
 * before `start` or after `stop`. Fake timers: the delays are the subject.
 */

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

/** Ticks 'busy' while `pending` > 0 (then every 100 ms), 'idle' otherwise (then every 10 s). */
class Counter extends PeriodicJob<'busy' | 'idle'> {
  ticks = 0;
  pending = 0;
  fail = false;
  constructor(intervalMs = 100) {
    super('counter', intervalMs, log);
  }
  tick(): Promise<'busy' | 'idle'> {
    this.ticks += 1;
    if (this.fail) return Promise.reject(new Error('boom'));
    if (this.pending > 0) this.pending -= 1;
    return Promise.resolve(this.pending > 0 ? 'busy' : 'idle');
  }
  protected override nextDelayMs(result: 'busy' | 'idle' | undefined): number {
    return result === 'idle' ? 10_000 : this.intervalMs;
  }
}

describe('PeriodicJob', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks at once on start, every interval while busy and sleeps its idle delay after', async () => {
    const job = new Counter();
    job.pending = 3;
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(job.ticks).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(job.ticks).toBe(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(job.ticks).toBe(3); // the last pending unit: idle from here
    await vi.advanceTimersByTimeAsync(9_900);
    expect(job.ticks).toBe(3);
    await vi.advanceTimersByTimeAsync(100);
    expect(job.ticks).toBe(4);
    await job.stop();
  });

  it('runSoon ends the idle sleep at once, and runs again after a tick in progress', async () => {
    const job = new Counter();
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(job.ticks).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(job.ticks).toBe(1);
    job.pending = 2;
    job.runSoon();
    await vi.advanceTimersByTimeAsync(0);
    expect(job.ticks).toBe(2);
    // Busy now: the interval again.
    await vi.advanceTimersByTimeAsync(100);
    expect(job.ticks).toBe(3);
    // A runSoon during a tick: one more tick right after it, not two at once.
    let release!: () => void;
    const slow = new (class extends Counter {
      override tick() {
        this.ticks += 1;
        return new Promise<'idle'>((r) => (release = () => r('idle')));
      }
    })();
    slow.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(slow.ticks).toBe(1);
    slow.runSoon();
    slow.runSoon();
    expect(slow.ticks).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(slow.ticks).toBe(2);
    release();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(slow.ticks).toBe(2);
    await job.stop();
    const stopping = slow.stop();
    release();
    await stopping;
  });

  it('does nothing before start, after stop, or with an interval of 0', async () => {
    const job = new Counter();
    job.runSoon();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(job.ticks).toBe(0);
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(job.ticks).toBe(1);
    await job.stop();
    job.runSoon();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(job.ticks).toBe(1);
    const off = new Counter(0);
    off.start();
    off.runSoon();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(off.ticks).toBe(0);
  });

  it('logs a failed tick and goes on at the interval', async () => {
    const job = new Counter();
    job.fail = true;
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(job.ticks).toBe(2);
    expect(log.error).toHaveBeenCalledWith(expect.anything(), 'counter failed');
    await job.stop();
  });
});

describe('JobRegistry', () => {
  it("finds an app's job by its dependencies object, and none for another app", () => {
    const registry = new JobRegistry<Counter>();
    const deps = {};
    const job = registry.register(deps, new Counter());
    expect(registry.of(deps)).toBe(job);
    expect(registry.of({})).toBeUndefined();
  });
});
