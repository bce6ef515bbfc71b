import { describe, expect, it } from 'vitest';
import { chooseMove, createRng } from './bots';
import { DEFAULT_CONFIG } from './config';
import {
  DEFAULT_INTEGRITY_OPTIONS,
  HAND_SHARING_MIN_HANDS,
  HAND_SHARING_Z,
  scoreDecision,
  scoreMatchHands,
  sharingFlagged,
  sharingMove,
  sharingStatistic,
  type IntegrityOptions,
  type SharingHand,
} from './integrity';
import { applyMove, startMatch } from './match';
import type { Seat } from './tiles';
import type { MatchState, Move, SeatedMove } from './types';
import { playerView } from './view';

/** Light effort so the tests stay quick; the signal does not depend on it. */
const EFFORT: IntegrityOptions = {
  ...DEFAULT_INTEGRITY_OPTIONS,
  samples: 6,
  nodeBudget: 4_000,
  candidates: 48,
};

/**
 * A parejas match: the pair at seats 0+2 either knows each other's tiles (`sharing`) or plays the
 * Medio bot from its own view; Medio plays seats 1+3. Deterministic for a seed.
 */
function playMatch(seed: string, sharing: boolean) {
  const fairness = { serverSeed: `integrity-${seed}`, clientSeeds: ['a', 'b', 'c', 'd'] };
  let state: MatchState = startMatch(DEFAULT_CONFIG, fairness);
  const moves: SeatedMove[] = [];
  while (state.status === 'playing') {
    const seat = state.hand.turn as Seat;
    const view = playerView(state, seat);
    const rng = createRng(`${seed}-${moves.length}`);
    const move: Move =
      sharing && seat % 2 === 0
        ? sharingMove(view, state.hand.hands[(seat + 2) % 4] ?? [], rng)
        : chooseMove(view, 'medio', rng);
    const result = applyMove(state, seat, move);
    if (!result.ok) throw new Error(result.code);
    moves.push({ seat, move });
    state = result.state;
  }
  return { fairness, moves };
}

