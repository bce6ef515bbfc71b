import { useId } from 'react';

/**
 * The built-in picture of a domino table: green felt with a short line of play. Used when a table
 * has no image (or its image fails to load). Decorative: the card names the table.
 */
export function TableIllustration({ height = 160 }: { height?: number }) {
  const id = useId();
  const felt = `${id}-felt`;
  const shine = `${id}-shine`;
  const tile = (x: number, y: number, rotate: number, a: number, b: number) => (
    <g transform={`translate(${x} ${y}) rotate(${rotate})`}>
      <rect x="-13" y="-26" width="26" height="52" rx="5" fill="#fbf6e8" stroke="#cdbf9b" />
      <line x1="-9" y1="0" x2="9" y2="0" stroke="#b5a67f" strokeWidth="1.5" />
      {pips(a, -26)}
      {pips(b, 0)}
    </g>
  );
  return (
    <svg
      viewBox="0 0 320 160"
      width="100%"
      height={height}
      preserveAspectRatio="xMidYMid slice"
      aria-hidden
      style={{ display: 'block' }}
    >
      <defs>
        <radialGradient id={felt} cx="50%" cy="45%" r="75%">
          <stop offset="0" stopColor="#1f7a4a" />
          <stop offset="0.65" stopColor="#0f4d2f" />
          <stop offset="1" stopColor="#0a3322" />
        </radialGradient>
        <linearGradient id={shine} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.08" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect width="320" height="160" fill={`url(#${felt})`} />
      <rect
        x="8"
        y="8"
        width="304"
        height="144"
        rx="16"
        fill="none"
        stroke="#e5a912"
        strokeOpacity="0.55"
        strokeWidth="2"
      />
      <rect width="320" height="70" fill={`url(#${shine})`} />
      {tile(70, 80, 90, 6, 6)}
      {tile(128, 80, 90, 6, 3)}
      {tile(178, 80, 0, 3, 3)}
      {tile(228, 80, 90, 3, 5)}
      {tile(96, 124, 0, 1, 4)}
    </svg>
  );
}

const GRID: Record<number, ReadonlyArray<readonly [number, number]>> = {
  0: [],
  1: [[0, 0]],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

function pips(value: number, offsetY: number) {
  return (GRID[value] ?? []).map(([cx, cy]) => (
    <circle
      key={`${offsetY}-${cx}-${cy}`}
      cx={cx * 6.5}
      cy={offsetY + 13 + cy * 6.5}
      r="2.4"
      fill="#14201a"
    />
  ));
}
