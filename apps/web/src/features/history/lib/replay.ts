import {
  applyMove,
  placeTile,
  startMatch,
  type Bonus,
  type HandSummary,
  type LinePiece,
  type MatchState,
  type Move,
  type OpenEnds,
  type Seat,
  type TableConfig,
  type Tile,
} from '@domino/domino';
import type { z } from 'zod';
import { SCORING_EVENTS, type replayResponseSchema } from '@domino/contracts';

/**
 * The replay of a finished match (/history/:gameId): every intermediate state rebuilt in the
 * browser from the config, the revealed seeds and the recorded moves, with the engine
 * (`startMatch`, then `applyMove` step by step). Automatic passes, hand ends and the next deal are
 * what the engine emits as events, so each becomes its own frame; the match is over, so every hand
 * is shown face up.
 */
export type ReplayResponse = z.infer<typeof replayResponseSchema>;

export type FrameKind = 'deal' | 'play' | 'draw' | 'pass' | 'hand_end';

export interface ReplayFrame {
  kind: FrameKind;
  /** 1-based hand number the frame belongs to. */
  handNumber: number;
  /** The seat that acted (the leader on a deal), or null at a hand end. */
  seat: Seat | null;
  /** The tile played or drawn. */
  tile: Tile | null;
  /** The end a tile was played on. */
  end: 'left' | 'right' | null;
  /** Line and open ends after the frame. */
  line: readonly LinePiece[];
  ends: OpenEnds | null;
  /** Index in `line` of the hand's opening tile (drawn at the centre). */
  anchor: number;
  /** Every seat's tiles after the frame. */
  hands: readonly (readonly Tile[])[];
  stockCount: number;
  /** Match score per side after the frame. */
  scores: readonly number[];
  /** Seats that passed so far in this hand. */
  passes: readonly Seat[];
  /** Set on a hand end. */
  summary: HandSummary | null;
  /** The match ended with this frame. */
  matchOver: boolean;
  /** Spanish description for the move list. */
  label: string;
  /** seq of the recorded move this frame comes from (null for the first deal). */
  moveSeq: number | null;
}

export interface Replay {
  frames: ReplayFrame[];
  config: TableConfig;
  names: string[];
  /** Set when a recorded move could not be applied: the frames stop before it. */
  error: string | null;
}

function tileText(tile: Tile): string {
  return `${tile[0]}-${tile[1]}`;
}

const END_TEXT = { left: 'izquierda', right: 'derecha' } as const;

/** The engine Move of a recorded move, or null when it is malformed. */
export function toEngineMove(raw: Record<string, unknown>): Move | null {
  if (raw.kind === 'pass') return { kind: 'pass' };
  if (raw.kind === 'draw') return { kind: 'draw' };
  if (raw.kind !== 'play') return null;
  const tile = raw.tile;
  const end = raw.end;
  if (!Array.isArray(tile) || tile.length !== 2) return null;
  const [a, b] = tile as unknown[];
  if (typeof a !== 'number' || typeof b !== 'number') return null;
  if (end !== 'left' && end !== 'right') return null;
  return { kind: 'play', tile: [a, b] as unknown as Tile, end };
}

function endingText(summary: HandSummary, names: readonly string[]): string {
  const n = summary.handNumber;
  if (summary.voided) return `Fin de la mano ${n}: tranque empatado, mano anulada`;
  const who = summary.winnerSeat === null ? '' : (names[summary.winnerSeat] ?? '');
  const points = summary.pointsBySide[summary.winnerSide ?? 0] ?? 0;
  if (summary.ending === 'domino') return `Fin de la mano ${n}: ¡Dominó de ${who}! +${points}`;
  return `Fin de la mano ${n}: tranque, gana ${who} (+${points})`;
}

/** The replay's announcement of one bonus (scoring-events.ts in contracts). */
function bonusText(bonus: Bonus, name: (seat: number) => string): string {
  return SCORING_EVENTS[bonus.kind].announce(name(bonus.seat), bonus.points);
}

