import { describe, expect, it, vi } from 'vitest';
import { gameViewSchema } from '@domino/contracts';
import type { PlayerView } from '@domino/domino';
import type { FromWorker, LocalMove, LocalResult, SavedMatch } from './protocol';
import { PLAYER_SEAT, createSession, type MatchStore } from './session';
import { localGameView } from './view';

/** An in-memory MatchStore that can be told to fail. */
function memoryStore() {
  const data: { current?: SavedMatch; results: LocalResult[]; failing: boolean } = {
    results: [],
    failing: false,
  };
  const guard = async () => {
    if (data.failing) throw new Error('QuotaExceededError');
  };
  const store: MatchStore = {
    loadCurrent: async () => data.current,
    saveCurrent: async (m) => {
      await guard();
      data.current = m;
    },
    clearCurrent: async () => {
      await guard();
      delete data.current;
    },
    addResult: async (r) => {
      await guard();
      data.results.unshift(r);
    },
  };
  return { store, data };
}

let counter = 0;

/** Ids and seeds from a counter of its own: every session made with one deals the same match. */
function seeded(): (bytes: number) => string {
  let n = 0;
  return (bytes) => (++n).toString(16).padStart(bytes * 2, '0');
}

/** What a test may replace in the session's surroundings (the rest as in `harness`). */
interface HarnessOptions {
  /** The session's clock (epoch ms); a fixed instant by default. */
  now?: () => number;
  /**
   * Called for every wait the session asks for (ms), after it is recorded in `waits`; the wait
   * resolves at once by default.
   */
  wait?: (ms: number) => Promise<void>;
  /** Seeds and ids; the file's shared counter by default. */
  randomHex?: (bytes: number) => string;
}

function harness(store = memoryStore(), options: HarnessOptions = {}) {
  const posted: FromWorker[] = [];
  const waits: number[] = [];
  const session = createSession({
    post: (m) => posted.push(structuredClone(m)),
    store: store.store,
    wait: async (ms) => {
      waits.push(ms);
      await options.wait?.(ms);
    },
    randomHex: options.randomHex ?? ((bytes) => (++counter).toString(16).padStart(bytes * 2, '0')),
    random: () => 0.5,
    now: options.now ?? (() => 1_800_000_000_000),
  });
  const views = () => posted.filter((m) => m.type === 'view');
  const last = () => {
    const v = views().at(-1);
    if (!v) throw new Error('no view posted');
    return v;
  };
  return { session, posted, waits, views, last, store };
}

/** The first legal move of the player's view, in the protocol's shape. */
function firstMove(view: PlayerView): LocalMove {
  const m = view.legalMoves[0]!;
  if (m.kind === 'play') return { tile: [m.tile[0], m.tile[1]], end: m.end };
  return m.kind === 'pass' ? { pass: true } : { draw: true };
}

