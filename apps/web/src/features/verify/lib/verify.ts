import type { FairnessRecordJson, TileJson } from '@domino/contracts';
import { commitment, dealHand, verifyMatch, type Deal, type Tile } from '@domino/domino';

/**
 * Re-deriving the deals of a match in the browser (docs/fairness.md) with the same
 * engine code the server uses: the server seed must hash to the published commitment, and every
 * published deal must equal the deal recomputed from the seeds.
 */

export interface HandCheck {
  handNumber: number;
  /** The recomputed deal equals the published one (tiles, order and stock). */
  ok: boolean;
  /** Recomputed hands per seat (what the page shows). */
  hands: Tile[][];
  stock: Tile[];
}

export interface VerifyReport {
  commitmentOk: boolean;
  /** hex(SHA-256(server seed)) computed here. */
  computedCommitment: string;
  hands: HandCheck[];
  /** Everything matches. */
  ok: boolean;
}

function sameTiles(a: readonly (readonly number[])[], b: readonly (readonly number[])[]): boolean {
  return a.length === b.length && a.every((t, i) => t[0] === b[i]?.[0] && t[1] === b[i]?.[1]);
}

function toDeal(d: { hands: TileJson[][]; stock: TileJson[] }): Deal {
  return { hands: d.hands, stock: d.stock };
}

/** Checks a published fairness record (GET /api/games/{id}/fairness). */
export function verifyRecord(record: FairnessRecordJson): VerifyReport {
  const seeds = { serverSeed: record.server_seed, clientSeeds: record.client_seeds };
  const computedCommitment = commitment(record.server_seed);
  const commitmentOk = computedCommitment === record.commitment.toLowerCase();
  const hands = record.deals.map((published) => {
    const derived = dealHand(seeds, published.hand_number, record.players);
    const ok =
      derived.hands.length === published.hands.length &&
      derived.hands.every((h, s) => sameTiles(h, published.hands[s] ?? [])) &&
      sameTiles(derived.stock, published.stock);
    return {
      handNumber: published.hand_number,
      ok,
      hands: derived.hands.map((h) => [...h]),
      stock: [...derived.stock],
    };
  });
  // The engine's own whole-match check, as a second opinion on consecutive hands from 1.
  const consecutive = record.deals.every((d, i) => d.hand_number === i + 1);
  const engine = consecutive
    ? verifyMatch({ ...seeds, commitment: record.commitment }, record.deals.map(toDeal)).ok
    : true;
  return {
    commitmentOk,
    computedCommitment,
    hands,
    ok: commitmentOk && engine && hands.length > 0 && hands.every((h) => h.ok),
  };
}

/** Client seeds typed or pasted one per line (or separated by commas), blanks dropped. */
export function parseSeedList(text: string): string[] {
  return text
    .split(/[\n,]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * Deals hands 1..`handCount` from pasted seeds (no published record to compare with), and checks
 * the commitment when one is given (null when not).
 */
export function deriveFromSeeds(input: {
  serverSeed: string;
  clientSeeds: string[];
  commitment: string;
  players: number;
  handCount: number;
}): { commitmentOk: boolean | null; computedCommitment: string; hands: HandCheck[] } {
  const seeds = { serverSeed: input.serverSeed, clientSeeds: input.clientSeeds };
  const computedCommitment = commitment(input.serverSeed);
  const given = input.commitment.trim().toLowerCase();
  const hands: HandCheck[] = [];
  for (let n = 1; n <= input.handCount; n++) {
    const d = dealHand(seeds, n, input.players);
    hands.push({ handNumber: n, ok: true, hands: d.hands.map((h) => [...h]), stock: [...d.stock] });
  }
  return {
    commitmentOk: given === '' ? null : given === computedCommitment,
    computedCommitment,
    hands,
  };
}

/** How a commitment the player noted in the waiting room compares with the revealed seed. */
export type SeenCommitmentCheck = 'empty' | 'malformed' | 'match' | 'mismatch';

/** Where the player's own seed is among the revealed client seeds. */
export type SeenSeedCheck =
  { kind: 'empty' } | { kind: 'found'; seat: number } | { kind: 'missing' };

/**
 * Checks what the player saw in the waiting room before the start (decision 015) against a
 * finished match: the commitment they noted must equal hex(SHA-256(revealed server seed)) — so
 * the server dealt with the seed it had committed to before any client seed was set — and their
 * own client seed must be among the seeds the deals were derived from (its seat, 0-based).
 */
export function checkSeen(
  revealed: { computedCommitment: string; clientSeeds: readonly string[] },
  seen: { commitment: string; clientSeed: string },
): { commitment: SeenCommitmentCheck; seed: SeenSeedCheck } {
  const noted = seen.commitment.trim().toLowerCase();
  const commitmentCheck: SeenCommitmentCheck =
    noted === ''
      ? 'empty'
      : !/^[0-9a-f]{64}$/.test(noted)
        ? 'malformed'
        : noted === revealed.computedCommitment
          ? 'match'
          : 'mismatch';
  const mine = seen.clientSeed.trim();
  const seat = revealed.clientSeeds.indexOf(mine);
  const seed: SeenSeedCheck =
    mine === '' ? { kind: 'empty' } : seat >= 0 ? { kind: 'found', seat } : { kind: 'missing' };
  return { commitment: commitmentCheck, seed };
}
