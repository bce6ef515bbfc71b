import { useMemo } from 'react';
import { useElementSize } from '@mantine/hooks';
import { DominoFace } from '../DominoFace';
import {
  fitBoard,
  halfWidthFor,
  layoutLine,
  type EndSpot,
  type LinePieceInput,
} from './line-layout';
import classes from './line-board.module.css';

/** Short side of a tile the row width aims at, and the largest tile drawn, in px. */
const TARGET_UNIT_PORTRAIT = 30;
const TARGET_UNIT_PHONE = 25;
const TARGET_UNIT_WIDE = 36;
const MAX_UNIT = 46;
/**
 * How far each tile's shadow falls below it, in tile units. A shadow drawn per tile instead of a
 * `drop-shadow` filter on the group of tiles: a filter makes every change of the line repaint
 * the whole group through an offscreen surface, which costs phones without a fast GPU (and
 * Chromium without one) most of a frame (docs/decisions/074-cheaper-game-screen-paint.md).
 */
const SHADOW_DROP = 0.06;

/** Row width suited to the board's shape: shorter rows (bigger tiles) on a tall phone board. */
function targetUnit(width: number, height: number): number {
  if (width >= 600) return TARGET_UNIT_WIDE;
  return height > width * 1.3 ? TARGET_UNIT_PORTRAIT : TARGET_UNIT_PHONE;
}

export type LineEnd = 'left' | 'right';

/** `a-b` with a <= b: the identity of a tile on the line. */
export function lineTileKey(tile: readonly [number, number]): string {
  const [a, b] = tile;
  return a <= b ? `${a}-${b}` : `${b}-${a}`;
}

export interface EndTargets {
  ends: LineEnd[];
  hover: LineEnd | null;
}

export interface LineBoardProps {
  /** The line of play, left to right. */
  line: readonly LinePieceInput[];
  /** Open ends (null before the first tile). */
  ends: { left: number; right: number } | null;
  /** Hand number: tiles of a new hand are new elements (no glide from the previous hand). */
  handNumber: number;
  /** Index in `line` of the opening tile, drawn at the centre. */
  anchor: number;
  /** Key (`a-b`) of the tile to highlight as the last one played. */
  lastPlayed: string | null;
  /** Ends offered to the selected or dragged tile (drop targets / end buttons). */
  targets?: EndTargets | null;
  onChooseEnd?(end: LineEnd): void;
  /**
   * The accessible name of an end button (e.g. 'seis-cuatro, a la izquierda' for the tile being
   * placed); by default 'Jugar en el extremo izquierdo (6)'.
   */
  endLabel?(end: LineEnd): string;
  /** Text shown on an empty line. */
  emptyHint: string;
  /** Extra class of the felt (e.g. its grid area). */
  className?: string;
  testId?: string;
}

const END_NAMES: Record<LineEnd, string> = { left: 'izquierdo', right: 'derecho' };

/**
 * The line of play on the felt: one SVG whose tiles are laid out by `layoutLine` (snaking to the
 * width of the board) and scaled to fit; tiles glide to new places and the last one glows. When
 * `targets` are given, each end shows a target button. Used by the game screen and the replay.
 */
export function LineBoard({
  line,
  ends,
  handNumber,
  anchor,
  lastPlayed,
  targets = null,
  onChooseEnd,
  endLabel,
  emptyHint,
  className,
  testId = 'board',
}: LineBoardProps) {
  const { ref, width, height } = useElementSize();
  const half = halfWidthFor(width, targetUnit(width, height));
  const layout = useMemo(() => layoutLine(line, anchor, half), [line, anchor, half]);
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
      className={className ? `${classes.felt} ${className}` : classes.felt}
      data-testid={testId}
      data-line-length={line.length}
      aria-label={`Mesa: ${line.length} fichas jugadas${
        ends ? `, extremos ${ends.left} y ${ends.right}` : ''
      }`}
      // A group, not an image: an image's children are hidden from screen readers, and the end
      // buttons live inside (docs/decisions/044-keyboard-and-screen-reader.md).
      role="group"
    >
      {width > 0 && height > 0 && (
        <svg className={classes.boardSvg} width={width} height={height} aria-hidden>
          <g className={classes.boardCamera} style={{ transform: camera }}>
            {layout.tiles.map((t) => {
              const piece = line[t.index];
              if (!piece) return null;
              const key = lineTileKey(piece.tile);
              const last = key === lastPlayed;
              return (
                <g
                  key={`${handNumber}:${key}`}
                  className={classes.boardTile}
                  data-testid={`line-tile-${key}`}
                  data-last={last || undefined}
                  style={{
                    transform: `translate(${t.x}px, ${t.y}px) rotate(${t.vertical ? 0 : -90}deg)`,
                  }}
                >
                  <g className={last ? classes.tileEnter : undefined}>
                    {/* The tile's shadow, straight down on the felt whichever way it lies. */}
                    <rect
                      className={classes.tileShadow}
                      x={-0.49 + (t.vertical ? 0 : -SHADOW_DROP)}
                      y={-0.99 + (t.vertical ? SHADOW_DROP : 0)}
                      width={0.98}
                      height={1.98}
                      rx={0.15}
                    />
                    <DominoFace first={t.first} second={t.second} />
                    {last && (
                      <>
                        <rect
                          className={classes.lastHalo}
                          x={-0.62}
                          y={-1.12}
                          width={1.24}
                          height={2.24}
                          rx={0.24}
                          data-testid="last-tile-halo"
                        />
                        <rect
                          className={classes.lastGlow}
                          x={-0.52}
                          y={-1.02}
                          width={1.04}
                          height={2.04}
                          rx={0.16}
                          data-testid="last-tile-outline"
                        />
                      </>
                    )}
                  </g>
                </g>
              );
            })}
          </g>
        </svg>
      )}
      {line.length === 0 && <div className={classes.emptyHint}>{emptyHint}</div>}
      {targets &&
        width > 0 &&
        targets.ends.map((end) => {
          const spot = line.length === 0 ? layout.ends.left : layout.ends[end];
          const pip = ends ? ends[end] : null;
          const label =
            line.length === 0
              ? 'Jugar aquí'
              : (endLabel?.(end) ?? `Jugar en el extremo ${END_NAMES[end]} (${pip ?? ''})`);
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
              onClick={() => onChooseEnd?.(end)}
            >
              {line.length === 0 ? 'Aquí' : pip}
            </button>
          );
        })}
    </div>
  );
}
