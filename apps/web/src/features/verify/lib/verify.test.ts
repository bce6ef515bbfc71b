import { describe, expect, it } from 'vitest';
import type { FairnessRecordJson, TileJson } from '@domino/contracts';
import { commitment, dealHand } from '@domino/domino';
import { checkSeen, deriveFromSeeds, parseSeedList, verifyRecord } from './verify';

const seeds = { serverSeed: 'semilla-secreta-del-servidor', clientSeeds: ['a1', 'b2', 'c3', 'd4'] };

function record(hands = 3): FairnessRecordJson {
  return {
    game_id: 'g1',
    mode: 'parejas',
    players: 4,
    commitment: commitment(seeds.serverSeed),
    server_seed: seeds.serverSeed,
    client_seeds: seeds.clientSeeds,
    deals: Array.from({ length: hands }, (_, i) => {
      const d = dealHand(seeds, i + 1, 4);
      return {
        hand_number: i + 1,
        hands: d.hands.map((h) => h.map((t) => [t[0], t[1]] as TileJson)),
        stock: d.stock.map((t) => [t[0], t[1]] as TileJson),
      };
    }),
  };
}

describe('verifying a finished game in the browser', () => {
  it('accepts an honest record: the seed matches the commitment and every deal re-derives', () => {
    const report = verifyRecord(record());
    expect(report.commitmentOk).toBe(true);
    expect(report.hands.map((h) => h.ok)).toEqual([true, true, true]);
    expect(report.hands[0]!.hands).toHaveLength(4);
    expect(report.ok).toBe(true);
  });

  it('flags a deal that differs from the seeds', () => {
    const r = record();
    const hand = r.deals[1]!.hands[0]!;
    [hand[0], hand[1]] = [hand[1]!, hand[0]!];
    const report = verifyRecord(r);
    expect(report.hands.map((h) => h.ok)).toEqual([true, false, true]);
    expect(report.ok).toBe(false);
  });

  it('flags a server seed that does not match the published commitment', () => {
    const report = verifyRecord({ ...record(), commitment: 'f'.repeat(64) });
    expect(report.commitmentOk).toBe(false);
    expect(report.ok).toBe(false);
  });

  it('deals from pasted seeds and checks an optional commitment', () => {
    const pasted = {
      serverSeed: seeds.serverSeed,
      clientSeeds: parseSeedList('a1\nb2, c3\n\n d4 '),
      players: 4,
      handCount: 2,
    };
    expect(pasted.clientSeeds).toEqual(['a1', 'b2', 'c3', 'd4']);
    const withCommitment = deriveFromSeeds({ ...pasted, commitment: commitment(seeds.serverSeed) });
    expect(withCommitment.commitmentOk).toBe(true);
    expect(withCommitment.hands[1]!.hands).toEqual(dealHand(seeds, 2, 4).hands);
    expect(deriveFromSeeds({ ...pasted, commitment: '' }).commitmentOk).toBeNull();
    expect(deriveFromSeeds({ ...pasted, commitment: 'abc' }).commitmentOk).toBe(false);
  });
});

describe('checking what the player saw in the waiting room', () => {
  const revealed = {
    computedCommitment: commitment(seeds.serverSeed),
    clientSeeds: seeds.clientSeeds,
  };

  it('confirms the commitment seen before the start and finds the player seed with its seat', () => {
    expect(
      checkSeen(revealed, {
        commitment: ` ${commitment(seeds.serverSeed).toUpperCase()} `,
        clientSeed: ' c3 ',
      }),
    ).toEqual({ commitment: 'match', seed: { kind: 'found', seat: 2 } });
  });

  it('tells a different, malformed or missing commitment and a seed that was not dealt', () => {
    expect(checkSeen(revealed, { commitment: commitment('otra'), clientSeed: 'zz' })).toEqual({
      commitment: 'mismatch',
      seed: { kind: 'missing' },
    });
    expect(checkSeen(revealed, { commitment: 'abc', clientSeed: '' })).toEqual({
      commitment: 'malformed',
      seed: { kind: 'empty' },
    });
    expect(checkSeen(revealed, { commitment: '  ', clientSeed: 'a1' }).commitment).toBe('empty');
  });
});
