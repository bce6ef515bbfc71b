import { describe, expect, it } from 'vitest';
import { CoalescedLookup } from './coalesce';

/**
 * The coalesced lookup behind the handshake's token read, the session re-checks and the
 * connection's friend and tournament reads (docs/decisions/067, addendum "Cheaper connections"):
 * one read at a time for every key asked meanwhile, and never an answer from a read that started
 * before its caller asked.
 */

/** A load whose calls are recorded and finished by hand; values name the read that gave them. */
function manualLoad() {
  const calls: { keys: number[]; finish: (err?: Error) => void }[] = [];
  const load = (keys: number[]) =>
    new Promise<Map<number, string>>((resolve, reject) => {
      const read = calls.length + 1;
      calls.push({
        keys,
        finish: (err) =>
          err ? reject(err) : resolve(new Map(keys.map((k) => [k, `read ${read}: ${k}`]))),
      });
    });
  return { calls, load };
}

/** Resolves once `cond()` holds, checked on each turn of the event loop. */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setImmediate(r));
}

describe('CoalescedLookup', () => {
  it('answers every key asked in one burst with one read of the distinct keys', async () => {
    const { calls, load } = manualLoad();
    const lookup = new CoalescedLookup(load, 'none');
    const asked = [3, 1, 3, 2, 1].map((k) => lookup.get(k));
    await until(() => calls.length === 1);
    expect(calls[0]!.keys).toEqual([3, 1, 2]);
    calls[0]!.finish();
    expect(await Promise.all(asked)).toEqual([
      'read 1: 3',
      'read 1: 1',
      'read 1: 3',
      'read 1: 2',
      'read 1: 1',
    ]);
    expect(lookup.reads).toBe(1);
  });

  it('never answers a key from a read that started before it was asked', async () => {
    const { calls, load } = manualLoad();
    const lookup = new CoalescedLookup(load, 'none');
    const early = lookup.get(7);
    await until(() => calls.length === 1);
    // Asked while read 1 runs, for the same key and for others: they wait for read 2.
    const late = [lookup.get(7), lookup.get(8), lookup.get(9)];
    calls[0]!.finish();
    expect(await early).toBe('read 1: 7');
    await until(() => calls.length === 2);
    expect(calls[1]!.keys).toEqual([7, 8, 9]);
    calls[1]!.finish();
    expect(await Promise.all(late)).toEqual(['read 2: 7', 'read 2: 8', 'read 2: 9']);
  });

  it('keeps one read in flight at a time', async () => {
    const { calls, load } = manualLoad();
    const lookup = new CoalescedLookup(load, 'none');
    const first = lookup.get(1);
    await until(() => calls.length === 1);
    const second = lookup.get(2);
    // Many turns of the event loop later, read 2 has still not started: read 1 runs.
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    expect(calls).toHaveLength(1);
    calls[0]!.finish();
    await first;
    await until(() => calls.length === 2);
    calls[1]!.finish();
    expect(await second).toBe('read 2: 2');
  });

  it('rejects the callers of a failed read with its error and reads afresh for the next', async () => {
    const { calls, load } = manualLoad();
    const lookup = new CoalescedLookup(load, 'none');
    const failed = [lookup.get(1), lookup.get(2)];
    await until(() => calls.length === 1);
    calls[0]!.finish(new Error('connection lost'));
    for (const p of failed) await expect(p).rejects.toThrow('connection lost');
    const again = lookup.get(1);
    await until(() => calls.length === 2);
    calls[1]!.finish();
    expect(await again).toBe('read 2: 1');
  });

  it('answers `missing` for a key the read left out, and splits a burst at maxBatch', async () => {
    const reads: number[][] = [];
    const lookup = new CoalescedLookup<number, string>(
      (keys) => {
        reads.push(keys);
        return Promise.resolve(new Map(keys.filter((k) => k % 2 === 0).map((k) => [k, 'even'])));
      },
      'absent',
      3,
    );
    const answers = await Promise.all([1, 2, 3, 4, 5].map((k) => lookup.get(k)));
    expect(answers).toEqual(['absent', 'even', 'absent', 'even', 'absent']);
    expect(reads).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });
});
