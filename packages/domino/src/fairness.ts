/**
 * Provably fair dealing (docs/fairness.md). The exact algorithm, with known-answer vectors, is written
 * down in docs/fairness.md; this file is its reference implementation.
 *
 * - commitment = hex(SHA-256(utf8(serverSeed))), published when the match starts.
 * - Hand n (1-based) shuffles the 28 tiles in canonical order with Fisher-Yates, i = 27 down to 1,
 *   j uniform in [0, i], swap(i, j). Draws read 4-byte big-endian words from the stream
 *   HMAC-SHA256(key = utf8(serverSeed), msg = utf8(clientSeeds.join(':') + ':' + n + ':' + c))
 *   for c = 0, 1, 2, ... (32 bytes per block, 8 words per block, words never straddle blocks).
 * - A word x is accepted for range r when x < floor(2^32 / r) * r, giving j = x mod r; otherwise
 *   it is discarded and the next word is read (rejection sampling: no modulo bias).
 * - Seat s receives shuffled tiles [7s, 7s + 7); the rest, in order, is the stock.
 */
import { HAND_SIZE } from './config';
import { hmacSha256Keyed, sha256, toHex, utf8Encode } from './sha256';
import { ALL_TILES, TILE_COUNT, sameTile, type Tile } from './tiles';

/** The seeds that drive every deal of a match. */
export interface FairnessSeeds {
  /** Secret until the match ends; never part of a player view before that. */
  readonly serverSeed: string;
  /** One per seat, in seat order. */
  readonly clientSeeds: readonly string[];
}

/** Seeds after the match, as published: the commitment made at the start plus both seeds. */
export interface RevealedFairness extends FairnessSeeds {
  /** hex(SHA-256(utf8(serverSeed))), 64 lower-case hex characters. */
  readonly commitment: string;
}

/** The tiles each seat received (`hands[seat]`, in dealing order) and the stock, in order. */
export interface Deal {
  readonly hands: readonly (readonly Tile[])[];
  readonly stock: readonly Tile[];
}

/** Result of a verification; `reason` is a namespaced code. */
export type FairnessCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly reason: 'fairness/commitment_mismatch' | 'fairness/deal_mismatch';
      /** 1-based hand whose deal differs (deal mismatches only). */
      readonly handNumber?: number;
    };

/** The public commitment to a server seed: hex(SHA-256(utf8(serverSeed))) (docs/fairness.md). */
export function commitment(serverSeed: string): string {
  return toHex(sha256(utf8Encode(serverSeed)));
}

const TWO_POW_32 = 0x100000000;

/**
 * Uniform integer in [0, range) from unsigned 32-bit words: a word x is accepted when
 * x < floor(2^32 / range) * range and gives x mod range; otherwise the next word is read.
 */
export function uniformInt(range: number, nextWord: () => number): number {
  const limit = Math.floor(TWO_POW_32 / range) * range;
  let x = nextWord();
  while (x >= limit) x = nextWord();
  return x % range;
}

/**
 * The 28 tiles in the shuffled order of hand `handNumber` (1-based integer), per the algorithm at
 * the top of this file. Throws RangeError for a hand number that is not a positive safe integer.
 */
export function shuffleForHand(seeds: FairnessSeeds, handNumber: number): Tile[] {
  if (!Number.isSafeInteger(handNumber) || handNumber < 1)
    throw new RangeError(`hand number must be a positive integer, got ${handNumber}`);
  const mac = hmacSha256Keyed(utf8Encode(seeds.serverSeed));
  const prefix = `${seeds.clientSeeds.join(':')}:${handNumber}:`;
  let counter = 0;
  let block: Uint8Array = new Uint8Array(0);
  let pos = 0;
  const nextWord = (): number => {
    if (pos >= block.length) {
      block = mac(utf8Encode(prefix + counter));
      counter++;
      pos = 0;
    }
    const w =
      (((block[pos] as number) << 24) |
        ((block[pos + 1] as number) << 16) |
        ((block[pos + 2] as number) << 8) |
        (block[pos + 3] as number)) >>>
      0;
    pos += 4;
    return w;
  };
  const tiles = ALL_TILES.slice();
  for (let i = TILE_COUNT - 1; i >= 1; i--) {
    const j = uniformInt(i + 1, nextWord);
    const tmp = tiles[i] as Tile;
    tiles[i] = tiles[j] as Tile;
    tiles[j] = tmp;
  }
  return tiles;
}

/**
 * Deals hand `handNumber` (1-based) for `players` seats (2..4): seat s gets shuffled tiles
 * [7s, 7s + 7), the remaining tiles are the stock in order (empty with 4 players). docs/rules.md.
 */
export function dealHand(seeds: FairnessSeeds, handNumber: number, players: number): Deal {
  if (!Number.isInteger(players) || players < 2 || players > 4)
    throw new RangeError(`players must be 2, 3 or 4, got ${players}`);
  const tiles = shuffleForHand(seeds, handNumber);
  const hands: Tile[][] = [];
  for (let s = 0; s < players; s++) hands.push(tiles.slice(s * HAND_SIZE, (s + 1) * HAND_SIZE));
  return { hands, stock: tiles.slice(players * HAND_SIZE) };
}

function sameTiles(a: readonly Tile[], b: readonly Tile[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameTile(a[i] as Tile, b[i] as Tile)) return false;
  return true;
}

function sameDeal(a: Deal, b: Deal): boolean {
  if (a.hands.length !== b.hands.length || !sameTiles(a.stock, b.stock)) return false;
  for (let s = 0; s < a.hands.length; s++)
    if (!sameTiles(a.hands[s] as Tile[], b.hands[s] as Tile[])) return false;
  return true;
}

/**
 * Checks one published deal: the server seed matches the commitment, and re-dealing hand
 * `handNumber` for `claimed.hands.length` seats gives exactly `claimed` (same tiles, same order).
 */
export function verifyDeal(
  revealed: RevealedFairness,
  handNumber: number,
  claimed: Deal,
): FairnessCheck {
  return verifyMatch(revealed, [claimed], handNumber);
}

/**
 * Checks every deal of a finished match: `deals[i]` is the published deal of hand
 * `firstHand + i` (default 1). Fails on the first mismatch with its hand number.
 */
export function verifyMatch(
  revealed: RevealedFairness,
  deals: readonly Deal[],
  firstHand = 1,
): FairnessCheck {
  if (commitment(revealed.serverSeed) !== revealed.commitment.toLowerCase())
    return { ok: false, reason: 'fairness/commitment_mismatch' };
  for (let i = 0; i < deals.length; i++) {
    const claimed = deals[i] as Deal;
    const handNumber = firstHand + i;
    if (claimed.hands.length < 2 || claimed.hands.length > 4)
      return { ok: false, reason: 'fairness/deal_mismatch', handNumber };
    const actual = dealHand(revealed, handNumber, claimed.hands.length);
    if (!sameDeal(actual, claimed))
      return { ok: false, reason: 'fairness/deal_mismatch', handNumber };
  }
  return { ok: true };
}
