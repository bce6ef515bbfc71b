import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './config';
import { verifyMatch } from './fairness';
import { startMatch } from './match';
import { mulberry32, playRandomMatch, visibleTiles } from './test-support';
import { tileId } from './tiles';
import { fairnessRecord, playerView } from './view';

const seeds = { serverSeed: 'view-seed', clientSeeds: ['a', 'b', 'c', 'd'] };

describe('player view', () => {
  it('shows a seat its own tiles, only counts for the others, and hides the server seed', () => {
    const state = startMatch(DEFAULT_CONFIG, seeds);
    const view = playerView(state, 1);
    expect(view.hand).toEqual(state.hand.hands[1]);
    expect(view.tileCounts).toEqual([7, 7, 7, 7]);
    expect(view.fairness).toEqual({
      commitment: state.fairness.commitment,
      clientSeeds: seeds.clientSeeds,
      serverSeed: null,
    });
    expect(JSON.stringify(view)).not.toContain('view-seed');
    const visible = visibleTiles(view).map(tileId);
    for (const seat of [0, 2, 3]) {
      for (const tile of state.hand.hands[seat]!) expect(visible).not.toContain(tileId(tile));
    }
    expect(visible.length).toBeGreaterThanOrEqual(7);
    expect(view.legalMoves).toEqual(state.hand.turn === 1 ? view.legalMoves : []);
  });

  it('reveals the server seed and every deal once the match is finished, and they verify', () => {
    const { state } = playRandomMatch(DEFAULT_CONFIG, seeds, mulberry32(3));
    expect(playerView(state, 2).fairness.serverSeed).toBe('view-seed');
    expect(playerView(state, 2).result).toEqual(state.result);
    const record = fairnessRecord(state);
    expect(record).not.toBeNull();
    expect(record!.deals).toHaveLength(state.history.length);
    expect(verifyMatch(record!.fairness, record!.deals)).toEqual({ ok: true });
    expect(fairnessRecord(startMatch(DEFAULT_CONFIG, seeds))).toBeNull();
  });
});
