import { describe, expect, it } from 'vitest';
import {
  PRIVATE_SEAT_KEY,
  forgetPrivateSeat,
  rememberPrivateSeat,
  rememberedPrivateSeat,
} from './private-seat';

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
    setItem: (k, v) => void data.set(k, v),
  };
}

describe('the private table a player sat at, remembered by the browser', () => {
  it('gives the table back to the same player only', () => {
    const s = memoryStorage();
    rememberPrivateSeat({ userId: 7, tableId: 42 }, s);
    expect(rememberedPrivateSeat(7, s)).toBe(42);
    expect(rememberedPrivateSeat(8, s)).toBeNull();
    expect(rememberedPrivateSeat(undefined, s)).toBeNull();
    forgetPrivateSeat(s);
    expect(rememberedPrivateSeat(7, s)).toBeNull();
  });

  it('ignores what is not an entry, and works without storage', () => {
    const s = memoryStorage();
    s.setItem(PRIVATE_SEAT_KEY, '{no json');
    expect(rememberedPrivateSeat(7, s)).toBeNull();
    s.setItem(PRIVATE_SEAT_KEY, JSON.stringify({ userId: 7, tableId: -1 }));
    expect(rememberedPrivateSeat(7, s)).toBeNull();
    rememberPrivateSeat({ userId: 7, tableId: 1 }, null);
    expect(rememberedPrivateSeat(7, null)).toBeNull();
  });
});