function dealFrame(state: MatchState, names: readonly string[], seq: number | null): ReplayFrame {
  const hand = state.hand;
  const leader = names[hand.leader] ?? `Jugador ${hand.leader + 1}`;
  const lead = hand.requiredLead ? ` con el ${tileText(hand.requiredLead)}` : '';
  return {
    kind: 'deal',
    handNumber: hand.number,
    seat: hand.leader,
    tile: null,
    end: null,
    line: [],
    ends: null,
    anchor: 0,
    hands: hand.hands,
    stockCount: hand.stock.length,
    scores: state.scores,
    passes: [],
    summary: null,
    matchOver: false,
    label: `Mano ${hand.number}: reparto. Sale ${leader}${lead}`,
    moveSeq: seq,
  };
}

/**
 * Rebuilds every frame of a finished match. `names[seat]` labels the seats (falls back to
 * 'Jugador N'). Throws RangeError (from `startMatch`) when the config or seeds are invalid; a
 * move the engine rejects stops the replay there and sets `error`.
 */
export function buildReplay(data: ReplayResponse): Replay {
  const config = data.config as unknown as TableConfig;
  let state = startMatch(config, {
    serverSeed: data.fairness.server_seed,
    clientSeeds: data.fairness.client_seeds,
  });
  const names = Array.from(
    { length: config.players },
    (_, seat) => data.seats.find((s) => s.seat === seat)?.name ?? `Jugador ${seat + 1}`,
  );
  const frames: ReplayFrame[] = [dealFrame(state, names, null)];
  let error: string | null = null;
  const moves = [...data.moves].sort((a, b) => a.seq - b.seq);
  // Bonuses of the current hand already announced during it (the engine's `bonus` events); the
  // summary's others (earned by the hand's end, like the capicúa) are announced with the end.
  let announced = 0;

  for (const recorded of moves) {
    const move = toEngineMove(recorded.move);
    const seat = recorded.seat as Seat;
    const result = move ? applyMove(state, seat, move) : null;
    if (!result || !result.ok) {
      error = `La jugada ${recorded.seq} no se pudo reproducir (${result && !result.ok ? result.code : 'formato'}).`;
      break;
    }
    // Walk the events over a copy of the display state of the hand before the move.
    let prev = frames[frames.length - 1] as ReplayFrame;
    const push = (frame: Omit<ReplayFrame, 'moveSeq'>) => {
      const full = { ...frame, moveSeq: recorded.seq };
      frames.push(full);
      prev = full;
    };
    for (const event of result.events) {
      const name = (s: number) => names[s] ?? `Jugador ${s + 1}`;
      if (event.type === 'play') {
        const placed = placeTile(prev.line, prev.ends, event.tile, event.end, event.seat);
        if (!placed) continue;
        const hands = prev.hands.map((tiles, s) =>
          s === event.seat
            ? tiles.filter((t) => !(t[0] === event.tile[0] && t[1] === event.tile[1]))
            : tiles,
        );
        const anchor =
          prev.line.length === 0 ? 0 : event.end === 'left' ? prev.anchor + 1 : prev.anchor;
        const where = prev.line.length === 0 ? ' (sale)' : ` por la ${END_TEXT[event.end]}`;
        push({
          ...prev,
          kind: 'play',
          seat: event.seat,
          tile: event.tile,
          end: event.end,
          line: placed.line,
          ends: placed.ends,
          anchor,
          hands,
          summary: null,
          label: `${name(event.seat)} juega el ${tileText(event.tile)}${where}`,
        });
      } else if (event.type === 'draw') {
        const drawn = event.tile;
        const hands = prev.hands.map((tiles, s) =>
          s === event.seat && drawn ? [...tiles, drawn] : tiles,
        );
        push({
          ...prev,
          kind: 'draw',
          seat: event.seat,
          tile: drawn,
          end: null,
          hands,
          stockCount: Math.max(0, prev.stockCount - 1),
          summary: null,
          label: `${name(event.seat)} roba del pozo`,
        });
      } else if (event.type === 'pass') {
        push({
          ...prev,
          kind: 'pass',
          seat: event.seat,
          tile: null,
          end: null,
          passes: [...prev.passes, event.seat],
          summary: null,
          label: `${name(event.seat)} pasa`,
        });
      } else if (event.type === 'bonus') {
        prev.label += ` · ${bonusText(event.bonus, name)}`;
        announced += 1;
      } else if (event.type === 'hand_end') {
        const atEnd = event.summary.bonuses.slice(announced).map((b) => bonusText(b, name));
        announced = 0;
        push({
          ...prev,
          kind: 'hand_end',
          seat: null,
          tile: null,
          end: null,
          hands: event.summary.remaining,
          scores: event.summary.scoresAfter,
          summary: event.summary,
          label: [endingText(event.summary, names), ...atEnd].join(' · '),
        });
      } else if (event.type === 'match_end') {
        prev.matchOver = true;
        prev.label += ' · Fin de la partida';
      } else if (event.type === 'hand_start') {
        frames.push(dealFrame(result.state, names, recorded.seq));
      }
    }
    state = result.state;
  }
  return { frames, config, names, error };
}