describe('the offline match worker protocol', () => {
  it('deals a new match and lets the CPU play until it is your turn, showing only your tiles', async () => {
    const h = harness();
    await h.session.receive({ type: 'new', difficulty: 'facil', pace: 'rapida' });
    const first = h.views()[0]!;
    expect(first.game.version).toBe(0);
    expect(first.view.seat).toBe(PLAYER_SEAT);
    expect(first.view.hand).toHaveLength(7);
    const last = h.last();
    expect(last.view.turn).toBe(PLAYER_SEAT);
    expect(last.view.legalMoves.length).toBeGreaterThan(0);
    expect(h.views()).toHaveLength(last.game.version + 1);
    // Nothing in a message names another seat's tiles or the seed before the end.
    for (const m of h.views()) {
      expect(Object.keys(m.view)).not.toContain('hands');
      expect(m.view.fairness.serverSeed).toBeNull();
    }
    // The CPU waited the fast pace between its moves (120-260 ms).
    for (const ms of h.waits) expect(ms).toBe(190);
    // Kept on the device at the version shown.
    expect(h.store.data.current?.version).toBe(last.game.version);
    // What the page builds from it is a valid game view for the online screen.
    expect(() => gameViewSchema.parse(localGameView(last.game, last.view))).not.toThrow();
  });

  it('refuses a move for an old version or an illegal one, and shows the match again', async () => {
    const h = harness();
    await h.session.receive({ type: 'new', difficulty: 'medio', pace: 'normal' });
    const { game, view } = h.last();
    const before = h.posted.length;
    await h.session.receive({ type: 'move', version: game.version - 1, move: firstMove(view) });
    expect(h.posted.slice(before).map((m) => m.type)).toEqual(['rejected', 'view']);
    expect(h.posted[before]).toEqual({ type: 'rejected', code: 'game/stale_version' });

    // Parejas has no stock: drawing is not a move here.
    const after = h.posted.length;
    await h.session.receive({ type: 'move', version: game.version, move: { draw: true } });
    expect(h.posted.slice(after)).toEqual([
      { type: 'rejected', code: 'game/cannot_draw' },
      expect.objectContaining({ type: 'view' }),
    ]);
    expect(h.last().game.version).toBe(game.version);
  });

  it('plays a whole match against each level to its end and stores the result', async () => {
    for (const difficulty of ['facil', 'medio', 'dificil'] as const) {
      const h = harness();
      await h.session.receive({ type: 'new', difficulty, pace: 'rapida' });
      let guard = 0;
      while (h.last().view.status === 'playing') {
        const { game, view } = h.last();
        expect(view.turn).toBe(PLAYER_SEAT);
        await h.session.receive({ type: 'move', version: game.version, move: firstMove(view) });
        if (++guard > 500) throw new Error('the match did not end');
      }
      const end = h.last();
      expect(end.view.result).not.toBeNull();
      expect(end.view.fairness.serverSeed).not.toBeNull();
      const saved = h.posted.find((m) => m.type === 'saved');
      expect(saved).toBeDefined();
      const result = (saved as { result: LocalResult }).result;
      expect(result).toMatchObject({ id: end.game.id, difficulty, hands: end.view.result!.hands });
      expect(Math.max(...result.scores)).toBeGreaterThanOrEqual(100);
      expect(result.won).toBe(result.scores[0] > result.scores[1]);
      expect(h.store.data.results).toEqual([result]);
      expect(h.store.data.current).toBeUndefined();
      // A new hand began after the hand pause of the fast pace.
      if (end.view.result!.hands > 1) expect(h.waits).toContain(1500);
    }
  }, 60_000);

  it('continues the match kept on the device, and says when there is none', async () => {
    const store = memoryStore();
    const first = harness(store);
    await first.session.receive({ type: 'resume', pace: 'normal' });
    expect(first.posted).toEqual([{ type: 'none' }]);

    await first.session.receive({ type: 'new', difficulty: 'dificil', pace: 'normal' });
    const kept = first.last();

    // A reload: a new worker with the same storage.
    const second = harness(store);
    await second.session.receive({ type: 'resume', pace: 'normal' });
    const resumed = second.views()[0]!;
    expect(resumed.game).toEqual(kept.game);
    expect(resumed.view.hand).toEqual(kept.view.hand);
    await second.session.receive({
      type: 'move',
      version: resumed.game.version,
      move: firstMove(resumed.view),
    });
    expect(second.last().game.version).toBeGreaterThan(resumed.game.version);
  });

  it('goes on playing when the device refuses to store the match, and says so', async () => {
    const store = memoryStore();
    store.data.failing = true;
    const h = harness(store);
    await h.session.receive({ type: 'new', difficulty: 'facil', pace: 'rapida' });
    expect(h.posted).toContainEqual({ type: 'failed', reason: 'storage' });
    expect(h.last().view.turn).toBe(PLAYER_SEAT);
  });

  it("counts the CPU's computation as part of its thinking delay and waits only the rest", async () => {
    // A clock that advances 50 ms at every reading: choosing a move "takes" 50 ms (one reading
    // before the search, one after).
    let t = 1_800_000_000_000;
    const h = harness(memoryStore(), { now: () => (t += 50), randomHex: seeded() });
    await h.session.receive({ type: 'new', difficulty: 'facil', pace: 'rapida' });
    let guard = 0;
    while (h.last().view.status === 'playing' && !h.waits.includes(1500 - 50)) {
      const { game, view } = h.last();
      await h.session.receive({ type: 'move', version: game.version, move: firstMove(view) });
      if (++guard > 500) throw new Error('no new hand began');
    }
    expect(h.waits.length).toBeGreaterThan(0);
    // The fast pace draws 190 ms with random() = 0.5 (120 + floor(0.5 * 141)), the first move of
    // a new hand 1,500 ms: the 50 ms of computation are deducted from both.
    for (const ms of h.waits) expect([190 - 50, 1500 - 50]).toContain(ms);
    expect(h.waits).toContain(1500 - 50);
  });

  it('asks for no wait beyond the search when the search took longer than the delay', async () => {
    // Every search "takes" 2,000 ms: longer than any delay of the fast pace (at most 1,500 ms).
    let t = 1_800_000_000_000;
    const h = harness(memoryStore(), { now: () => (t += 2000), randomHex: seeded() });
    await h.session.receive({ type: 'new', difficulty: 'medio', pace: 'rapida' });
    const { game, view } = h.last();
    await h.session.receive({ type: 'move', version: game.version, move: firstMove(view) });
    expect(h.last().view.turn).toBe(PLAYER_SEAT);
    // Still one (empty) wait per CPU move: the worker reads its messages between moves.
    expect(h.waits.length).toBeGreaterThanOrEqual(3);
    expect(new Set(h.waits)).toEqual(new Set([0]));
  });

  it('plays the same moves whatever its computation takes', async () => {
    let slow = 1_800_000_000_000;
    const runs = [
      harness(memoryStore(), { randomHex: seeded() }),
      harness(memoryStore(), { randomHex: seeded(), now: () => (slow += 300) }),
    ];
    for (const h of runs) {
      await h.session.receive({ type: 'new', difficulty: 'dificil', pace: 'normal' });
      for (let i = 0; i < 3 && h.last().view.status === 'playing'; i++) {
        const { game, view } = h.last();
        await h.session.receive({ type: 'move', version: game.version, move: firstMove(view) });
      }
    }
    const [fast, delayed] = runs.map((h) => h.views().map((v) => v.view));
    expect(fast!.length).toBeGreaterThan(4);
    expect(delayed).toEqual(fast);
  });

  it('does not move a match that a new one replaced while its CPU was thinking', async () => {
    /** Waits the session asked for while `holding`, each resolved only when the test says. */
    const held: (() => void)[] = [];
    let holding = false;
    const h = harness(memoryStore(), {
      wait: () =>
        holding ? new Promise<void>((resolve) => held.push(resolve)) : Promise.resolve(),
    });
    await h.session.receive({ type: 'new', difficulty: 'medio', pace: 'normal' });
    const before = h.last();
    expect(before.view.turn).toBe(PLAYER_SEAT);

    // The player's move; seat 1 (the CPU) chooses its move, then waits the rest of its delay.
    holding = true;
    const moving = h.session.receive({
      type: 'move',
      version: before.game.version,
      move: firstMove(before.view),
    });
    await vi.waitFor(() => expect(held).toHaveLength(1));
    const old = h.last().game;
    expect(old).toEqual({ ...before.game, version: before.game.version + 1 });
    expect(h.last().view.turn).toBe(1);

    // A new match replaces it while seat 1 waits.
    holding = false;
    await h.session.receive({ type: 'new', difficulty: 'facil', pace: 'normal' });
    const replacement = h.last();
    expect(replacement.game.id).not.toBe(old.id);
    const postedBefore = h.posted.length;

    // Seat 1's wait ends: its move is not applied to the old match, and nothing is posted.
    held[0]!();
    await moving;
    expect(h.posted.length).toBe(postedBefore);
    const oldVersions = h
      .views()
      .filter((v) => v.game.id === old.id)
      .map((v) => v.game.version);
    expect(Math.max(...oldVersions)).toBe(old.version);
    expect(h.store.data.current?.id).toBe(replacement.game.id);
    expect(h.store.data.current?.version).toBe(replacement.game.version);
  });

  it('a move before any match is dealt is refused as game/not_found', async () => {
    const h = harness();
    await h.session.receive({ type: 'move', version: 0, move: { pass: true } });
    expect(h.posted).toEqual([{ type: 'rejected', code: 'game/not_found' }]);
  });
});
