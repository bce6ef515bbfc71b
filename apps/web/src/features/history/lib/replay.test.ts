import { SCORING_EVENTS, configToRules } from '@domino/contracts';
import { describe, expect, it } from 'vitest';
import {
  BONUS_SWITCHES,
  DEFAULT_CONFIG,
  applyMove,
  legalMoves,
  startMatch,
  type MatchState,
  type Move,
  type TableConfig,
} from '@domino/domino';
import {
  buildReplay,
  clampStep,
  handStarts,
  jumpHand,
  replayPosition,
  replayScores,
  replaySideLabel,
  replayStock,
  toEngineMove,
  type ReplayResponse,
} from './replay';

/** Plays a whole match choosing each seat's first legal move; returns the recorded moves. */
function playOut(config: TableConfig, serverSeed: string, clientSeeds: string[]) {
  let state: MatchState = startMatch(config, { serverSeed, clientSeeds });
  const moves: ReplayResponse['moves'] = [];
  let seq = 0;
  while (state.status === 'playing' && seq < 2000) {
    const seat = state.hand.turn as number;
    const move = legalMoves(state, seat as 0)[0] as Move;
    const result = applyMove(state, seat as 0, move);
    if (!result.ok) throw new Error(result.code);
    seq += 1;
    moves.push({
      seq,
      seat,
      move: JSON.parse(JSON.stringify(move)) as Record<string, unknown>,
      actor: 'player',
    });
    state = result.state;
  }
  return { moves, final: state };
}

function response(config: TableConfig, moves: ReplayResponse['moves']): ReplayResponse {
  return {
    game_id: 'g1',
    my_seat: 0,
    config: JSON.parse(JSON.stringify(config)) as Record<string, unknown>,
    rules: configToRules(config),
    fairness: { commitment: 'x', server_seed: 'seed-1', client_seeds: ['a', 'b', 'c', 'd'] },
    seats: [
      { seat: 0, name: 'Ana' },
      { seat: 1, name: 'Beto' },
      { seat: 2, name: 'Carla' },
      { seat: 3, name: 'Dani' },
    ],
    moves,
  };
}

describe('buildReplay', () => {
  it('announces every bonus of every kind, when earned or at the hand end', () => {
    const bonuses = Object.fromEntries(Object.values(BONUS_SWITCHES).map((s) => [s, true]));
    const withBonuses = { ...DEFAULT_CONFIG, bonuses } as TableConfig;
    const kinds = Object.keys(BONUS_SWITCHES);
    // The first match (by seed) of first legal moves where every kind is earned at least once.
    const played = Array.from({ length: 60 }, (_, i) =>
      playOut(withBonuses, 'seed-1', [`b${i}`, 'b', 'c', 'd']),
    ).find(({ final }) =>
      kinds.every((k) => final.history.some((h) => h.bonuses.some((b) => b.kind === k))),
    );
    expect(played).toBeDefined();
    const { moves: bonusMoves, final } = played!;
    const seeds = { ...response(withBonuses, bonusMoves) };
    seeds.fairness = { ...seeds.fairness, client_seeds: final.fairness.clientSeeds.slice() };
    const r = buildReplay(seeds);
    expect(r.error).toBeNull();
    const labels = r.frames.map((f) => f.label).join('\n');
    const names = ['Ana', 'Beto', 'Carla', 'Dani'];
    for (const hand of final.history)
      for (const b of hand.bonuses)
        expect(labels).toContain(SCORING_EVENTS[b.kind].announce(names[b.seat]!, b.points));
  });

  const config: TableConfig = { ...DEFAULT_CONFIG };
  const { moves, final } = playOut(config, 'seed-1', ['a', 'b', 'c', 'd']);
  const replay = buildReplay(response(config, moves));

  it('reaches the same final scores as the live match', () => {
    const last = replay.frames[replay.frames.length - 1]!;
    expect(replay.error).toBeNull();
    expect(last.kind).toBe('hand_end');
    expect(last.matchOver).toBe(true);
    expect(last.scores).toEqual(final.scores);
    expect(last.label).toContain('Fin de la partida');
  });

  it('starts every hand with a deal of 28 tiles face up and an empty line', () => {
    const starts = handStarts(replay.frames);
    expect(starts.length).toBe(final.history.length);
    for (const i of starts) {
      const f = replay.frames[i]!;
      expect(f.line).toEqual([]);
      expect(f.hands.flat().length).toBe(28);
    }
    expect(replay.frames[0]!.label).toMatch(/^Mano 1: reparto\. Sale \w+ con el 6-6$/);
  });

  it('keeps every tile either in a hand or on the line, one play at a time', () => {
    for (const f of replay.frames) {
      if (f.kind === 'hand_end') continue;
      expect(f.hands.flat().length + f.line.length).toBe(28);
    }
    const plays = replay.frames.filter((f) => f.kind === 'play');
    expect(plays.length).toBe(moves.filter((m) => m.move.kind === 'play').length);
    expect(plays[0]!.label).toMatch(/juega el 6-6 \(sale\)$/);
  });

  it('keeps the opening tile as the anchor of the line', () => {
    for (const f of replay.frames) {
      if (f.kind !== 'play') continue;
      const firstOfHand = replay.frames.find(
        (g) => g.handNumber === f.handNumber && g.kind === 'play',
      )!;
      expect(f.line[f.anchor]!.tile).toEqual(firstOfHand.tile);
    }
  });

  it('shows automatic passes as their own frames', () => {
    const passes = replay.frames.filter((f) => f.kind === 'pass');
    for (const p of passes) expect(p.label).toMatch(/ pasa/);
    // Seats with nothing to play pass automatically; a first-legal-move match always has some.
    expect(passes.length).toBeGreaterThan(0);
  });

  it('stops at a move the engine rejects and says so', () => {
    const broken = [...moves.slice(0, 3), { ...moves[3]!, seat: (moves[3]!.seat + 1) % 4 }];
    const r = buildReplay(response(config, broken));
    expect(r.error).toContain('La jugada 4');
    expect(r.frames.length).toBeGreaterThan(1);
  });
});