function scoreOf(matches: ReturnType<typeof playMatch>[]) {
  const hands: SharingHand[] = matches.flatMap((m, i) =>
    scoreMatchHands(DEFAULT_CONFIG, m.fairness, m.moves, 0, `score-${i}`, EFFORT),
  );
  return {
    hands,
    stat: sharingStatistic(hands.map((h) => ({ score: h.score, decisions: h.decisions.length }))),
  };
}
describe('hand-sharing score', () => {
  const seeds = Array.from({ length: 12 }, (_, i) => String(i + 1));
  const honest = scoreOf(seeds.slice(0, 8).map((s) => playMatch(s, false)));
  // The sharing pair plays with the default search; the score stays light.
  const sharing = scoreOf(seeds.map((s) => playMatch(s, true)));

  it('scores partners who know each other’s tiles higher than honest ones on fixed seeds', () => {
    expect(honest.stat.hands).toBeGreaterThanOrEqual(HAND_SHARING_MIN_HANDS);
    expect(sharing.stat.hands).toBeGreaterThanOrEqual(HAND_SHARING_MIN_HANDS);
    expect(sharing.stat.meanGain).toBeGreaterThan(honest.stat.meanGain + 1);
    expect(sharing.stat.z).toBeGreaterThan(honest.stat.z);
    expect(sharingFlagged(sharing.stat)).toBe(true);
    expect(sharingFlagged(honest.stat)).toBe(false);
    expect(honest.stat.z).toBeLessThan(HAND_SHARING_Z);
  });

  it("tells sharing from honest play with Difícil's reading of the plays too ('plays'), on other valuations", () => {
    const plays: IntegrityOptions = { ...EFFORT, reading: 'plays' };
    const score = (matches: ReturnType<typeof playMatch>[]) =>
      sharingStatistic(
        matches
          .flatMap((m, i) =>
            scoreMatchHands(DEFAULT_CONFIG, m.fairness, m.moves, 0, `score-${i}`, plays),
          )
          .map((h) => ({ score: h.score, decisions: h.decisions.length })),
      );
    const honestMatches = seeds.slice(0, 4).map((s) => playMatch(s, false));
    const h = score(honestMatches);
    const x = score(seeds.slice(0, 4).map((s) => playMatch(s, true)));
    expect(x.meanGain).toBeGreaterThan(h.meanGain + 1);
    expect(x.z).toBeGreaterThan(h.z);
    // The detector reads as Experto by default; the reading changes the valuations: the same
    // decisions, other values.
    expect(DEFAULT_INTEGRITY_OPTIONS.reading).toBe('experto');
    const m = honestMatches[0]!;
    const byPlays = scoreMatchHands(DEFAULT_CONFIG, m.fairness, m.moves, 0, 'r', plays);
    const byExperto = scoreMatchHands(DEFAULT_CONFIG, m.fairness, m.moves, 0, 'r', EFFORT);
    expect(byExperto.map((r) => r.decisions.map((d) => d.index))).toEqual(
      byPlays.map((r) => r.decisions.map((d) => d.index)),
    );
    expect(byExperto.map((r) => r.score)).not.toEqual(byPlays.map((r) => r.score));
  });

  it('keeps every hand of the match, with decisions that had a real choice only', () => {
    for (const h of honest.hands) {
      for (const d of h.decisions) {
        expect(d.seat % 2).toBe(0);
        expect(d.values.length).toBeGreaterThan(1);
        expect(d.partnerHand.length).toBeGreaterThan(0);
      }
    }
    expect(honest.hands.some((h) => h.decisions.length > 0)).toBe(true);
  });

  it('is deterministic for a seed', () => {
    const m = playMatch('1', true);
    const a = scoreMatchHands(DEFAULT_CONFIG, m.fairness, m.moves, 0, 'again', EFFORT);
    const b = scoreMatchHands(DEFAULT_CONFIG, m.fairness, m.moves, 0, 'again', EFFORT);
    expect(a).toEqual(b);
  });

  it('leaves out the moves the CPU made for an absent player', () => {
    const m = playMatch('2', false);
    const logged = m.moves.map((x) => ({ ...x, actor: 'autoplay' as const }));
    const hands = scoreMatchHands(DEFAULT_CONFIG, m.fairness, logged, 0, 's', EFFORT);
    expect(hands.every((h) => h.decisions.length === 0)).toBe(true);
  });

  it('refuses individual mode and a move that is not legal', () => {
    const individual = { ...DEFAULT_CONFIG, mode: 'individual' as const };
    const fairness = { serverSeed: 'x', clientSeeds: ['a', 'b', 'c', 'd'] };
    expect(() => scoreMatchHands(individual, fairness, [], 0, 's')).toThrow(RangeError);
    const state = startMatch(DEFAULT_CONFIG, fairness);
    const seat = state.hand.turn as Seat;
    const view = playerView(state, seat);
    const bogus = { kind: 'play' as const, tile: [0, 1] as const, end: 'left' as const };
    const holds = view.hand.some((t) => t[0] === 0 && t[1] === 1);
    if (!holds)
      expect(() =>
        scoreDecision(view, state.hand.hands[(seat + 2) % 4] ?? [], bogus, 0, 's'),
      ).toThrow(RangeError);
  });

  it('computes z = ΣD / sqrt(ΣD²) and flags only from the minimum of hands', () => {
    const stat = sharingStatistic([
      { score: 3, decisions: 2 },
      { score: 4, decisions: 1 },
    ]);
    expect(stat).toMatchObject({ hands: 2, decisions: 3, sum: 7, sumSquares: 25 });
    expect(stat.z).toBeCloseTo(7 / 5, 10);
    expect(stat.meanGain).toBeCloseTo(7 / 3, 10);
    expect(sharingFlagged({ ...stat, z: 10 })).toBe(false);
    expect(sharingFlagged({ ...stat, z: 10, hands: HAND_SHARING_MIN_HANDS })).toBe(true);
    expect(sharingStatistic([]).z).toBe(0);
  });
});
