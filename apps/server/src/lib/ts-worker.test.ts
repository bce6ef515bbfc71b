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
    // The job and the event loop run at once whatever the machine's load: the event loop waits
    // until the job has started, spins 300 ms of its own CPU, and only then lets the job end.
    const sync = new Int32Array(new SharedArrayBuffer(8));
    const job = pool.run({ kind: 'spin', cpuMs: 150, sync }, 60_000);
    while (Atomics.load(sync, 0) === 0) await new Promise((resolve) => setImmediate(resolve));
    const t0 = threadCpuMs();
    while (threadCpuMs() - t0 < 300);
    Atomics.store(sync, 1, 1);
    const answer = await job;
    expect(answer.threadMs).toBeGreaterThanOrEqual(150);
    // The process's CPU over the job holds the event loop's 300 ms besides the job's own.
    expect(answer.processMs - answer.threadMs).toBeGreaterThan(200);
  });

  it('can be closed and used again', async () => {
    await pool.close();
    expect(pool.threads).toBe(0);
    expect((await pool.run({ kind: 'who' }, 60_000)).threadId).not.toBe(threadId);
  });
});