/** Clamps a frame index into [0, count - 1]. */
export function clampStep(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.trunc(index)));
}

/** Index of the first frame of each hand, in order. */
export function handStarts(frames: readonly ReplayFrame[]): number[] {
  const starts: number[] = [];
  frames.forEach((f, i) => {
    if (f.kind === 'deal') starts.push(i);
  });
  return starts;
}

/** Frame index of the start of the hand before/after the one containing `index`. */
export function jumpHand(frames: readonly ReplayFrame[], index: number, direction: 1 | -1): number {
  const starts = handStarts(frames);
  if (starts.length === 0) return clampStep(index, frames.length);
  if (direction === 1) {
    const next = starts.find((s) => s > index);
    return next ?? frames.length - 1;
  }
  // Back: the start of the current hand, or of the previous one when already at its start.
  const before = starts.filter((s) => s < index);
  return before.length > 0 ? (before[before.length - 1] as number) : 0;
}

export type ReplayPosition = 'bottom' | 'right' | 'top' | 'left';

/** Screen positions by number of seats, in order of play from the viewer's seat. */
const REPLAY_POSITIONS: Record<number, readonly ReplayPosition[]> = {
  2: ['bottom', 'top'],
  3: ['bottom', 'right', 'left'],
  4: ['bottom', 'right', 'top', 'left'],
};

/**
 * Where a seat's hand is drawn: the viewer at the bottom, the next seats in order of play
 * (counter-clockwise) around; with 2 players the rival on top, with 3 on the right and left.
 */
export function replayPosition(seat: number, players: number, viewerSeat: number): ReplayPosition {
  const order = REPLAY_POSITIONS[players] ?? REPLAY_POSITIONS[4]!;
  const n = order.length;
  return order[(((seat - viewerSeat) % n) + n) % n] ?? 'bottom';
}

/** The name of a scoring side: 'Pareja A'/'Pareja B' in parejas, the player otherwise. */
export function replaySideLabel(replay: Pick<Replay, 'config' | 'names'>, side: number): string {
  if (replay.config.mode === 'parejas') return side === 0 ? 'Pareja A' : 'Pareja B';
  return replay.names[side] ?? `Jugador ${side + 1}`;
}

export interface ReplayScore {
  side: number;
  label: string;
  score: number;
  /** Drawn highlighted: Pareja A in parejas (as before), the viewer's own score individually. */
  highlight: boolean;
}

/** The score badges of a frame: one per pair in parejas, one per player in individual mode. */
export function replayScores(
  replay: Pick<Replay, 'config' | 'names'>,
  scores: readonly number[],
  viewerSeat: number,
): ReplayScore[] {
  const parejas = replay.config.mode === 'parejas';
  return scores.map((score, side) => ({
    side,
    label: replaySideLabel(replay, side),
    score,
    highlight: parejas ? side === 0 : side === viewerSeat,
  }));
}

/** Tiles left in the stock at a frame, or null when the table does not draw. */
export function replayStock(config: TableConfig, frame: Pick<ReplayFrame, 'stockCount'>) {
  return config.mode === 'individual' && config.drawing ? frame.stockCount : null;
}
