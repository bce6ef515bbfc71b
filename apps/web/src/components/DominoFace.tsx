import type { CSSProperties } from 'react';
import { PIP_OFFSETS } from './pips';

/**
 * An ivory domino tile drawn in tile units, for boards that lay out many tiles in one SVG (the
 * line of play) and for tile rows (hands, deals). Units: the tile is 1 wide and 2 tall, centred
 * on the origin, `first` on the top half. Rotate the group by -90deg for a horizontal tile
 * (then `first` is on the left).
 */

const SPACING = 0.25;
const PIP_RADIUS = 0.078;
const FACE = '#fbf7ec';
const EDGE = '#b9a97f';
const INK = '#1b2620';

function Pips({ value, cy }: { value: number; cy: number }) {
  return (
    <>
      {(PIP_OFFSETS[value] ?? []).map(([col, row]) => (
        <circle
          key={`${col}:${row}`}
          cx={col * SPACING}
          cy={cy + row * SPACING}
          r={PIP_RADIUS}
          fill={INK}
        />
      ))}
    </>
  );
}

export interface DominoFaceProps {
  first: number;
  second: number;
  /** Gold outline (last tile played, selected tile). */
  highlight?: boolean;
}

/** The tile as an SVG group in tile units (see the file comment). */
export function DominoFace({ first, second, highlight = false }: DominoFaceProps) {
  return (
    <g>
      <rect
        x={-0.47}
        y={-0.97}
        width={0.94}
        height={1.94}
        rx={0.13}
        fill={FACE}
        stroke={EDGE}
        strokeWidth={0.035}
      />
      <line x1={-0.32} y1={0} x2={0.32} y2={0} stroke={EDGE} strokeWidth={0.035} />
      <circle cx={0} cy={0} r={0.045} fill="#c99207" />
      <Pips value={first} cy={-0.5} />
      <Pips value={second} cy={0.5} />
      {highlight && (
        <rect
          x={-0.5}
          y={-1}
          width={1}
          height={2}
          rx={0.15}
          fill="none"
          stroke="#f1bb2c"
          strokeWidth={0.09}
        />
      )}
    </g>
  );
}

/** The back of a tile (hidden tiles of other seats), in tile units like DominoFace. */
export function DominoBack() {
  return (
    <g>
      <rect
        x={-0.47}
        y={-0.97}
        width={0.94}
        height={1.94}
        rx={0.13}
        fill="#17643c"
        stroke="#f1e6c6"
        strokeWidth={0.06}
      />
      <circle cx={0} cy={0} r={0.14} fill="none" stroke="#e5a912" strokeWidth={0.05} />
    </g>
  );
}

export interface DominoFaceSvgProps extends DominoFaceProps {
  /** Width of the short side in px. */
  size: number;
  horizontal?: boolean;
  /** Accessible name; omit for a decorative tile. */
  title?: string;
  className?: string;
  style?: CSSProperties;
}

/** A standalone tile: an <svg> `size` px on its short side. */
export function DominoFaceSvg({
  first,
  second,
  highlight,
  size,
  horizontal = false,
  title,
  className,
  style,
}: DominoFaceSvgProps) {
  return (
    <svg
      viewBox={horizontal ? '-1 -0.5 2 1' : '-0.5 -1 1 2'}
      width={horizontal ? size * 2 : size}
      height={horizontal ? size : size * 2}
      className={className}
      style={style}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <g transform={horizontal ? 'rotate(-90)' : undefined}>
        <DominoFace first={first} second={second} highlight={highlight} />
      </g>
    </svg>
  );
}
