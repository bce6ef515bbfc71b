import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type Ref,
} from 'react';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { DominoFaceSvg } from '../../../components/DominoFace';
import type { EndName, HandTileState } from '../lib/moves';
import { rackLayout } from '../lib/rack';
import { handTileLabel } from '../lib/speech';
import classes from './game.module.css';

export interface DragState {
  key: string;
  ends: EndName[];
  hover: EndName | null;
}

export interface HandRackProps {
  tiles: HandTileState[];
  myTurn: boolean;
  selected: string | null;
  /** A move is in flight: nothing can be played. */
  busy: boolean;
  /** A tile was tapped, clicked or pressed with Enter/Space (`keyboard`: no pointer involved). */
  onTap(tile: HandTileState, keyboard: boolean): void;
  /** Escape on the rack: give up choosing an end. */
  onCancel(): void;
  /** The rack's element, for the screen to move the focus back to the current tile. */
  rackRef?: Ref<HTMLDivElement>;
  onDragChange(drag: DragState | null): void;
  onDrop(tile: HandTileState, end: EndName): void;
}

/** Pointer travel (px) before a press on a tile becomes a drag. */
const DRAG_THRESHOLD = 8;

interface Press {
  key: string;
  pointerId: number;
  startX: number;
  startY: number;
  dragging: boolean;
  hover: EndName | null;
}

function endUnder(x: number, y: number): EndName | null {
  const el = document.elementFromPoint(x, y)?.closest('[data-drop-end]');
  const end = el?.getAttribute('data-drop-end');
  return end === 'left' || end === 'right' ? end : null;
}

/** The tile buttons of a rack, in order. */
function tileButtons(rack: HTMLElement | null): HTMLButtonElement[] {
  return rack ? [...rack.querySelectorAll<HTMLButtonElement>('button[data-tile-key]')] : [];
}

/**
 * Moves the focus to the rack's current tile (the one reachable with Tab). Returns false when
 * the rack has no tile.
 */
export function focusRackTile(rack: HTMLElement | null): boolean {
  const target = rack?.querySelector<HTMLButtonElement>('button[data-tile-key][tabindex="0"]');
  target?.focus();
  return !!target;
}

/**
 * The player's tiles along the bottom of the table. Playable tiles are lifted and glow, the others
 * are dimmed on my turn. Tap a tile to play it (or to pick it when it fits both ends), or drag it
 * onto an end of the line. A long hand (individual mode, after drawing) wraps onto two rows.
 *
 * Keyboard and screen readers (docs/decisions/044-keyboard-and-screen-reader.md): every tile is a
 * button named in Spanish words ('seis-cuatro, se puede jugar'); the rack is one Tab stop whose
 * arrow keys, Home and End move between tiles (roving tabindex), Enter or Space plays the tile,
 * Escape cancels an end choice. When the focused tile leaves the hand (it was played), the focus
 * stays in the rack on the tile now in its place.
 */
