import { afterAll, describe, expect, it } from 'vitest';
import { threadId } from 'node:worker_threads';
import { TsWorkerPool } from './ts-worker';
import { threadCpuMs } from './thread-cpu';
import type { FixtureAnswer, FixtureJob } from './ts-worker.fixture';

/** TsWorkerPool (docs/decisions/072-reused-worker-threads.md): threads kept, faults contained. */
describe('TsWorkerPool', () => {
  const pool = new TsWorkerPool<FixtureJob, FixtureAnswer>(
    new URL('./ts-worker.fixture.ts', import.meta.url),
    'fixture',
  );
  afterAll(() => pool.close());

  it('runs job after job in one thread, off the event loop', async () => {
    const first = await pool.run({ kind: 'who' }, 60_000);
    const second = await pool.run({ kind: 'who' }, 60_000);
    expect(first.threadId).not.toBe(threadId);
    expect(second.threadId).toBe(first.threadId);
    expect(pool.threads).toBe(1);
  });

  it("rejects a job's own error and serves the next job in the same thread", async () => {
    const before = await pool.run({ kind: 'who' }, 60_000);
    await expect(pool.run({ kind: 'throw' }, 60_000)).rejects.toThrow('fixture job failed');
    expect((await pool.run({ kind: 'who' }, 60_000)).threadId).toBe(before.threadId);
  });

  it('aborts a job past its timeout, ends its thread, and the next job gets a new one', async () => {
    const before = await pool.run({ kind: 'who' }, 60_000);
    await expect(pool.run({ kind: 'forever' }, 300)).rejects.toThrow(
      'fixture worker timed out after 300 ms',
    );
    const after = await pool.run({ kind: 'who' }, 60_000);
    expect(after.threadId).not.toBe(before.threadId);
  });

  it("measures a job's CPU in its own thread only, not the event loop's", async () => {
    const job = pool.run({ kind: 'spin', cpuMs: 150 }, 60_000);
    // The event loop spins meanwhile: the process's CPU grows, the job's thread time does not.
    const t0 = threadCpuMs();
    while (threadCpuMs() - t0 < 300);
    const answer = await job;
    expect(answer.threadMs).toBeGreaterThanOrEqual(150);
    expect(answer.processMs - answer.threadMs).toBeGreaterThan(100);
  });

  it('can be closed and used again', async () => {
    await pool.close();
    expect(pool.threads).toBe(0);
    expect((await pool.run({ kind: 'who' }, 60_000)).threadId).not.toBe(threadId);
  });
});