describe('replay stepping', () => {
  it('clamps steps into the frames', () => {
    expect(clampStep(-3, 10)).toBe(0);
    expect(clampStep(12, 10)).toBe(9);
    expect(clampStep(4, 10)).toBe(4);
    expect(clampStep(4, 0)).toBe(0);
  });

  it('jumps to the next and previous hand starts', () => {
    const kinds = ['deal', 'play', 'play', 'hand_end', 'deal', 'play', 'hand_end'] as const;
    const frames = kinds.map((kind) => ({ kind })) as unknown as Parameters<typeof jumpHand>[0];
    expect(jumpHand(frames, 1, 1)).toBe(4);
    expect(jumpHand(frames, 5, 1)).toBe(6);
    expect(jumpHand(frames, 5, -1)).toBe(4);
    expect(jumpHand(frames, 4, -1)).toBe(0);
  });

  it('reads recorded moves as engine moves and rejects malformed ones', () => {
    expect(toEngineMove({ kind: 'play', tile: [6, 6], end: 'left' })).toEqual({
      kind: 'play',
      tile: [6, 6],
      end: 'left',
    });
    expect(toEngineMove({ kind: 'pass' })).toEqual({ kind: 'pass' });
    expect(toEngineMove({ kind: 'play', tile: [6], end: 'left' })).toBeNull();
    expect(toEngineMove({ kind: 'jump' })).toBeNull();
  });
});

describe('replays of individual tables', () => {
  const config: TableConfig = { ...DEFAULT_CONFIG, mode: 'individual', players: 3 };
  const seeds = ['a', 'b', 'c'];
  const { moves, final } = playOut(config, 'seed-3', seeds);
  const replay = buildReplay({
    game_id: 'g3',
    my_seat: 0,
    config: JSON.parse(JSON.stringify(config)) as Record<string, unknown>,
    rules: configToRules(config),
    fairness: { commitment: 'x', server_seed: 'seed-3', client_seeds: seeds },
    seats: [
      { seat: 0, name: 'Ana' },
      { seat: 1, name: 'Beto' },
      { seat: 2, name: 'Carla' },
    ],
    moves,
  });

  it('rebuilds a 3-player match with draws, the stock shrinking and scores per player', () => {
    expect(replay.error).toBeNull();
    const last = replay.frames[replay.frames.length - 1]!;
    expect(last.scores).toEqual(final.scores);
    expect(last.scores).toHaveLength(3);
    const draws = replay.frames.filter((f) => f.kind === 'draw');
    expect(draws.length).toBe(moves.filter((m) => m.move.kind === 'draw').length);
    expect(draws.length).toBeGreaterThan(0);
    expect(draws[0]!.label).toMatch(/ roba del pozo$/);
    expect(replay.frames[0]!.stockCount).toBe(7);
    expect(replayStock(replay.config, replay.frames[0]!)).toBe(7);
    const afterDraw = replay.frames.indexOf(draws[0]!);
    expect(replay.frames[afterDraw]!.stockCount).toBe(replay.frames[afterDraw - 1]!.stockCount - 1);
  });

  it('names each player instead of pairs and highlights the viewer', () => {
    expect(replayScores(replay, [10, 30, 5], 1)).toEqual([
      { side: 0, label: 'Ana', score: 10, highlight: false },
      { side: 1, label: 'Beto', score: 30, highlight: true },
      { side: 2, label: 'Carla', score: 5, highlight: false },
    ]);
    expect(replaySideLabel(replay, 2)).toBe('Carla');
    const pairs = { config: { ...DEFAULT_CONFIG }, names: ['Ana', 'Beto', 'Carla', 'Dani'] };
    expect(replayScores(pairs, [40, 20], 3).map((s) => [s.label, s.highlight])).toEqual([
      ['Pareja A', true],
      ['Pareja B', false],
    ]);
    expect(replayStock(pairs.config, { stockCount: 0 })).toBeNull();
  });

  it('draws the viewer at the bottom and the rivals in order of play', () => {
    expect([0, 1, 2].map((s) => replayPosition(s, 3, 1))).toEqual(['left', 'bottom', 'right']);
    expect([0, 1].map((s) => replayPosition(s, 2, 0))).toEqual(['bottom', 'top']);
    expect([0, 1, 2, 3].map((s) => replayPosition(s, 4, 0))).toEqual([
      'bottom',
      'right',
      'top',
      'left',
    ]);
  });
});
