import { describe, expect, it } from 'vitest';
import { acceptsView, diffViews, mergeView } from './view-merge';
import { makeView } from './test-support';

describe('merging views by version', () => {
  it('keeps the newest view whatever order views arrive in', () => {
    const v3 = makeView({ version: 3 });
    const v5 = makeView({ version: 5 });
    expect(mergeView(null, v3)).toBe(v3);
    expect(mergeView(v3, v5)).toBe(v5);
    expect(mergeView(v5, v3)).toBe(v5);
  });

  it('accepts a view of the same version and refuses another game', () => {
    const v5 = makeView({ version: 5 });
    expect(acceptsView(v5, makeView({ version: 5 }))).toBe(true);
    expect(acceptsView(v5, makeView({ version: 9, game_id: 'other' }))).toBe(false);
  });
});

describe('what changed between two views', () => {
  const base = makeView({
    version: 4,
    line: [{ tile: [6, 6], seat: 0, left: 6, right: 6 }],
    ends: { left: 6, right: 6 },
    turn_seat: 1,
  });

  it('finds the tile just played and who played it', () => {
    const next = makeView({
      version: 5,
      line: [...base.line, { tile: [4, 6], seat: 1, left: 6, right: 4 }],
      ends: { left: 6, right: 4 },
      turn_seat: 2,
    });
    expect(diffViews(base, next)).toMatchObject({ played: '4-6', playedBy: 1, passed: [] });
  });

  it('picks the latest of several tiles played while pushes were missed', () => {
    const next = makeView({
      version: 7,
      line: [
        { tile: [3, 6], seat: 2, left: 3, right: 6 },
        ...base.line,
        { tile: [4, 6], seat: 1, left: 6, right: 4 },
      ],
      turn_seat: 3,
    });
    expect(diffViews(base, next)).toMatchObject({ played: '3-6', playedBy: 2 });
  });

  it('reports new passes and the summary of a hand that just ended', () => {
    const passed = makeView({
      version: 5,
      line: base.line,
      passes: [{ seat: 1, left: 6, right: 6 }],
    });
    expect(diffViews(base, passed).passed).toEqual([1]);

    const summary = {
      hand_number: 1,
      ending: 'domino' as const,
      winner_seat: 0,
      winner_side: 0,
      voided: false,
      pips_by_seat: [0, 10, 5, 12],
      pips_by_side: [5, 22],
      base_points: 22,
      bonuses: [],
      points_by_side: [22, 0],
      scores_after: [22, 0],
      remaining: [[], [[4, 6]], [[2, 3]], [[6, 6]]] as [number, number][][],
    };
    const nextHand = makeView({ version: 9, hand_number: 2, hands_played: 1, last_hand: summary });
    expect(diffViews(base, nextHand)).toMatchObject({
      newHand: true,
      handEnded: summary,
      played: null,
    });
  });

  it('sees nothing in a stale or first view', () => {
    expect(diffViews(null, base).played).toBeNull();
    expect(diffViews(base, makeView({ version: 2 })).played).toBeNull();
  });
});
