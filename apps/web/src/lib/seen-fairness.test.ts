import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEEN_FAIRNESS_KEY, rememberSeenFairness, seenFairness } from './seen-fairness';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

const C1 = 'a'.repeat(64);
const C2 = 'b'.repeat(64);
let storage: Storage;

beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('window', { localStorage: storage });
});
afterEach(() => vi.unstubAllGlobals());

describe("the browser's note of what the waiting room showed", () => {
  it('keeps the first commitment seen for a game and only fills in a missing seed', () => {
    rememberSeenFairness({ gameId: 'g1', userId: 7, commitment: C1, clientSeed: null });
    rememberSeenFairness({ gameId: 'g1', userId: 7, commitment: C2, clientSeed: 'mi-semilla' });
    rememberSeenFairness({ gameId: 'g1', userId: 7, commitment: C2, clientSeed: 'otra' });
    expect(seenFairness('g1', 7)).toMatchObject({ commitment: C1, clientSeed: 'mi-semilla' });
  });

  it("never shows one player's note to another, nor to nobody", () => {
    rememberSeenFairness({ gameId: 'g1', userId: 7, commitment: C1, clientSeed: 'x' });
    expect(seenFairness('g1', 8)).toBeNull();
    expect(seenFairness('g1', undefined)).toBeNull();
    expect(seenFairness('g2', 7)).toBeNull();
  });

  it('keeps the 30 newest games and survives a corrupt or missing store', () => {
    for (let i = 0; i < 35; i++)
      rememberSeenFairness({ gameId: `g${i}`, userId: 1, commitment: C1, clientSeed: null });
    expect(JSON.parse(storage.getItem(SEEN_FAIRNESS_KEY)!)).toHaveLength(30);
    expect(seenFairness('g34', 1)).not.toBeNull();
    expect(seenFairness('g0', 1)).toBeNull();
    storage.setItem(SEEN_FAIRNESS_KEY, '{not json');
    expect(seenFairness('g34', 1)).toBeNull();
    vi.stubGlobal('window', undefined);
    expect(() =>
      rememberSeenFairness({ gameId: 'g', userId: 1, commitment: C1, clientSeed: null }),
    ).not.toThrow();
  });
});
