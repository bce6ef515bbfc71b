import type { GameView, HandSummaryJson } from '@domino/contracts';
import { applyOptimisticPlay, tileKey, type EndName, type Tile } from './moves';
import { resolveOpener, type KeyValueStore } from './opener';
import { describeChange } from './speech';
import { diffViews, mergeView } from './view-merge';

/**
 * Client state of one game screen: the newest server view plus what the screen derives from the
 * sequence of views (last tile played, 'Paso' markers, the hand summary to show) and the move
 * in flight, drawn optimistically. A tiny external store for `useSyncExternalStore`; plain data,
 * no React, so it is unit-tested in node.
 */
export interface GameScreenState {
  /** Newest accepted server view. */
  view: GameView | null;
  /** What to draw: `view` with the move in flight applied. */
  display: GameView | null;
  /** The tile play sent and not yet answered. */
  pending: {
    baseVersion: number;
    tile: Tile;
    end: EndName;
    lastPlayedBefore: string | null;
  } | null;
  /** Tile key of the last tile played in this hand (highlighted on the board). */
  lastPlayed: string | null;
  /** Seats showing a 'Paso' marker: they passed and have not played since. */
  passMarkers: number[];
  /** The summary of a hand that ended while watching, until dismissed. */
  summary: HandSummaryJson | null;
  /** Tile key of the current hand's opening tile (drawn at the centre). */
  opener: string | null;
  /**
   * What the screen's live region says, oldest first (the last {@link SPOKEN_KEPT}): each move,
   * pass, hand end and turn read from the views, and each reading asked for with a key. `id`
   * grows by one per sentence, so the same words said twice are two entries.
   */
  spoken: { id: number; text: string }[];
}

/** Sentences kept for the live region (older ones were already read out). */
export const SPOKEN_KEPT = 6;

const EMPTY: GameScreenState = {
  view: null,
  display: null,
  pending: null,
  lastPlayed: null,
  passMarkers: [],
  summary: null,
  opener: null,
  spoken: [],
};

/**
 * Seats whose pass is still "current" on a freshly loaded view: a pass recorded against the
 * ends showing now (nothing was played since, as far as the view can tell).
 */
function initialPassMarkers(view: GameView): number[] {
  if (view.ends === null) return [];
  const { left, right } = view.ends;
  const seats = view.passes.filter((p) => p.left === left && p.right === right).map((p) => p.seat);
  return [...new Set(seats)];
}

function withDisplay(state: GameScreenState): GameScreenState {
  const { view, pending } = state;
  const display =
    view && pending && view.version === pending.baseVersion
      ? applyOptimisticPlay(view, pending.tile, pending.end)
      : view;
  return { ...state, display };
}

export class GameStore {
  private state: GameScreenState = EMPTY;
  private readonly listeners = new Set<() => void>();
  private nextSpokenId = 1;

  constructor(
    readonly gameId: string,
    private readonly storage: KeyValueStore | null = null,
  ) {}

  getState = (): GameScreenState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private set(next: GameScreenState): void {
    this.state = withDisplay(next);
    for (const l of [...this.listeners]) l();
  }

  /**
   * Takes a view from any source. Ignored (returns false) when it is for another game or older
   * than the view held; an equal version is accepted but changes nothing visible.
   */
  receive = (incoming: GameView): boolean => {
    if (incoming.game_id !== this.gameId) return false;
    const prev = this.state.view;
    const view = mergeView(prev, incoming);
    if (view !== incoming) return false;
    if (prev !== null && prev.version === incoming.version && this.state.pending === null) {
      return true;
    }

    const change = diffViews(prev, incoming);
    let { lastPlayed, passMarkers, summary } = this.state;
    if (prev === null) {
      passMarkers = initialPassMarkers(incoming);
      lastPlayed = null;
    } else if (change.newHand) {
      passMarkers = [];
      lastPlayed = null;
    } else {
      if (change.played !== null) {
        lastPlayed = change.played;
        passMarkers = passMarkers.filter((s) => s !== change.playedBy);
      }
      for (const seat of change.passed) if (!passMarkers.includes(seat)) passMarkers.push(seat);
      passMarkers = [...passMarkers];
    }
    if (change.handEnded) summary = change.handEnded;

    const pending =
      this.state.pending && incoming.version > this.state.pending.baseVersion
        ? null
        : this.state.pending;
    const opener = resolveOpener(incoming, this.storage);
    this.set({
      view: incoming,
      display: null,
      pending,
      lastPlayed,
      passMarkers,
      summary,
      opener,
      spoken: this.withSpoken(describeChange(prev, incoming, opener)),
    });
    return true;
  };

  private withSpoken(texts: readonly string[]): GameScreenState['spoken'] {
    if (texts.length === 0) return this.state.spoken;
    const added = texts.map((text) => ({ id: this.nextSpokenId++, text }));
    return [...this.state.spoken, ...added].slice(-SPOKEN_KEPT);
  }

  /** Adds a sentence to the live region (a reading asked for with a key). */
  say = (text: string): void => {
    this.set({ ...this.state, spoken: this.withSpoken([text]) });
  };

  /** A tile play was sent: draw it at once and highlight it. */
  beginPlay = (tile: Tile, end: EndName): void => {
    const view = this.state.view;
    if (!view) return;
    this.set({
      ...this.state,
      pending: { baseVersion: view.version, tile, end, lastPlayedBefore: this.state.lastPlayed },
      lastPlayed: tileKey(tile),
      passMarkers: this.state.passMarkers.filter((s) => s !== view.my_seat),
    });
  };

  /** The play was rejected or failed: undo the optimistic drawing. */
  cancelPlay = (): void => {
    const pending = this.state.pending;
    if (pending === null) return;
    this.set({ ...this.state, pending: null, lastPlayed: pending.lastPlayedBefore });
  };

  dismissSummary = (): void => {
    if (this.state.summary === null) return;
    this.set({ ...this.state, summary: null });
  };
}
