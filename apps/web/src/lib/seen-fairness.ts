import { z } from 'zod';

/**
 * What this browser saw in a table's waiting room before a real-money match started (decision
 * 015): the commitment to the server seed and the player's own client seed, kept per game so
 * that /verificar can compare them with what the server reveals at the end. The player's own
 * copy is the point: the server cannot change what the browser wrote down. Written by the
 * waiting room (tables feature), read by /verificar (verify feature). It holds no personal data
 * and survives logout on purpose (it is the player's evidence); the newest MAX_ENTRIES are kept.
 */

export const SEEN_FAIRNESS_KEY = 'fairness_seen';
const MAX_ENTRIES = 30;

const entrySchema = z.object({
  gameId: z.string().min(1),
  /** Who sat in the waiting room (a shared browser may hold several players' entries). */
  userId: z.number().int(),
  /** 64 hex characters, as shown in the waiting room. */
  commitment: z.string(),
  /** The player's own client seed when the match started; null when it could not be read. */
  clientSeed: z.string().nullable(),
  /** ms since the epoch. */
  savedAt: z.number(),
});
export type SeenFairness = z.infer<typeof entrySchema>;

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readAll(): SeenFairness[] {
  try {
    const raw = store()?.getItem(SEEN_FAIRNESS_KEY);
    if (!raw) return [];
    const parsed = z.array(entrySchema).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * Remembers what the waiting room showed for `entry.gameId`. The first record of a game wins: a
 * later (possibly different) commitment never overwrites what the player saw before the start;
 * only a client seed missing from the first record is filled in.
 */
export function rememberSeenFairness(entry: Omit<SeenFairness, 'savedAt'>): void {
  const all = readAll();
  const existing = all.find((e) => e.gameId === entry.gameId && e.userId === entry.userId);
  if (existing) {
    if (existing.clientSeed !== null || entry.clientSeed === null) return;
    existing.clientSeed = entry.clientSeed;
  } else {
    all.unshift({ ...entry, savedAt: Date.now() });
  }
  try {
    store()?.setItem(SEEN_FAIRNESS_KEY, JSON.stringify(all.slice(0, MAX_ENTRIES)));
  } catch {
    // Storage full or unavailable: the player can still paste what they noted down.
  }
}

/** What this browser saw for `gameId` as `userId`, or null. */
export function seenFairness(gameId: string, userId: number | undefined): SeenFairness | null {
  if (userId === undefined) return null;
  return readAll().find((e) => e.gameId === gameId && e.userId === userId) ?? null;
}
