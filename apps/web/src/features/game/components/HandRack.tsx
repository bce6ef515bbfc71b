import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useElementSize } from '@mantine/hooks';
import { DominoFaceSvg } from '../../../components/DominoFace';
import type { EndName, HandTileState } from '../lib/moves';
import { rackLayout } from '../lib/rack';
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
  onTap(tile: HandTileState): void;
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

/**
 * The player's tiles along the bottom of the table. Playable tiles are lifted and glow, the others
 * are dimmed on my turn. Tap a tile to play it (or to pick it when it fits both ends), or drag it
 * onto an end of the line. A long hand (individual mode, after drawing) wraps onto two rows.
 */
export function HandRack({
  tiles,
  myTurn,
  selected,
  busy,
  onTap,
  onDragChange,
  onDrop,
}: HandRackProps) {
  const { ref, width } = useElementSize();
  const press = useRef<Press | null>(null);
  const swallowClick = useRef(false);
  const [ghost, setGhost] = useState<{ tile: HandTileState; x: number; y: number } | null>(null);
  const [shaking, setShaking] = useState<string | null>(null);

  const { size, gap, rows } = rackLayout(width, tiles.length);

  const playable = (t: HandTileState) => myTurn && !busy && t.ends.length > 0;

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
      role="group"
    >
      {tiles.map((t) => {
        const canPlay = playable(t);
        const label = `Ficha ${t.tile[0]}-${t.tile[1]}${
          canPlay
            ? t.ends.length > 1
              ? ', se puede jugar en ambos extremos'
              : ', se puede jugar'
            : ''
        }`;
        return (
          <button
            key={t.key}
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
            onClick={() => {
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
              onTap(t);
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
