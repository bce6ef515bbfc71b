/**
 * Many callers' lookups by key answered by one batched read at a time, never by an older read
 * (docs/decisions/067-recovery-after-a-lost-node.md, addendum "Cheaper connections").
 *
 * `get(key)` queues the key. When no read is running, a read of every queued key starts on the
 * next turn of the event loop (`setImmediate`, so the keys asked in the same burst of I/O share
 * it); while one runs, keys asked meanwhile wait for it to end and then go together in the next.
 * So at most one read is in flight, its size follows the load (one key when quiet, hundreds when
 * a node's players all arrive at once), and every answer comes from a read that **started after
 * its caller asked**: as fresh as a query of the caller's own, which is what a session re-check
 * needs (decision 012). Nothing is cached between reads.
 *
 * A read that fails rejects every caller of that read with its error; the next read is tried
 * afresh. `load` receives distinct keys (in the order first asked) and answers a map; a key
 * missing from the map resolves to `missing`.
 */
export class CoalescedLookup<K, V> {
  private queued = new Map<
    K,
    ((outcome: { ok: true; value: V } | { ok: false; error: unknown }) => void)[]
  >();
  private running = false;
  private scheduled = false;

  /**
   * @param load reads the given distinct keys at once (one query), answering a value per key
   * @param missing the answer for a key `load` left out of its map
   * @param maxBatch most keys one read takes (the rest wait for the next read)
   */
  constructor(
    private readonly load: (keys: K[]) => Promise<Map<K, V>>,
    private readonly missing: V,
    private readonly maxBatch = 1_000,
  ) {}

  /** The value of `key` from a read that starts after this call; rejects with that read's error. */
  get(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      const waiting = this.queued.get(key);
      const settle = (o: { ok: true; value: V } | { ok: false; error: unknown }) =>
        o.ok ? resolve(o.value) : reject(o.error);
      if (waiting) waiting.push(settle);
      else this.queued.set(key, [settle]);
      this.schedule();
    });
  }

  /** How many reads have run (for tests and metrics). */
  reads = 0;

  private schedule(): void {
    if (this.running || this.scheduled || this.queued.size === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.run();
    });
  }

  private async run(): Promise<void> {
    if (this.running || this.queued.size === 0) return;
    this.running = true;
    const batch = new Map<
      K,
      ((o: { ok: true; value: V } | { ok: false; error: unknown }) => void)[]
    >();
    for (const [key, waiters] of this.queued) {
      if (batch.size >= this.maxBatch) break;
      batch.set(key, waiters);
    }
    for (const key of batch.keys()) this.queued.delete(key);
    this.reads += 1;
    try {
      const values = await this.load([...batch.keys()]);
      for (const [key, waiters] of batch) {
        const value = values.has(key) ? (values.get(key) as V) : this.missing;
        for (const w of waiters) w({ ok: true, value });
      }
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w({ ok: false, error });
    } finally {
      this.running = false;
      this.schedule();
    }
  }
}
