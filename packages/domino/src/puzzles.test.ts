import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './config';
import {
  DEFAULT_PUZZLE_CHECK,
  distinctMoves,
  emptyFigures,
  evaluatePosition,
  isCandidate,
  isPuzzleAnswer,
  matchPositions,
  minePositions,
  puzzleDifficulty,
  puzzleId,
  sameEffect,
  selfPlayMatch,
  verifyPuzzle,
  type PlayMove,
  type PuzzleCheck,
  type PuzzlePosition,
} from './puzzles';
import { applyMove, startMatch } from './match';
import type { MatchState } from './types';

/** A lighter search than the defaults: the same code path, a fraction of the time. */
const LIGHT: PuzzleCheck = {
  ...DEFAULT_PUZZLE_CHECK,
  seeds: ['a', 'b'],
  samples: [8, 16],
  dificil: { nodeBudget: 20_000, candidates: 100 },
};

const play = (a: number, b: number, end: 'left' | 'right'): PlayMove => ({
  kind: 'play',
  tile: [a, b],
  end,
});

describe('puzzle positions', () => {
  const match = selfPlayMatch(DEFAULT_CONFIG, 0);
  const sources = matchPositions(DEFAULT_CONFIG, match.fairness, match.moves, null);

  it('replays a self-play match and keeps every non-forced decision of every seat', () => {
    expect(sources.length).toBeGreaterThan(20);
    expect(new Set(sources.map((s) => s.position.seat)).size).toBe(4);
    for (const s of sources)
      expect(distinctMoves(s.position.legalMoves, s.position.ends).length).toBeGreaterThan(1);
  });

  it('holds only the seat view: its own tiles, and the counts of the others', () => {
    let state: MatchState = startMatch(DEFAULT_CONFIG, match.fairness);
    const byIndex = new Map(sources.map((s) => [s.index, s.position]));
    match.moves.forEach((m, index) => {
      const position = byIndex.get(index);
      if (position) {
        expect(position.hand).toEqual(state.hand.hands[m.seat]);
        expect(position.tileCounts).toEqual(state.hand.hands.map((h) => h.length));
        const json = JSON.stringify(position);
        expect(json).not.toContain('hands');
        expect(json).not.toContain('dealt');
        expect(json).not.toContain('serverSeed');
        expect(Object.keys(position).sort()).toEqual(
          [
            'config',
            'ends',
            'hand',
            'handNumber',
            'leader',
            'legalMoves',
            'line',
            'passes',
            'pendingBonuses',
            'scores',
            'seat',
            'stockCount',
            'tileCounts',
          ].sort(),
        );
      }
      const r = applyMove(state, m.seat, m.move);
      if (!r.ok) throw new Error(r.code);
      state = r.state;
    });
  });

  it('gives a position the same id every time and another position another id', () => {
    const a = sources[0]!;
    const b = sources[1]!;
    expect(puzzleId(a.position)).toMatch(/^[0-9a-f]{16}$/);
    expect(puzzleId(a.position)).toBe(puzzleId(structuredClone(a.position)));
    expect(puzzleId(a.position)).not.toBe(puzzleId(b.position));
  });

  it('evaluates a position from the position only: the same seed gives the same values', () => {
    const position = (sources[5] as { position: PuzzlePosition }).position;
    const first = evaluatePosition(position, 's', LIGHT.dificil);
    expect(evaluatePosition(structuredClone(position), 's', LIGHT.dificil)).toEqual(first);
    expect(first.length).toBe(distinctMoves(position.legalMoves, position.ends).length);
    for (let i = 1; i < first.length; i++)
      expect(first[i - 1]!.value).toBeGreaterThanOrEqual(first[i]!.value);
  });
});

describe('moves with the same effect', () => {
  it('treats a tile played on either of two equal ends as one move', () => {
    const ends = { left: 3, right: 3 };
    expect(sameEffect(play(3, 5, 'left'), play(3, 5, 'right'), ends)).toBe(true);
    expect(sameEffect(play(3, 5, 'left'), play(3, 6, 'left'), ends)).toBe(false);
    expect(sameEffect(play(3, 5, 'left'), play(3, 5, 'right'), { left: 3, right: 5 })).toBe(false);
    expect(
      distinctMoves([play(3, 5, 'left'), play(3, 5, 'right'), play(3, 1, 'left')], ends),
    ).toHaveLength(2);
  });
});

describe('candidates, verification and difficulty', () => {
  it('takes as candidate only a lead of the candidate margin or more', () => {
    const v = (a: number, b: number) => [
      { move: play(1, 2, 'left'), value: a },
      { move: play(2, 2, 'left'), value: b },
    ];
    expect(isCandidate(v(15, 5), LIGHT)).toBe(true);
    expect(isCandidate(v(14.9, 5), LIGHT)).toBe(false);
    expect(isCandidate(v(15, 5).slice(0, 1), LIGHT)).toBe(false);
  });

  it('classifies by margin and breadth', () => {
    expect(puzzleDifficulty(25, 2, 3)).toBe('facil');
    expect(puzzleDifficulty(25, 3, 5)).toBe('media');
    expect(puzzleDifficulty(15, 2, 3)).toBe('media');
    expect(puzzleDifficulty(12, 4, 3)).toBe('dificil');
    expect(puzzleDifficulty(8, 2, 2)).toBe('dificil');
  });

  it('mines verified puzzles whose best move stays best in every run', () => {
    const { fairness, moves } = selfPlayMatch(DEFAULT_CONFIG, 1);
    const sources = matchPositions(DEFAULT_CONFIG, fairness, moves, null).slice(0, 60);
    const figures = emptyFigures();
    const puzzles = minePositions(sources, 'test', LIGHT, figures);
    expect(figures.positions).toBe(sources.length);
    expect(figures.candidates).toBe(figures.verified + figures.unstable + figures.narrow);
    expect(puzzles.length).toBe(figures.verified);
    expect(puzzles.length).toBeGreaterThan(0);
    for (const p of puzzles) {
      expect(p.margin).toBeGreaterThanOrEqual(LIGHT.verifyMargin);
      expect(isPuzzleAnswer(p, p.best)).toBe(true);
      expect(p.values[0]!.move).toEqual(p.best);
      for (const other of p.values.slice(1)) expect(isPuzzleAnswer(p, other.move)).toBe(false);
      // Verification is deterministic: again, the same puzzle.
      const again = verifyPuzzle(p.position, LIGHT);
      expect(again).toEqual({ verified: true, puzzle: p });
    }
  });

  it('refuses a position whose best move is not clearly best', () => {
    // An impossible margin: nothing verifies, every candidate is refused as narrow or unstable.
    const { fairness, moves } = selfPlayMatch(DEFAULT_CONFIG, 2);
    const sources = matchPositions(DEFAULT_CONFIG, fairness, moves, null).slice(0, 20);
    const figures = emptyFigures();
    const strict = { ...LIGHT, candidateMargin: 0, verifyMargin: 1_000 };
    expect(minePositions(sources, 'x', strict, figures)).toEqual([]);
    expect(figures.candidates).toBe(sources.length);
    expect(figures.narrow + figures.unstable).toBe(sources.length);
  });
});
