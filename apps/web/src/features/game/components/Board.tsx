import { useMemo } from 'react';
import { useElementSize } from '@mantine/hooks';
import type { GameView } from '@domino/contracts';
import { DominoFace } from '../../../components/DominoFace';
import { fitBoard, halfWidthFor, layoutLine, type EndSpot } from '../lib/line-layout';
import { tileKey, type EndName } from '../lib/moves';
import { openerIndex } from '../lib/opener';
import classes from './game.module.css';

/** Short side of a tile the row width aims at, and the largest tile drawn, in px. */
const TARGET_UNIT_PORTRAIT = 30;
const TARGET_UNIT_PHONE = 25;
const TARGET_UNIT_WIDE = 36;
const MAX_UNIT = 46;

/** Row width suited to the board's shape: shorter rows (bigger tiles) on a tall phone board. */
function targetUnit(width: number, height: number): number {
  if (width >= 600) return TARGET_UNIT_WIDE;
  return height > width * 1.3 ? TARGET_UNIT_PORTRAIT : TARGET_UNIT_PHONE;
}

export interface EndTargets {
  ends: EndName[];
  hover: EndName | null;
}

export interface BoardProps {
  view: GameView;
  opener: string | null;
  lastPlayed: string | null;
  /** Ends offered to the selected or dragged tile (drop targets / end buttons). */
  targets: EndTargets | null;
  onChooseEnd(end: EndName): void;
  /** Text shown on an empty line. */
  emptyHint: string;
}

const END_NAMES: Record<EndName, string> = { left: 'izquierdo', right: 'derecho' };

/**
 * The line of play on the felt: one SVG whose tiles are laid out by `layoutLine` (snaking to the
 * width of the board) and scaled to fit; tiles glide to new places and the last one glows. When a
 * tile is selected or dragged, each end it fits shows a target button.
 */
export function Board({ view, opener, lastPlayed, targets, onChooseEnd, emptyHint }: BoardProps) {
  const { ref, width, height } = useElementSize();
  const half = halfWidthFor(width, targetUnit(width, height));
  const layout = useMemo(
    () => layoutLine(view.line, openerIndex(view.line, opener), half),
    [view.line, opener, half],
  );
  const fit = fitBoard(layout.bounds, width, height, MAX_UNIT);
  // Targets stay fully inside the felt (a clipped button would be hard to hit).
  const clamp = (v: number, size: number) => Math.min(Math.max(v, 30), Math.max(30, size - 30));
  const toPx = (spot: EndSpot) => ({
    left: clamp(width / 2 + (spot.x - fit.centreX) * fit.unit, width),
    top: clamp(height / 2 + (spot.y - fit.centreY) * fit.unit, height),
  });
  const camera = `translate(${width / 2 - fit.centreX * fit.unit}px, ${
    height / 2 - fit.centreY * fit.unit
  }px) scale(${fit.unit})`;

  return (
    <div
      ref={ref}
      className={classes.felt}
      data-testid="board"
      data-line-length={view.line.length}
      aria-label={`Mesa: ${view.line.length} fichas jugadas${
        view.ends ? `, extremos ${view.ends.left} y ${view.ends.right}` : ''
      }`}
      role="img"
    >
      {width > 0 && height > 0 && (
        <svg className={classes.boardSvg} width={width} height={height} aria-hidden>
          <g className={classes.boardCamera} style={{ transform: camera }}>
            <g className={classes.boardTiles}>
              {layout.tiles.map((t) => {
                const piece = view.line[t.index];
                if (!piece) return null;
                const key = tileKey(piece.tile);
                const last = key === lastPlayed;
                return (
                  <g
                    key={`${view.hand_number}:${key}`}
                    className={classes.boardTile}
                    data-testid={`line-tile-${key}`}
                    data-last={last || undefined}
                    style={{
                      transform: `translate(${t.x}px, ${t.y}px) rotate(${t.vertical ? 0 : -90}deg)`,
                    }}
                  >
                    <g className={last ? classes.tileEnter : undefined}>
                      <DominoFace first={t.first} second={t.second} />
                      {last && (
                        <rect
                          className={classes.lastGlow}
                          x={-0.53}
                          y={-1.03}
                          width={1.06}
                          height={2.06}
                          rx={0.17}
                        />
                      )}
                    </g>
                  </g>
                );
              })}
            </g>
          </g>
        </svg>
      )}
      {view.line.length === 0 && <div className={classes.emptyHint}>{emptyHint}</div>}
      {targets &&
        width > 0 &&
        targets.ends.map((end) => {
          const spot = view.line.length === 0 ? layout.ends.left : layout.ends[end];
          const pip = view.ends ? view.ends[end] : null;
          const label =
            view.line.length === 0
              ? 'Jugar aquí'
              : `Jugar en el extremo ${END_NAMES[end]} (${pip ?? ''})`;
          return (
            <button
              key={end}
              type="button"
              className={classes.endTarget}
              style={toPx(spot)}
              data-testid={`end-choice-${end}`}
              data-drop-end={end}
              data-hover={targets.hover === end}
              aria-label={label}
              title={label}
              onClick={() => onChooseEnd(end)}
            >
              {view.line.length === 0 ? 'Aquí' : pip}
            </button>
          );
        })}
    </div>
  );
}
