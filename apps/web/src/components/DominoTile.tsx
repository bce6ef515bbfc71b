import { useId } from 'react';
import { PIP_OFFSETS } from './pips';

function Half({ value, x, y, size }: { value: number; x: number; y: number; size: number }) {
  const step = size / 4;
  return (
    <>
      {(PIP_OFFSETS[value] ?? []).map(([dx, dy]) => (
        <circle
          key={`${dx}-${dy}`}
          cx={x + step * (dx + 2)}
          cy={y + step * (dy + 2)}
          r={size * 0.09}
          fill="currentColor"
        />
      ))}
    </>
  );
}

export interface DominoTileProps {
  top: number;
  bottom: number;
  /** Width in px; the tile is twice as tall (or wide when horizontal). */
  size?: number;
  horizontal?: boolean;
  /** Accessible name; omit for a decorative tile. */
  title?: string;
  className?: string;
  style?: React.CSSProperties;
}

/** A single ivory domino tile drawn in SVG (decorative unless `title` is given). */
export function DominoTile({
  top,
  bottom,
  size = 40,
  horizontal = false,
  title,
  className,
  style,
}: DominoTileProps) {
  const gradient = useId();
  const w = 100;
  const h = 200;
  const tile = (
    <>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fffdf6" />
          <stop offset="1" stopColor="#ece3cd" />
        </linearGradient>
      </defs>
      <rect
        x="3"
        y="3"
        width={w - 6}
        height={h - 6}
        rx="14"
        fill={`url(#${gradient})`}
        stroke="#c9bb97"
        strokeWidth="3"
      />
      <line x1="16" y1={h / 2} x2={w - 16} y2={h / 2} stroke="#b5a67f" strokeWidth="3" />
      <circle cx={w / 2} cy={h / 2} r="4" fill="#c99207" />
      <Half value={top} x={5} y={5} size={90} />
      <Half value={bottom} x={5} y={105} size={90} />
    </>
  );
  return (
    <svg
      viewBox={horizontal ? `0 0 ${h} ${w}` : `0 0 ${w} ${h}`}
      width={horizontal ? size * 2 : size}
      height={horizontal ? size : size * 2}
      className={className}
      style={{ color: '#14201a', ...style }}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      {horizontal ? <g transform={`rotate(-90) translate(-${w} 0)`}>{tile}</g> : tile}
    </svg>
  );
}
