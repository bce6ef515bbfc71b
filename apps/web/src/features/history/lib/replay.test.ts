import { describe, expect, it } from 'vitest';
import {
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
    config: JSON.parse(JSON.stringify(config)) as Record<string, unknown>,
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
