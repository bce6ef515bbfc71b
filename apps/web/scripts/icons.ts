/**
 * Draws the installable app's icons from the brand mark (the domino tile of public/favicon.svg)
 * with sharp, into public/icons/ (docs/decisions/025-installable-app-and-web-push.md). Run by
 * hand when the mark changes, and commit the PNGs: `npm run icons -w @domino/web`.
 *
 * - icon-192.png, icon-512.png ("any"): the ivory tile with a gold edge on a rounded felt square.
 * - maskable-192.png, maskable-512.png ("maskable"): full-bleed felt, the tile inside the central
 *   safe circle (80 % of the size), so a launcher's round or squircle mask never cuts it.
 * - apple-touch-icon.png (180): full-bleed, iOS rounds the corners itself.
 * - badge-72.png: the tile's white silhouette on transparency, the small monochrome icon Android
 *   shows in the status bar for a notification.
 *
 * The tile is the favicon's drawing (viewBox units: tile x 6..26, y 1..31), scaled and centred.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const FELT = '#0f4d2f';
const FELT_DARK = '#0a3322';
const IVORY = '#fbf8f0';
const GOLD = '#f5ca55';
const INK = '#0a3322';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');

/** The favicon's tile, drawn in its own units and placed so its centre is at (size/2, size/2). */
function tile(size: number, tileHeight: number, mono = false): string {
  const scale = tileHeight / 30;
  const t = `translate(${size / 2} ${size / 2}) scale(${scale}) translate(-16 -16)`;
  const face = mono ? '#ffffff' : IVORY;
  const pip = mono ? 'transparent' : INK;
  const edge = mono ? 'none' : GOLD;
  const pips = mono
    ? ''
    : `<line x1="9" y1="16" x2="23" y2="16" stroke="${INK}" stroke-width="1.2" stroke-linecap="round"/>
       <circle cx="16" cy="8.5" r="2.2" fill="${pip}"/>
       <circle cx="11.5" cy="20" r="2" fill="${pip}"/>
       <circle cx="16" cy="23.5" r="2" fill="${pip}"/>
       <circle cx="20.5" cy="27" r="2" fill="${pip}"/>`;
  return `<g transform="${t}">
    <rect x="6" y="1" width="20" height="30" rx="3.5" fill="${face}" stroke="${edge}" stroke-width="1.1"/>
    ${pips}
  </g>`;
}

function svg(size: number, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
      <defs>
        <radialGradient id="felt" cx="50%" cy="38%" r="70%">
          <stop offset="0" stop-color="#17643c"/>
          <stop offset="0.55" stop-color="${FELT}"/>
          <stop offset="1" stop-color="${FELT_DARK}"/>
        </radialGradient>
      </defs>
      ${body}
    </svg>`,
  );
}

/** "any" icon: a rounded felt square with a margin, the tile 72 % of the size tall. */
function anyIcon(size: number): Buffer {
  const r = size * 0.22;
  return svg(
    size,
    `<rect x="0" y="0" width="${size}" height="${size}" rx="${r}" fill="url(#felt)"/>
     ${tile(size, size * 0.72)}`,
  );
}

/** Full-bleed felt; the tile's corners stay inside the safe circle of radius 0.4 * size. */
function fullBleed(size: number, tileRatio: number): Buffer {
  return svg(
    size,
    `<rect x="0" y="0" width="${size}" height="${size}" fill="url(#felt)"/>
     ${tile(size, size * tileRatio)}`,
  );
}

async function png(name: string, image: Buffer): Promise<void> {
  await sharp(image).png({ compressionLevel: 9 }).toFile(path.join(out, name));
  console.log(`wrote public/icons/${name}`);
}

fs.mkdirSync(out, { recursive: true });
await png('icon-192.png', anyIcon(192));
await png('icon-512.png', anyIcon(512));
// Tile 56 % tall: half-diagonal sqrt(0.187^2 + 0.28^2) = 0.337 of the size, inside 0.4.
await png('maskable-192.png', fullBleed(192, 0.56));
await png('maskable-512.png', fullBleed(512, 0.56));
await png('apple-touch-icon.png', fullBleed(180, 0.66));
await png('badge-72.png', svg(72, tile(72, 64, true)));
