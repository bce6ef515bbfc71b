import { Box } from '@mantine/core';
import { PIP_OFFSETS } from './pips';

const LONG = 60;
const SHORT = 30;
const GAP = 4;

function half(value: number, cx: number, cy: number, key: string) {
  return (PIP_OFFSETS[value] ?? []).map(([dx, dy]) => (
    <circle
      key={`${key}-${dx}-${dy}`}
      cx={cx + dx * 7.5}
      cy={cy + dy * 7.5}
      r="2.7"
      fill="#14201a"
    />
  ));
}

/** A tile centred at (cx, cy); horizontal tiles show `a` on the left, vertical ones on top. */
function Tile({
  cx,
  cy,
  a,
  b,
  vertical,
}: {
  cx: number;
  cy: number;
  a: number;
  b: number;
  vertical?: boolean;
}) {
  const w = vertical ? SHORT : LONG;
  const h = vertical ? LONG : SHORT;
  const q = LONG / 4;
  return (
    <g>
      <rect
        x={cx - w / 2}
        y={cy - h / 2}
        width={w}
        height={h}
        rx="5"
        fill="#fbf6e8"
        stroke="#cdbf9b"
        strokeWidth="1.2"
      />
      {vertical ? (
        <line x1={cx - 10} y1={cy} x2={cx + 10} y2={cy} stroke="#b5a67f" strokeWidth="1.5" />
      ) : (
        <line x1={cx} y1={cy - 10} x2={cx} y2={cy + 10} stroke="#b5a67f" strokeWidth="1.5" />
      )}
      {vertical
        ? [...half(a, cx, cy - q, 'a'), ...half(b, cx, cy + q, 'b')]
        : [...half(a, cx - q, cy, 'a'), ...half(b, cx + q, cy, 'b')]}
    </g>
  );
}

/** A short, legal line of play for a seed: (a|b) [b:b] (b|c) (c|d). */
export function lineOfPlay(seed: number): [number, number, number, number] {
  const n = Math.abs(Math.trunc(seed));
  return [1 + ((n * 3 + 4) % 6), 1 + ((n * 5 + 5) % 6), 1 + ((n + 2) % 6), 1 + (n % 6)];
}

/**
 * The built-in picture of a domino table: green felt with a short line of play (varied by `seed`,
 * e.g. the table id). Used when a table has no image or its image fails. Decorative.
 */
export function TableIllustration({ height = 150, seed = 0 }: { height?: number; seed?: number }) {
  const [a, b, c, d] = lineOfPlay(seed);
  const width = LONG * 3 + SHORT + GAP * 3;
  let x = (320 - width) / 2;
  const y = 75;
  const tiles = [
    { a, b, w: LONG },
    { a: b, b, w: SHORT, vertical: true },
    { a: b, b: c, w: LONG },
    { a: c, b: d, w: LONG },
  ].map((t) => {
    const cx = x + t.w / 2;
    x += t.w + GAP;
    return { ...t, cx };
  });
  return (
    <Box
      h={height}
      pos="relative"
      aria-hidden
      style={{
        background: 'radial-gradient(ellipse at 50% 40%, #1f7a4a 0%, #0f4d2f 60%, #0a3322 100%)',
      }}
    >
      <Box
        pos="absolute"
        inset={8}
        style={{ border: '1px solid rgba(229, 169, 18, 0.45)', borderRadius: 10 }}
      />
      <svg
        viewBox="0 0 320 150"
        width="100%"
        height="100%"
        preserveAspectRatio="xMidYMid meet"
        style={{
          position: 'relative',
          display: 'block',
          filter: 'drop-shadow(0 4px 4px rgba(0,0,0,0.35))',
        }}
      >
        {tiles.map((t, i) => (
          <Tile key={i} cx={t.cx} cy={y} a={t.a} b={t.b} vertical={t.vertical} />
        ))}
      </svg>
    </Box>
  );
}