export function HandRack({
  tiles,
  myTurn,
  selected,
  busy,
  onTap,
  onCancel,
  rackRef,
  onDragChange,
  onDrop,
}: HandRackProps) {
  const { ref: sizeRef, width } = useElementSize();
  const own = useRef<HTMLDivElement | null>(null);
  const ref = useMergedRef(sizeRef, own, rackRef);
  // Roving tabindex: the tile reachable with Tab, by key, and its index (for when it goes).
  const [active, setActive] = useState<{ key: string | null; index: number }>({
    key: null,
    index: 0,
  });
  const focusInside = useRef(false);
  const press = useRef<Press | null>(null);
  const swallowClick = useRef(false);
  const [ghost, setGhost] = useState<{ tile: HandTileState; x: number; y: number } | null>(null);
  const [shaking, setShaking] = useState<string | null>(null);

  const { size, gap, rows } = rackLayout(width, tiles.length);

  const playable = (t: HandTileState) => myTurn && !busy && t.ends.length > 0;

  const found = tiles.findIndex((t) => t.key === active.key);
  const rovingIndex = found >= 0 ? found : Math.min(active.index, tiles.length - 1);
  const rovingKey = tiles[rovingIndex]?.key ?? null;
  const activate = (key: string | undefined) => {
    const index = tiles.findIndex((t) => t.key === key);
    if (key && index >= 0) setActive({ key, index });
  };

  // The focused tile was played (or the hand was dealt anew): keep the focus in the rack.
  const tileKeys = tiles.map((t) => t.key).join(' ');
  useEffect(() => {
    if (!focusInside.current) return;
    const active = document.activeElement;
    if (active && own.current?.contains(active)) return;
    if (active && active !== document.body) {
      focusInside.current = false;
      return;
    }
    focusRackTile(own.current);
  }, [tileKeys]);

  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      onCancel();
      return;
    }
    const buttons = tileButtons(own.current);
    const current = buttons.findIndex((b) => b === document.activeElement);
    if (current < 0 || buttons.length === 0) return;
    let next: number;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = (current + 1) % buttons.length;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp')
      next = (current - 1 + buttons.length) % buttons.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = buttons.length - 1;
    else return;
    e.preventDefault();
    const target = buttons[next];
    activate(target?.dataset.tileKey);
    target?.focus();
  };

  const finish = (t: HandTileState, e: ReactPointerEvent<HTMLButtonElement>, drop: boolean) => {
    const p = press.current;
    press.current = null;
    if (!p || p.pointerId !== e.pointerId) return;
    if (!p.dragging) return;
    swallowClick.current = true;
    setGhost(null);
    onDragChange(null);
    const end = drop ? endUnder(e.clientX, e.clientY) : null;
    if (end && t.ends.includes(end)) onDrop(t, end);
  };

  return (
    <div
      ref={ref}
      className={classes.rack}
      data-testid="hand"
      data-rows={rows}
      style={rows > 1 ? { columnGap: gap } : undefined}
      aria-label="Tus fichas"
      role="toolbar"
      onKeyDown={onKeyDown}
      onFocus={(e) => {
        focusInside.current = true;
        activate((e.target as HTMLElement).dataset.tileKey);
      }}
      onBlur={(e) => {
        // Focus that moves elsewhere leaves the rack; a tile that was removed has no successor.
        if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget as Node))
          focusInside.current = false;
      }}
    >
      {tiles.map((t) => {
        const canPlay = playable(t);
        const label = handTileLabel(t.tile, canPlay ? t.ends : [], myTurn && !busy);
        return (
          <button
            key={t.key}
            data-tile-key={t.key}
            tabIndex={t.key === rovingKey ? 0 : -1}
            type="button"
            className={`${classes.handTile} ${shaking === t.key ? classes.shake : ''}`}
            data-testid={`hand-tile-${t.key}`}
            data-playable={canPlay}
            data-dimmed={myTurn && !canPlay}
            data-selected={selected === t.key}
            data-dragging={ghost?.tile.key === t.key}
            aria-label={label}
            aria-pressed={selected === t.key}
            aria-disabled={!canPlay}
            onPointerDown={(e) => {
              if (!canPlay || e.button !== 0) return;
              press.current = {
                key: t.key,
                pointerId: e.pointerId,
                startX: e.clientX,
                startY: e.clientY,
                dragging: false,
                hover: null,
              };
            }}
            onPointerMove={(e) => {
              const p = press.current;
              if (!p || p.pointerId !== e.pointerId) return;
              if (!p.dragging) {
                if (Math.hypot(e.clientX - p.startX, e.clientY - p.startY) < DRAG_THRESHOLD) return;
                p.dragging = true;
                e.currentTarget.setPointerCapture(e.pointerId);
                onDragChange({ key: t.key, ends: t.ends, hover: null });
              }
              setGhost({ tile: t, x: e.clientX, y: e.clientY });
              const hover = endUnder(e.clientX, e.clientY);
              if (hover !== p.hover) {
                p.hover = hover;
                onDragChange({ key: t.key, ends: t.ends, hover });
              }
            }}
            onPointerUp={(e) => finish(t, e, true)}
            onPointerCancel={(e) => finish(t, e, false)}
            onClick={(e) => {
              if (swallowClick.current) {
                swallowClick.current = false;
                return;
              }
              if (!canPlay) {
                if (myTurn && !busy) {
                  setShaking(t.key);
                  window.setTimeout(() => setShaking(null), 340);
                }
                return;
              }
              // A click from Enter or Space has no pointer behind it (detail 0).
              onTap(t, e.detail === 0);
            }}
          >
            <DominoFaceSvg first={t.tile[0]} second={t.tile[1]} size={size} />
          </button>
        );
      })}
      {tiles.length === 0 && <span className={classes.banner}>Sin fichas</span>}
      {ghost && (
        <div className={classes.ghost} style={{ left: ghost.x, top: ghost.y }} aria-hidden>
          <DominoFaceSvg first={ghost.tile.tile[0]} second={ghost.tile.tile[1]} size={size} />
        </div>
      )}
    </div>
  );
}
