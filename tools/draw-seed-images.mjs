// Draws the shop's seed item pictures as procedural SVG and renders them with sharp to 512x512 WebP
// in server/assets/seed-images/ (or the folder `--out=DIR` names). Every random choice comes from a
// PRNG seeded by the image name, so running `node tools/draw-seed-images.mjs` again gives the same
// pictures. A tool for whoever changes a drawing or adds a seed item; the server never loads it.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const SIZE = 512;
const QUALITY = 82;
const outArg = process.argv.find((arg) => arg.startsWith('--out='));
const outDir = outArg
  ? path.resolve(outArg.slice('--out='.length))
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server/assets/seed-images');

const rarities = {
  common: { color: '#9ca3af', tier: 1 },
  uncommon: { color: '#22c55e', tier: 2 },
  rare: { color: '#3b82f6', tier: 3 },
  epic: { color: '#a855f7', tier: 4 },
  legendary: { color: '#f97316', tier: 5 },
};

// ---------------------------------------------------------------------------------------------
// Small helpers: seeded randomness, number formatting, colours.

function hashString(text) {
  let h = 2166136261;
  for (const ch of text) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32: tiny, fast and good enough for placing stars. */
function mulberry32(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n) => Number(n.toFixed(2));
const pts = (list) => list.map(([x, y]) => `${f(x)},${f(y)}`).join(' ');

function hexToRgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(a, b, t) {
  const ca = hexToRgb(a);
  const cb = hexToRgb(b);
  const c = ca.map((v, i) => Math.round(v + (cb[i] - v) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** One picture being drawn: its PRNG, its accent colour and the <defs> it has collected. */
class Art {
  constructor(name, rarity) {
    this.rng = mulberry32(hashString(name));
    this.rarity = rarities[rarity];
    this.accent = this.rarity.color;
    this.defs = [];
    this.count = 0;
  }

  rand(min, max) {
    return min + (max - min) * this.rng();
  }

  id(prefix) {
    this.count += 1;
    return `${prefix}${this.count}`;
  }

  stops(list) {
    return list
      .map(
        ([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`,
      )
      .join('');
  }

  /** Linear gradient; coordinates are fractions of the shape's box unless `user` is set. */
  linear(list, { x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false } = {}) {
    const id = this.id('lg');
    const units = user ? ' gradientUnits="userSpaceOnUse"' : '';
    this.defs.push(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${units}>${this.stops(list)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(list, { cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy, user = false } = {}) {
    const id = this.id('rg');
    const units = user ? ' gradientUnits="userSpaceOnUse"' : '';
    this.defs.push(
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}"${units}>${this.stops(list)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  clip(body) {
    const id = this.id('cp');
    this.defs.push(`<clipPath id="${id}">${body}</clipPath>`);
    return `url(#${id})`;
  }

  render(body) {
    const filters = [3, 7, 14, 30]
      .map(
        (sd, i) =>
          `<filter id="glow${i}" filterUnits="userSpaceOnUse" x="-1024" y="-1024" width="3072" height="3072">` +
          `<feGaussianBlur stdDeviation="${sd}" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
      )
      .join('');
    const blurs = [2, 6, 16, 40]
      .map(
        (sd, i) =>
          `<filter id="blur${i}" filterUnits="userSpaceOnUse" x="-1024" y="-1024" width="3072" height="3072">` +
          `<feGaussianBlur stdDeviation="${sd}"/></filter>`,
      )
      .join('');
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">` +
      `<defs>${filters}${blurs}${this.defs.join('')}</defs>${body}</svg>`
    );
  }
}

// Filter shorthands: glow keeps the shape and adds a halo, blur only softens.
const GLOW_S = 'filter="url(#glow0)"';
const GLOW_M = 'filter="url(#glow1)"';
const GLOW_L = 'filter="url(#glow2)"';
const BLUR_S = 'filter="url(#blur0)"';
const BLUR_M = 'filter="url(#blur1)"';
const BLUR_L = 'filter="url(#blur2)"';
const BLUR_XL = 'filter="url(#blur3)"';

// ---------------------------------------------------------------------------------------------
// Shared scenery: space background, floor glow and the rarity frame.

function sparkle(x, y, size, color = '#ffffff', opacity = 1) {
  const s = size;
  const k = s * 0.16;
  return (
    `<path d="M${f(x)},${f(y - s)} Q${f(x + k)},${f(y - k)} ${f(x + s)},${f(y)} Q${f(x + k)},${f(y + k)} ${f(x)},${f(y + s)} ` +
    `Q${f(x - k)},${f(y + k)} ${f(x - s)},${f(y)} Q${f(x - k)},${f(y - k)} ${f(x)},${f(y - s)}Z" fill="${color}" opacity="${opacity}" ${GLOW_S}/>`
  );
}

function background(art, { hue2 = '#1e3a8a', focusY = 0.46, planet = null } = {}) {
  const { accent } = art;
  let s = `<rect width="${SIZE}" height="${SIZE}" fill="${art.radial(
    [
      [0, mix('#161c3a', accent, 0.12)],
      [0.55, '#0a0d1f'],
      [1, '#030409'],
    ],
    { cx: 0.5, cy: focusY, r: 0.78 },
  )}"/>`;

  // Soft nebula clouds in the accent colour and a second hue.
  const clouds = [];
  for (let i = 0; i < 5; i += 1) {
    const color = i % 2 === 0 ? accent : hue2;
    clouds.push(
      `<ellipse cx="${f(art.rand(40, 470))}" cy="${f(art.rand(30, 480))}" rx="${f(art.rand(80, 170))}" ry="${f(art.rand(50, 110))}" ` +
        `transform="rotate(${f(art.rand(-40, 40))} 256 256)" fill="${color}" opacity="${f(art.rand(0.1, 0.2))}"/>`,
    );
  }
  s += `<g ${BLUR_XL}>${clouds.join('')}</g>`;

  // Star field: many faint points and a few bright ones with flares.
  const stars = [];
  for (let i = 0; i < 140; i += 1) {
    const r = art.rng() < 0.85 ? art.rand(0.4, 1.0) : art.rand(1.0, 1.7);
    const tint = art.rng() < 0.2 ? mix('#ffffff', accent, 0.5) : art.rng() < 0.3 ? '#bfdbfe' : '#ffffff';
    stars.push(
      `<circle cx="${f(art.rand(0, SIZE))}" cy="${f(art.rand(0, SIZE))}" r="${f(r)}" fill="${tint}" opacity="${f(art.rand(0.35, 0.95))}"/>`,
    );
  }
  s += stars.join('');
  for (let i = 0; i < 5; i += 1) {
    s += sparkle(
      art.rand(20, 492),
      art.rand(20, 492),
      art.rand(4, 8),
      mix('#ffffff', accent, 0.25),
      art.rand(0.6, 0.95),
    );
  }

  if (planet) s += planet;

  // A glow of the rarity colour behind the item.
  s += `<circle cx="256" cy="${f(SIZE * focusY)}" r="230" fill="${art.radial([
    [0, accent, 0.32],
    [0.5, accent, 0.1],
    [1, accent, 0],
  ])}"/>`;
  return s;
}

function floorGlow(art, cx = 256, cy = 436, rx = 170, ry = 34) {
  return (
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${art.radial([
      [0, art.accent, 0.55],
      [0.6, art.accent, 0.16],
      [1, art.accent, 0],
    ])}"/>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${f(rx * 0.7)}" ry="${f(ry * 0.32)}" fill="none" stroke="${mix(art.accent, '#ffffff', 0.3)}" stroke-width="1.5" opacity="0.55" ${GLOW_S}/>`
  );
}

/** HUD-style corner brackets and rarity pips in the accent colour. */
function frame(art) {
  const { accent, rarity } = art;
  const c = 14;
  const l = 46;
  let s = `<rect x="8" y="8" width="496" height="496" rx="18" fill="none" stroke="${accent}" stroke-opacity="0.35" stroke-width="2"/>`;
  const corners = [
    `M${c},${c + l} V${c + 8} Q${c},${c} ${c + 8},${c} H${c + l}`,
    `M${SIZE - c - l},${c} H${SIZE - c - 8} Q${SIZE - c},${c} ${SIZE - c},${c + 8} V${c + l}`,
    `M${c},${SIZE - c - l} V${SIZE - c - 8} Q${c},${SIZE - c} ${c + 8},${SIZE - c} H${c + l}`,
    `M${SIZE - c - l},${SIZE - c} H${SIZE - c - 8} Q${SIZE - c},${SIZE - c} ${SIZE - c},${SIZE - c - 8} V${SIZE - c - l}`,
  ];
  s += `<g fill="none" stroke="${accent}" stroke-width="4" stroke-linecap="round" ${GLOW_S}>${corners.map((d) => `<path d="${d}"/>`).join('')}</g>`;
  // Five diamonds along the bottom edge, lit up to the rarity tier.
  const y = SIZE - 28;
  for (let i = 0; i < 5; i += 1) {
    const x = 256 + (i - 2) * 18;
    const lit = i < rarity.tier;
    s += `<path d="M${x},${y - 6} L${x + 6},${y} L${x},${y + 6} L${x - 6},${y}Z" fill="${lit ? accent : 'none'}" stroke="${accent}" stroke-width="1.5" opacity="${lit ? 1 : 0.45}" ${lit ? GLOW_S : ''}/>`;
  }
  return s;
}

function scene(art, body, options = {}) {
  return art.render(background(art, options) + body + frame(art));
}

// ---------------------------------------------------------------------------------------------
// Reusable props.

/**
 * A credit coin seen from above at a tilt: face ellipse, milled rim and a glowing cyan credit mark.
 * `tilt` is the vertical squash of the face (1 = facing the viewer, 0.35 = lying flat).
 */
function coin(art, cx, cy, r, { tilt = 0.38, rotate = 0, glow = true } = {}) {
  const t = r * 0.2;
  const ry = r * tilt;
  const edge = art.linear(
    [
      [0, '#7c4a03'],
      [0.25, '#f5c542'],
      [0.5, '#b7791f'],
      [0.8, '#fde68a'],
      [1, '#78350f'],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 0 },
  );
  const face = art.radial(
    [
      [0, '#fff7c2'],
      [0.45, '#fcd34d'],
      [0.85, '#d97706'],
      [1, '#92400e'],
    ],
    { cx: 0.38, cy: 0.32, r: 0.75 },
  );
  let ridges = '';
  for (let i = 1; i < 16; i += 1) {
    const a = Math.PI * (i / 16);
    const x = -r * Math.cos(a);
    const y = ry * Math.sin(a);
    ridges += `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x)}" y2="${f(y + t)}"/>`;
  }
  const mark = glow ? GLOW_S : '';
  return (
    `<g transform="translate(${f(cx)},${f(cy)}) rotate(${f(rotate)})">` +
    `<path d="M${f(-r)},0 V${f(t)} A${f(r)},${f(ry)} 0 0 0 ${f(r)},${f(t)} V0 A${f(r)},${f(ry)} 0 0 1 ${f(-r)},0Z" fill="${edge}"/>` +
    `<g stroke="#5b3403" stroke-width="${f(r * 0.05)}" opacity="0.45">${ridges}</g>` +
    `<g transform="scale(1,${f(tilt)})">` +
    `<circle r="${f(r)}" fill="${face}" stroke="#fef3c7" stroke-width="${f(r * 0.04)}"/>` +
    `<circle r="${f(r * 0.78)}" fill="none" stroke="#b45309" stroke-width="${f(r * 0.06)}" opacity="0.8"/>` +
    `<circle r="${f(r * 0.72)}" fill="none" stroke="#67e8f9" stroke-width="${f(r * 0.05)}" ${mark}/>` +
    `<g fill="none" stroke="#22d3ee" stroke-width="${f(r * 0.12)}" stroke-linecap="round" ${mark}>` +
    `<path d="M${f(r * 0.3)},${f(-r * 0.3)} A${f(r * 0.42)},${f(r * 0.42)} 0 1 0 ${f(r * 0.3)},${f(r * 0.3)}"/>` +
    `<line x1="0" y1="${f(-r * 0.56)}" x2="0" y2="${f(r * 0.56)}" stroke-width="${f(r * 0.08)}"/></g>` +
    `<ellipse cx="${f(-r * 0.35)}" cy="${f(-r * 0.45)}" rx="${f(r * 0.32)}" ry="${f(r * 0.14)}" transform="rotate(-30 ${f(-r * 0.35)} ${f(-r * 0.45)})" fill="#ffffff" opacity="0.5"/>` +
    `</g></g>`
  );
}

/** A vertical cylinder seen a little from above; returns body + top cap. */
function cylinder(x, y, w, h, ry, bodyFill, topFill, stroke = 'none') {
  const r = w / 2;
  return (
    `<path d="M${f(x)},${f(y)} V${f(y + h)} A${f(r)},${f(ry)} 0 0 0 ${f(x + w)},${f(y + h)} V${f(y)}Z" fill="${bodyFill}" stroke="${stroke}"/>` +
    `<ellipse cx="${f(x + r)}" cy="${f(y)}" rx="${f(r)}" ry="${f(ry)}" fill="${topFill}" stroke="${stroke}"/>`
  );
}

/** Metal shading across a shape, lit from the left. */
function metal(art, light = '#e2e8f0', dark = '#334155', dir = { x1: 0, y1: 0, x2: 1, y2: 0 }) {
  return art.linear(
    [
      [0, mix(light, dark, 0.45)],
      [0.22, light],
      [0.55, mix(light, dark, 0.5)],
      [1, dark],
    ],
    dir,
  );
}

/** An engine exhaust plume pointing down the local +y axis from (x, y). */
function plume(art, x, y, w, len, color) {
  const fill = art.linear(
    [
      [0, '#ffffff', 1],
      [0.15, mix(color, '#ffffff', 0.5), 0.95],
      [0.5, color, 0.55],
      [1, color, 0],
    ],
    { x1: 0, y1: 0, x2: 0, y2: 1 },
  );
  return (
    `<ellipse cx="${f(x)}" cy="${f(y + len * 0.45)}" rx="${f(w * 1.6)}" ry="${f(len * 0.6)}" fill="${color}" opacity="0.35" ${BLUR_M}/>` +
    `<path d="M${f(x - w / 2)},${f(y)} Q${f(x - w * 0.4)},${f(y + len * 0.6)} ${f(x)},${f(y + len)} Q${f(x + w * 0.4)},${f(y + len * 0.6)} ${f(x + w / 2)},${f(y)}Z" fill="${fill}" ${GLOW_S}/>` +
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(w * 0.75)}" fill="#ffffff" opacity="0.9" ${GLOW_M}/>`
  );
}

/** A jagged electric arc from a to b. */
function arcPath(art, ax, ay, bx, by, jag, steps = 9) {
  const dx = bx - ax;
  const dy = by - ay;
  const len = Math.hypot(dx, dy);
  const nx = -dy / len;
  const ny = dx / len;
  const list = [[ax, ay]];
  for (let i = 1; i < steps; i += 1) {
    const t = i / steps;
    const o = art.rand(-jag, jag);
    list.push([ax + dx * t + nx * o, ay + dy * t + ny * o]);
  }
  list.push([bx, by]);
  return `M${list.map(([x, y]) => `${f(x)},${f(y)}`).join(' L')}`;
}

function hexPoints(cx, cy, r, rot = 0) {
  const list = [];
  for (let i = 0; i < 6; i += 1) {
    const a = (Math.PI / 3) * i + rot;
    list.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return list;
}

// ---------------------------------------------------------------------------------------------
// The pictures.

function credits500() {
  const art = new Art('credits-500', 'common');
  let s = floorGlow(art, 256, 400, 150, 30);
  // Main stack, slightly uneven.
  const r = 74;
  for (let i = 0; i < 7; i += 1) {
    s += coin(art, 226 + art.rand(-5, 5), 372 - i * r * 0.21, r, { glow: i === 6 });
  }
  // Shorter stack beside it and a coin lying flat, one leaning up.
  for (let i = 0; i < 3; i += 1) {
    s += coin(art, 352 + art.rand(-3, 3), 392 - i * 56 * 0.21, 56, { glow: i === 2 });
  }
  s += coin(art, 128, 404, 46, {});
  s += coin(art, 338, 268, 52, { tilt: 0.92, rotate: 14 });
  // Cyan energy glints.
  s += sparkle(176, 196, 12, '#a5f3fc');
  s += sparkle(384, 232, 9, '#fef3c7');
  s += sparkle(300, 150, 7, '#ffffff', 0.8);
  return scene(art, s, { hue2: '#0e7490', focusY: 0.55 });
}

function credits2500() {
  const art = new Art('credits-2500', 'uncommon');
  let s = floorGlow(art, 256, 430, 200, 40);
  const x0 = 130;
  const x1 = 382;
  const top = 300;
  const bottom = 420;
  // Open lid leaning back.
  s += `<path d="M${x0 + 6},${top - 14} L${x0 + 20},176 Q256,150 ${x1 - 20},176 L${x1 - 6},${top - 14}Z" fill="${metal(art, '#475569', '#0f172a')}" stroke="#1e293b" stroke-width="3"/>`;
  s += `<path d="M${x0 + 30},${top - 24} L${x0 + 40},190 Q256,168 ${x1 - 40},190 L${x1 - 30},${top - 24}Z" fill="#0b1220" stroke="${art.accent}" stroke-width="2" stroke-opacity="0.7"/>`;
  s += `<path d="M${x0 + 20},176 Q256,150 ${x1 - 20},176" fill="none" stroke="#fbbf24" stroke-width="6"/>`;
  // Inner glow from the treasure.
  s += `<ellipse cx="256" cy="${top - 10}" rx="150" ry="70" fill="${art.radial([
    [0, '#fde68a', 0.9],
    [0.5, '#f59e0b', 0.35],
    [1, '#f59e0b', 0],
  ])}" ${BLUR_S}/>`;
  // Back rim of the chest opening.
  s += `<path d="M${x0},${top} L${x0 + 18},${top - 26} H${x1 - 18} L${x1},${top}Z" fill="#1e293b"/>`;
  // Coin mound: rows from the back to the front, higher in the middle.
  const coins = [];
  for (let row = 0; row < 6; row += 1) {
    const y = top - 70 + row * 16;
    const span = 70 + row * 18;
    const n = 3 + row;
    for (let i = 0; i < n; i += 1) {
      const x = 256 - span + (2 * span * (i + art.rand(0.2, 0.8))) / n;
      const lift = 38 * Math.cos(((x - 256) / (span + 30)) * (Math.PI / 2));
      coins.push([x, y + 30 - lift * (1 - row / 8), art.rand(20, 26), art.rand(-25, 25), art.rand(0.32, 0.55)]);
    }
  }
  for (const [x, y, r, rot, tilt] of coins) s += coin(art, x, y, r, { rotate: rot, tilt, glow: art.rng() < 0.4 });
  // Chest front.
  s += `<rect x="${x0}" y="${top}" width="${x1 - x0}" height="${bottom - top}" rx="10" fill="${metal(art, '#64748b', '#0f172a', { x1: 0, y1: 0, x2: 0, y2: 1 })}" stroke="#0b1120" stroke-width="3"/>`;
  s += `<rect x="${x0 + 14}" y="${top + 16}" width="${x1 - x0 - 28}" height="${bottom - top - 32}" rx="8" fill="#111827" stroke="#334155" stroke-width="2"/>`;
  for (const x of [x0 + 44, x1 - 44]) {
    s += `<rect x="${x - 9}" y="${top}" width="18" height="${bottom - top}" fill="${metal(art, '#fde68a', '#92400e')}"/>`;
  }
  s += `<rect x="${x0}" y="${top - 4}" width="${x1 - x0}" height="12" rx="4" fill="${metal(art, '#fde68a', '#92400e', { x1: 0, y1: 0, x2: 0, y2: 1 })}"/>`;
  // Glowing lock and light strips.
  s += `<rect x="226" y="${top + 30}" width="60" height="52" rx="10" fill="#0f172a" stroke="#fbbf24" stroke-width="3"/>`;
  s += `<circle cx="256" cy="${top + 56}" r="13" fill="none" stroke="${art.accent}" stroke-width="4" ${GLOW_M}/>`;
  s += `<rect x="250" y="${top + 52}" width="12" height="20" rx="3" fill="${art.accent}" ${GLOW_S}/>`;
  s += `<g stroke="${art.accent}" stroke-width="4" stroke-linecap="round" ${GLOW_S}><line x1="${x0 + 70}" y1="${bottom - 30}" x2="206" y2="${bottom - 30}"/><line x1="306" y1="${bottom - 30}" x2="${x1 - 70}" y2="${bottom - 30}"/></g>`;
  // Spilled coins on the floor.
  s += coin(art, 96, 424, 28, { tilt: 0.4 });
  s += coin(art, 418, 418, 30, { rotate: 10 });
  s += coin(art, 430, 372, 24, { tilt: 0.95, rotate: -18 });
  s += coin(art, 104, 382, 22, { tilt: 0.9, rotate: 24 });
  // Sparkles over the hoard.
  const glints = [
    [200, 190, 16],
    [322, 206, 12],
    [262, 150, 20],
    [150, 250, 9],
    [372, 258, 10],
    [404, 140, 8],
    [110, 170, 7],
  ];
  for (const [x, y, sz] of glints) s += sparkle(x, y, sz, '#fffbeb');
  return scene(art, s, { hue2: '#a16207', focusY: 0.58 });
}

function shipScoutCorvette() {
  const art = new Art('ship-scout-corvette', 'common');
  let s = '';
  // Speed streaks behind the ship, drawn in its frame.
  let streaks = '';
  for (let i = 0; i < 9; i += 1) {
    const x = art.rand(-150, 150);
    const y = art.rand(100, 200);
    const len = art.rand(80, 200);
    streaks += `<rect x="${f(x)}" y="${f(y)}" width="${f(art.rand(1, 2.5))}" height="${f(len)}" fill="${art.linear([
      [0, '#e0f2fe', 0.6],
      [1, '#e0f2fe', 0],
    ])}"/>`;
  }
  const hull = metal(art, '#f1f5f9', '#475569');
  const wing = metal(art, '#cbd5e1', '#334155');
  const trim = '#f59e0b';
  const wingR = 'M26,-8 L96,46 L102,78 L86,84 L30,62Z';
  const wingL = 'M-26,-8 L-96,46 L-102,78 L-86,84 L-30,62Z';
  let ship = streaks;
  ship += plume(art, -14, 104, 14, 120, '#38bdf8') + plume(art, 14, 104, 14, 120, '#38bdf8');
  ship += `<path d="${wingL}" fill="${wing}" stroke="#1e293b" stroke-width="2"/><path d="${wingR}" fill="${wing}" stroke="#1e293b" stroke-width="2"/>`;
  ship += `<path d="M-40,4 L-92,46 L-95,58 L-40,16Z M40,4 L92,46 L95,58 L40,16Z" fill="${trim}" opacity="0.9"/>`;
  // Wingtip cannons and lights.
  ship += `<rect x="-106" y="30" width="9" height="54" rx="3" fill="#64748b" stroke="#1e293b" stroke-width="1.5"/><rect x="97" y="30" width="9" height="54" rx="3" fill="#64748b" stroke="#1e293b" stroke-width="1.5"/>`;
  ship += `<circle cx="-100" cy="82" r="4" fill="#f87171" ${GLOW_S}/><circle cx="100" cy="82" r="4" fill="#4ade80" ${GLOW_S}/>`;
  // Hull.
  ship +=
    `<path d="M0,-130 C14,-108 26,-66 28,-22 L36,44 C36,74 28,96 18,106 L-18,106 C-28,96 -36,74 -36,44 L-28,-22 C-26,-66 -14,-108 0,-130Z" ` +
    `fill="${hull}" stroke="#1e293b" stroke-width="2.5"/>`;
  ship += `<path d="M0,-130 C6,-118 10,-104 12,-92 L-12,-92 C-10,-104 -6,-118 0,-130Z" fill="${trim}"/>`;
  ship += `<g stroke="#475569" stroke-width="1.3" fill="none" opacity="0.8"><path d="M-22,10 H22 M-26,46 H26 M-30,80 H30 M0,10 V100"/></g>`;
  ship += `<rect x="-24" y="96" width="20" height="14" rx="3" fill="#1f2937"/><rect x="4" y="96" width="20" height="14" rx="3" fill="#1f2937"/>`;
  // Canopy.
  ship += `<ellipse cx="0" cy="-48" rx="12" ry="30" fill="${art.linear([
    [0, '#a5f3fc'],
    [0.5, '#0891b2'],
    [1, '#0c4a6e'],
  ])}" stroke="#0f172a" stroke-width="2"/>`;
  ship += `<ellipse cx="-4" cy="-60" rx="4" ry="12" fill="#ffffff" opacity="0.7"/>`;
  s += `<g transform="translate(262,262) rotate(40) scale(1.35)">${ship}</g>`;
  return scene(art, s, { hue2: '#1d4ed8' });
}

function shipVanguardInterceptor() {
  const art = new Art('ship-vanguard-interceptor', 'rare');
  const blue = art.accent;
  const hull = metal(art, '#e2e8f0', '#1e293b');
  const wing = metal(art, '#94a3b8', '#0f172a');
  let ship = '';
  // Long engine trails.
  ship += plume(art, -26, 150, 18, 190, '#60a5fa') + plume(art, 26, 150, 18, 190, '#60a5fa');
  // Delta wings.
  ship += `<path d="M16,-30 L134,92 L138,122 L100,126 L22,104Z" fill="${wing}" stroke="#0b1120" stroke-width="2"/>`;
  ship += `<path d="M-16,-30 L-134,92 L-138,122 L-100,126 L-22,104Z" fill="${wing}" stroke="#0b1120" stroke-width="2"/>`;
  ship += `<path d="M22,-18 L130,96 L126,102 L20,-6Z M-22,-18 L-130,96 L-126,102 L-20,-6Z" fill="${blue}" ${GLOW_S}/>`;
  ship += `<g stroke="#334155" stroke-width="1.2" opacity="0.9"><path d="M30,40 L110,110 M-30,40 L-110,110 M40,104 L60,60 M-40,104 L-60,60"/></g>`;
  // Wing cannons.
  for (const x of [-78, 78]) {
    ship += `<rect x="${x - 5}" y="0" width="10" height="100" rx="4" fill="${metal(art, '#cbd5e1', '#1e293b')}" stroke="#0b1120" stroke-width="1.5"/>`;
    ship += `<circle cx="${x}" cy="-2" r="3.5" fill="#bfdbfe" ${GLOW_S}/>`;
  }
  // Canards.
  ship += `<path d="M12,-96 L48,-70 L48,-58 L14,-70Z M-12,-96 L-48,-70 L-48,-58 L-14,-70Z" fill="${wing}" stroke="#0b1120" stroke-width="1.5"/>`;
  // Engine nacelles.
  for (const x of [-26, 26]) {
    ship += `<rect x="${x - 13}" y="40" width="26" height="112" rx="11" fill="${metal(art, '#cbd5e1', '#0f172a')}" stroke="#0b1120" stroke-width="2"/>`;
    ship += `<rect x="${x - 10}" y="140" width="20" height="14" rx="4" fill="#111827"/>`;
  }
  // Needle fuselage.
  ship +=
    `<path d="M0,-190 C8,-160 14,-118 16,-66 L20,60 L18,138 L-18,138 L-20,60 L-16,-66 C-14,-118 -8,-160 0,-190Z" ` +
    `fill="${hull}" stroke="#0b1120" stroke-width="2.5"/>`;
  ship += `<path d="M0,-190 C3,-176 5,-164 6,-150 L-6,-150 C-5,-164 -3,-176 0,-190Z" fill="${blue}" ${GLOW_S}/>`;
  ship += `<path d="M-3,-30 V130 M3,-30 V130" stroke="${blue}" stroke-width="2.5" ${GLOW_S}/>`;
  ship += `<ellipse cx="0" cy="-92" rx="9" ry="32" fill="${art.linear([
    [0, '#bae6fd'],
    [0.5, '#2563eb'],
    [1, '#172554'],
  ])}" stroke="#0b1120" stroke-width="2"/><ellipse cx="-3" cy="-104" rx="3" ry="12" fill="#ffffff" opacity="0.75"/>`;
  // Cannon bolts streaking ahead.
  let bolts = '';
  for (const x of [-78, 78]) {
    bolts += `<rect x="${x - 2}" y="-150" width="4" height="40" rx="2" fill="#dbeafe" ${GLOW_M}/>`;
    bolts += `<rect x="${x - 1.5}" y="-250" width="3" height="30" rx="1.5" fill="#bfdbfe" opacity="0.8" ${GLOW_S}/>`;
  }
  const s = `<g transform="translate(258,268) rotate(42) scale(1.05)">${bolts}${ship}</g>`;
  return scene(art, s, { hue2: '#0e7490' });
}

function shipLeviathanDreadnought() {
  const art = new Art('ship-leviathan-dreadnought', 'legendary');
  const orange = art.accent;
  // Planet low on the right, lit in orange.
  const planet =
    `<circle cx="40" cy="500" r="190" fill="${art.radial(
      [
        [0, '#7c2d12'],
        [0.6, '#431407'],
        [1, '#0c0a09'],
      ],
      { cx: 0.7, cy: 0.2, r: 0.85 },
    )}"/>` +
    `<circle cx="40" cy="500" r="190" fill="none" stroke="#fdba74" stroke-width="3" opacity="0.6" ${GLOW_M}/>` +
    `<g opacity="0.22" stroke="#fed7aa" fill="none" stroke-width="6" clip-path="${art.clip('<circle cx="40" cy="500" r="190"/>')}">` +
    `<path d="M-160,420 Q40,370 240,430"/><path d="M-160,470 Q40,420 240,480"/><path d="M-160,370 Q40,320 240,380"/></g>`;

  const L = 250;
  const B = 210;
  const W = 150;
  const hullPath = `M0,${-L} L${W},${B} L-${W},${B}Z`;
  let ship = '';
  // Engine bank glow.
  for (const x of [-110, -55, 0, 55, 110]) ship += plume(art, x, B + 6, x === 0 ? 30 : 22, x === 0 ? 150 : 120, orange);
  // Hull halves with different light.
  ship += `<path d="M0,${-L} L-${W},${B} L0,${B}Z" fill="${art.linear(
    [
      [0, '#94a3b8'],
      [1, '#475569'],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  )}"/>`;
  ship += `<path d="M0,${-L} L${W},${B} L0,${B}Z" fill="${art.linear(
    [
      [0, '#334155'],
      [1, '#111827'],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  )}"/>`;
  // Greebles clipped to the hull.
  const clip = art.clip(`<path d="${hullPath}"/>`);
  let greebles = '';
  for (let i = 0; i < 170; i += 1) {
    const y = art.rand(-L + 40, B - 10);
    const halfW = (W * (y + L)) / (L + B);
    const x = art.rand(-halfW, halfW);
    const w = art.rand(4, 22);
    const h = art.rand(3, 14);
    const light = x < 0;
    const color = art.rng() < 0.5 ? (light ? '#cbd5e1' : '#475569') : light ? '#334155' : '#0b1120';
    greebles += `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${color}" opacity="${f(art.rand(0.35, 0.8))}"/>`;
  }
  // Rows of lit windows.
  for (let i = 0; i < 60; i += 1) {
    const y = art.rand(-L + 80, B - 14);
    const halfW = (W * (y + L)) / (L + B) - 8;
    const x = art.rand(-halfW, halfW);
    greebles += `<rect x="${f(x)}" y="${f(y)}" width="${f(art.rand(3, 8))}" height="1.8" fill="#fed7aa" opacity="${f(art.rand(0.55, 1))}"/>`;
  }
  ship += `<g clip-path="${clip}">${greebles}</g>`;
  // Raised spine.
  ship += `<path d="M0,${-L + 50} L-46,${B} L0,${B}Z" fill="#cbd5e1"/><path d="M0,${-L + 50} L46,${B} L0,${B}Z" fill="#1e293b"/>`;
  ship += `<path d="M0,${-L + 50} V${B}" stroke="${orange}" stroke-width="2.5" ${GLOW_S}/>`;
  // Hull edge trim.
  ship += `<path d="${hullPath}" fill="none" stroke="#0b1120" stroke-width="3"/>`;
  ship += `<path d="M0,${-L} L-${W},${B}" stroke="${orange}" stroke-width="2" opacity="0.9" ${GLOW_S}/>`;
  // Command tower.
  ship += `<rect x="-40" y="${B - 110}" width="80" height="60" rx="6" fill="${metal(art, '#e2e8f0', '#1e293b')}" stroke="#0b1120" stroke-width="2"/>`;
  ship += `<rect x="-58" y="${B - 70}" width="116" height="26" rx="5" fill="${metal(art, '#cbd5e1', '#0f172a')}" stroke="#0b1120" stroke-width="2"/>`;
  ship += `<rect x="-30" y="${B - 100}" width="60" height="5" fill="#fdba74" ${GLOW_S}/>`;
  ship += `<rect x="-50" y="${B - 62}" width="100" height="4" fill="#fdba74" ${GLOW_S}/>`;
  // Heavy turrets along the hull.
  const turrets = [
    [-34, -110],
    [34, -110],
    [-60, -20],
    [60, -20],
    [-86, 70],
    [86, 70],
    [-22, 40],
    [22, 40],
  ];
  for (const [x, y] of turrets) {
    ship += `<g transform="translate(${x},${y}) rotate(${x < 0 ? -20 : 20})"><rect x="-5" y="-26" width="3" height="20" fill="#94a3b8"/><rect x="2" y="-26" width="3" height="20" fill="#94a3b8"/>`;
    ship += `<circle r="10" fill="${metal(art, '#e2e8f0', '#1e293b')}" stroke="#0b1120" stroke-width="1.5"/><circle r="3" fill="${orange}"/></g>`;
  }
  // Engine housings.
  for (const x of [-110, -55, 0, 55, 110]) {
    const w = x === 0 ? 40 : 30;
    ship += `<rect x="${x - w / 2}" y="${B - 8}" width="${w}" height="16" rx="4" fill="#1f2937" stroke="#0b1120" stroke-width="2"/>`;
  }
  // Escort fighters for scale.
  let escorts = '';
  for (const [x, y, sc] of [
    [-190, -60, 1],
    [-215, -10, 0.8],
    [200, -150, 0.9],
  ]) {
    escorts += `<g transform="translate(${x},${y}) scale(${sc})">${plume(art, 0, 8, 4, 26, orange)}<path d="M0,-12 L8,8 L-8,8Z" fill="#cbd5e1" stroke="#0b1120"/></g>`;
  }
  const s = `<g transform="translate(226,218) rotate(-48) scale(0.93)">${escorts}${ship}</g>`;
  return scene(art, s, { hue2: '#7c2d12', planet });
}

function weaponPulseLaser() {
  const art = new Art('weapon-pulse-laser', 'uncommon');
  const green = art.accent;
  let s = floorGlow(art, 200, 440, 170, 32);
  const angle = -32;
  // Beams first (behind the muzzles), in the barrel frame.
  let beams = '';
  const barrels = [-22, 0, 22];
  for (const y of barrels) {
    beams += `<rect x="150" y="${y - 9}" width="420" height="18" fill="${green}" opacity="0.45" ${BLUR_M}/>`;
    beams += `<rect x="150" y="${y - 3.5}" width="420" height="7" rx="3.5" fill="#bbf7d0" ${GLOW_M}/>`;
    beams += `<rect x="150" y="${y - 1.2}" width="420" height="2.4" fill="#ffffff"/>`;
    // Pulses travelling along the beam.
    for (let i = 0; i < 3; i += 1) {
      const x = art.rand(200, 480);
      beams += `<ellipse cx="${f(x)}" cy="${y}" rx="22" ry="6" fill="#ffffff" ${GLOW_M}/>`;
    }
  }
  let gun = '';
  // Barrels with cooling rings.
  for (const y of barrels) {
    gun += `<rect x="30" y="${y - 8}" width="130" height="16" rx="4" fill="${metal(art, '#e2e8f0', '#1e293b', { x1: 0, y1: 0, x2: 0, y2: 1 })}" stroke="#0b1120" stroke-width="2"/>`;
    for (const x of [60, 86, 112])
      gun += `<rect x="${x}" y="${y - 10}" width="8" height="20" rx="2" fill="#475569" stroke="#0b1120" stroke-width="1"/>`;
    gun += `<rect x="150" y="${y - 10}" width="14" height="20" rx="3" fill="#1f2937" stroke="#0b1120" stroke-width="1.5"/>`;
    gun += `<circle cx="166" cy="${y}" r="15" fill="${art.radial([
      [0, '#ffffff'],
      [0.35, '#bbf7d0'],
      [1, green, 0],
    ])}" ${GLOW_S}/>`;
  }
  // Turret housing (in barrel frame so it turns with the gun).
  gun += `<path d="M-70,-46 H40 Q62,-46 62,-24 V24 Q62,46 40,46 H-70 Q-92,46 -92,24 V-24 Q-92,-46 -70,-46Z" fill="${metal(art, '#cbd5e1', '#0f172a', { x1: 0, y1: 0, x2: 0, y2: 1 })}" stroke="#0b1120" stroke-width="3"/>`;
  gun += `<rect x="-74" y="-30" width="100" height="8" rx="3" fill="${green}" ${GLOW_S}/>`;
  gun += `<rect x="-74" y="22" width="60" height="6" rx="3" fill="#334155"/>`;
  gun += `<circle cx="-30" cy="2" r="14" fill="#0f172a" stroke="#64748b" stroke-width="3"/><circle cx="-30" cy="2" r="6" fill="${green}" ${GLOW_S}/>`;
  // Base: a rotating cylinder mount.
  const base =
    cylinder(
      110,
      370,
      180,
      56,
      24,
      metal(art, '#94a3b8', '#0f172a'),
      metal(art, '#cbd5e1', '#334155', { x1: 0, y1: 0, x2: 0, y2: 1 }),
      '#0b1120',
    ) +
    `<path d="M110,392 A90,24 0 0 0 290,392" fill="none" stroke="${green}" stroke-width="3" ${GLOW_S}/>` +
    cylinder(160, 320, 80, 60, 12, metal(art, '#cbd5e1', '#1e293b'), '#475569', '#0b1120');
  s += base;
  s += `<g transform="translate(200,300) rotate(${angle})">${beams}${gun}</g>`;
  // Muzzle flare sparkles.
  s += sparkle(340, 196, 16, '#dcfce7');
  return scene(art, s, { hue2: '#065f46', focusY: 0.55 });
}

function weaponRailgun() {
  const art = new Art('weapon-railgun', 'epic');
  const purple = art.accent;
  let s = floorGlow(art, 220, 440, 190, 34);
  let gun = '';
  // Projectile leaving the muzzle (frame: barrel along +x).
  gun += `<rect x="330" y="-14" width="260" height="28" fill="${purple}" opacity="0.5" ${BLUR_M}/>`;
  gun += `<path d="M330,-4 L560,-1.5 L560,1.5 L330,4Z" fill="#f5d0fe" ${GLOW_M}/>`;
  gun += `<ellipse cx="560" cy="0" rx="24" ry="8" fill="#ffffff" ${GLOW_L}/>`;
  for (const x of [380, 440, 500]) {
    gun += `<ellipse cx="${x}" cy="0" rx="6" ry="${f(22 - (x - 380) / 10)}" fill="none" stroke="#e9d5ff" stroke-width="2" opacity="${f(0.9 - (x - 380) / 200)}" ${GLOW_S}/>`;
  }
  // Two long rails with a charged channel between them.
  gun += `<rect x="-40" y="-8" width="370" height="16" fill="${purple}" opacity="0.9" ${GLOW_M}/>`;
  gun += `<rect x="-40" y="-2" width="370" height="4" fill="#faf5ff"/>`;
  for (const y of [-26, 10]) {
    gun += `<rect x="-60" y="${y}" width="390" height="16" rx="3" fill="${metal(art, '#e2e8f0', '#0f172a', { x1: 0, y1: 0, x2: 0, y2: 1 })}" stroke="#0b1120" stroke-width="2"/>`;
  }
  // Magnetic coil collars.
  for (let x = 0; x <= 280; x += 40) {
    gun += `<rect x="${x}" y="-34" width="14" height="68" rx="4" fill="${metal(art, '#94a3b8', '#1e293b', { x1: 0, y1: 0, x2: 0, y2: 1 })}" stroke="#0b1120" stroke-width="1.5"/>`;
    gun += `<rect x="${x + 4}" y="-30" width="6" height="60" rx="2" fill="${purple}" opacity="0.8" ${GLOW_S}/>`;
  }
  gun += `<rect x="318" y="-30" width="16" height="60" rx="4" fill="#1f2937" stroke="#0b1120" stroke-width="2"/>`;
  // Electric arcs crackling along and between the rails.
  let arcs = '';
  for (let i = 0; i < 7; i += 1) {
    const ax = art.rand(-20, 300);
    const bx = ax + art.rand(30, 70);
    const ay = art.rng() < 0.5 ? -26 : 26;
    const by = art.rng() < 0.5 ? -ay : ay * art.rand(1.2, 2.2);
    arcs += `<path d="${arcPath(art, ax, ay, bx, by, 8, 7)}"/>`;
  }
  for (let i = 0; i < 3; i += 1) {
    const ax = art.rand(20, 260);
    arcs += `<path d="${arcPath(art, ax, -30, ax + art.rand(-30, 30), -60 - art.rand(0, 30), 7, 6)}"/>`;
  }
  gun += `<g fill="none" stroke="${purple}" stroke-width="7" stroke-linejoin="round" opacity="0.8" ${BLUR_S}>${arcs}</g>`;
  gun += `<g fill="none" stroke="#f5d0fe" stroke-width="2.4" stroke-linejoin="round" ${GLOW_S}>${arcs}</g>`;
  // Breech housing with capacitor banks.
  gun += `<path d="M-150,-58 H-40 L-20,-38 V38 L-40,58 H-150 Q-170,58 -170,38 V-38 Q-170,-58 -150,-58Z" fill="${metal(art, '#cbd5e1', '#0f172a', { x1: 0, y1: 0, x2: 0, y2: 1 })}" stroke="#0b1120" stroke-width="3"/>`;
  for (let i = 0; i < 4; i += 1) {
    gun += `<rect x="${-156 + i * 30}" y="-44" width="20" height="88" rx="6" fill="#1e1b4b" stroke="#0b1120" stroke-width="1.5"/>`;
    gun += `<rect x="${-151 + i * 30}" y="${-38 + i * 6}" width="10" height="${76 - i * 12}" rx="3" fill="${purple}" opacity="0.85" ${GLOW_S}/>`;
  }
  // Mount.
  s += `<path d="M120,440 L170,330 H250 L300,440Z" fill="${metal(art, '#64748b', '#0f172a')}" stroke="#0b1120" stroke-width="3"/>`;
  s += `<rect x="100" y="428" width="220" height="22" rx="6" fill="${metal(art, '#94a3b8', '#1e293b', { x1: 0, y1: 0, x2: 0, y2: 1 })}" stroke="#0b1120" stroke-width="2"/>`;
  s += `<circle cx="210" cy="332" r="30" fill="${metal(art, '#cbd5e1', '#1e293b')}" stroke="#0b1120" stroke-width="3"/><circle cx="210" cy="332" r="9" fill="${purple}" ${GLOW_S}/>`;
  s += `<g transform="translate(200,304) rotate(-36) scale(0.92)">${gun}</g>`;
  return scene(art, s, { hue2: '#312e81', focusY: 0.52 });
}

function armorReactivePlating() {
  const art = new Art('armor-reactive-plating', 'uncommon');
  const green = art.accent;
  // Hex grid in a tilted plane: rotate then squash vertically.
  const cos = Math.cos(0.35);
  const sin = Math.sin(0.35);
  const project = ([x, y]) => [256 + x * cos - y * sin, 250 + (x * sin + y * cos) * 0.62];
  const R = 50;
  const cells = [];
  for (let q = -2; q <= 2; q += 1) {
    for (let r = -2; r <= 2; r += 1) {
      if (Math.abs(q + r) > 2) continue;
      const x = R * 1.5 * q;
      const y = R * Math.sqrt(3) * (r + q / 2);
      cells.push({ x, y, ring: Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) });
    }
  }
  // Back to front so nearer plates overlap further ones.
  cells.sort((a, b) => project([a.x, a.y])[1] - project([b.x, b.y])[1]);
  let s = floorGlow(art, 256, 392, 220, 44);
  // Glowing energy under the seams.
  const under = hexPoints(0, 0, R * 4.6, Math.PI / 6).map(project);
  s += `<polygon points="${pts(under)}" fill="${green}" opacity="0.5" ${BLUR_L}/>`;
  const depth = 16;
  const top = art.linear(
    [
      [0, '#cbd5e1'],
      [0.45, '#64748b'],
      [1, '#1e293b'],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  );
  const inner = art.linear(
    [
      [0, '#94a3b8'],
      [0.5, '#475569'],
      [1, '#1f2937'],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  );
  for (const cell of cells) {
    // One plate is blasted loose to show the reactive layer.
    const lifted = cell.x === R * 1.5 && Math.abs(cell.y - -R * Math.sqrt(3) * 0.5 * 3) < 1;
    const lift = lifted ? -46 : 0;
    const outer = hexPoints(cell.x, cell.y, R - 3).map(project);
    const mid = hexPoints(cell.x, cell.y, R * 0.72).map(project);
    const core = hexPoints(cell.x, cell.y, R * 0.28).map(project);
    const up = (list, dy) => list.map(([x, y]) => [x, y + dy]);
    if (lifted) {
      s += `<polygon points="${pts(up(outer, 0))}" fill="${green}" opacity="0.9" ${GLOW_M}/>`;
      s += `<polygon points="${pts(up(outer, 0))}" fill="#052e16" opacity="0.7"/>`;
    }
    // Side of the plate: its outline shifted down.
    s += `<polygon points="${pts(up(outer, depth + lift))}" fill="#0f172a" stroke="#020617" stroke-width="1.5"/>`;
    for (let i = 0; i < 6; i += 1) {
      const a = outer[i];
      const b = outer[(i + 1) % 6];
      if (a[1] + b[1] < outer.reduce((sum, p) => sum + p[1], 0) / 3) continue;
      s += `<polygon points="${pts([
        [a[0], a[1] + lift],
        [b[0], b[1] + lift],
        [b[0], b[1] + depth + lift],
        [a[0], a[1] + depth + lift],
      ])}" fill="${mix('#334155', '#0f172a', i / 6)}"/>`;
    }
    s += `<polygon points="${pts(up(outer, lift))}" fill="${top}" stroke="#0b1120" stroke-width="2"/>`;
    s += `<polygon points="${pts(up(mid, lift))}" fill="${inner}" stroke="#cbd5e1" stroke-opacity="0.35" stroke-width="1.5"/>`;
    s += `<polygon points="${pts(up(core, lift))}" fill="${cell.ring === 0 || lifted ? green : '#1e293b'}" stroke="${green}" stroke-width="1.5" ${cell.ring === 0 || lifted ? GLOW_S : ''}/>`;
    // Bolts on alternate corners.
    for (let i = 0; i < 6; i += 2) {
      const [bx, by] = project(hexPoints(cell.x, cell.y, R * 0.86)[i]);
      s += `<circle cx="${f(bx)}" cy="${f(by + lift)}" r="2.6" fill="#e2e8f0" stroke="#0b1120" stroke-width="0.8"/>`;
    }
  }
  // Energy sparks where the loose plate was.
  s += sparkle(350, 138, 14, '#dcfce7');
  s += sparkle(392, 178, 9, '#bbf7d0');
  s += sparkle(300, 150, 7, '#ffffff');
  return scene(art, s, { hue2: '#14532d', focusY: 0.5 });
}

function armorAegisShield() {
  const art = new Art('armor-aegis-shield', 'rare');
  const blue = art.accent;
  const cx = 256;
  const cy = 300;
  const R = 190;
  let s = '';
  // Ground ring where the bubble touches down.
  s += floorGlow(art, cx, 412, 220, 44);
  const floorY = 410;
  const chord = Math.sqrt(R * R - (floorY - cy) ** 2);
  const dome = art.clip(`<rect x="0" y="0" width="${SIZE}" height="${floorY}"/>`);
  s += `<g clip-path="${dome}">`;
  // The bubble's body.
  s += `<circle cx="${cx}" cy="${cy}" r="${R}" fill="${art.radial([
    [0, blue, 0.03],
    [0.7, blue, 0.12],
    [0.93, '#60a5fa', 0.4],
    [1, '#bfdbfe', 0.75],
  ])}"/>`;
  // Hex lattice inside the bubble, fading towards the centre.
  const lattice = [];
  for (let q = -6; q <= 6; q += 1) {
    for (let r = -6; r <= 6; r += 1) {
      const x = cx + 34 * 1.5 * q;
      const y = cy + 34 * Math.sqrt(3) * (r + q / 2);
      const d = Math.hypot(x - cx, y - cy);
      if (d > R + 20) continue;
      lattice.push(`<polygon points="${pts(hexPoints(x, y, 32))}" opacity="${f(Math.min(1, (d / R) ** 2.2))}"/>`);
    }
  }
  s += `<g clip-path="${art.clip(`<circle cx="${cx}" cy="${cy}" r="${R}"/>`)}" fill="none" stroke="#93c5fd" stroke-width="1.6" opacity="0.55">${lattice.join('')}</g></g>`;
  // Where the dome meets the ground.
  s += `<ellipse cx="${cx}" cy="${floorY}" rx="${f(chord)}" ry="30" fill="${blue}" fill-opacity="0.12" stroke="#bfdbfe" stroke-width="2.5" stroke-opacity="0.8" ${GLOW_S}/>`;
  // Generator: stacked platform, emitter pylons and core.
  s += cylinder(
    146,
    380,
    220,
    34,
    30,
    metal(art, '#94a3b8', '#0f172a'),
    metal(art, '#cbd5e1', '#334155', { x1: 0, y1: 0, x2: 0, y2: 1 }),
    '#0b1120',
  );
  s += `<ellipse cx="256" cy="380" rx="86" ry="20" fill="none" stroke="${blue}" stroke-width="3" ${GLOW_S}/>`;
  s += cylinder(196, 340, 120, 42, 16, metal(art, '#cbd5e1', '#1e293b'), '#475569', '#0b1120');
  for (const [x, lean] of [
    [190, -14],
    [322, 14],
  ]) {
    s += `<g transform="translate(${x},380) rotate(${lean})"><path d="M-8,0 L-5,-96 L5,-96 L8,0Z" fill="${metal(art, '#e2e8f0', '#1e293b')}" stroke="#0b1120" stroke-width="2"/><circle cy="-100" r="7" fill="#bfdbfe" ${GLOW_M}/></g>`;
  }
  s += `<path d="M236,344 L244,250 H268 L276,344Z" fill="${metal(art, '#e2e8f0', '#1e293b')}" stroke="#0b1120" stroke-width="2"/>`;
  s += `<circle cx="256" cy="232" r="34" fill="${art.radial([
    [0, '#ffffff'],
    [0.35, '#bfdbfe'],
    [0.75, blue],
    [1, '#1e3a8a'],
  ])}" ${GLOW_L}/>`;
  s += `<g fill="none" stroke="#dbeafe" stroke-width="2" opacity="0.8" ${GLOW_S}><ellipse cx="256" cy="232" rx="52" ry="14" transform="rotate(-18 256 232)"/><ellipse cx="256" cy="232" rx="52" ry="14" transform="rotate(30 256 232)"/></g>`;
  // Energy streams from pylon tips to the core.
  s += `<g fill="none" stroke="#93c5fd" stroke-width="2" ${GLOW_S}><path d="${arcPath(art, 167, 286, 228, 236, 6, 6)}"/><path d="${arcPath(art, 345, 286, 284, 236, 6, 6)}"/></g>`;
  // Bubble rim and highlights on top.
  s += `<g clip-path="${dome}"><circle cx="${cx}" cy="${cy}" r="${R}" fill="none" stroke="#bfdbfe" stroke-width="3" opacity="0.8" ${GLOW_M}/></g>`;
  s += `<path d="M${cx - 150},${cy - 80} A${R - 18},${R - 18} 0 0 1 ${cx - 40},${cy - R + 22}" fill="none" stroke="#ffffff" stroke-width="7" stroke-linecap="round" opacity="0.55" ${BLUR_S}/>`;
  // Incoming bolt hitting the shield with a ripple.
  const hx = cx + R * Math.cos(-0.75);
  const hy = cy + R * Math.sin(-0.75);
  s += `<path d="M${f(hx + 120)},${f(hy - 110)} L${f(hx + 8)},${f(hy - 7)}" stroke="#fca5a5" stroke-width="5" stroke-linecap="round" ${GLOW_M}/>`;
  for (const [rr, op] of [
    [16, 1],
    [32, 0.7],
    [50, 0.4],
  ]) {
    s += `<ellipse cx="${f(hx)}" cy="${f(hy)}" rx="${rr}" ry="${f(rr * 0.55)}" transform="rotate(48 ${f(hx)} ${f(hy)})" fill="none" stroke="#dbeafe" stroke-width="3" opacity="${op}" ${GLOW_S}/>`;
  }
  s += `<circle cx="${f(hx)}" cy="${f(hy)}" r="9" fill="#ffffff" ${GLOW_L}/>`;
  return scene(art, s, { hue2: '#0e7490', focusY: 0.56 });
}

function cosmeticNebulaPaint() {
  const art = new Art('cosmetic-nebula-paint', 'rare');
  const nebula = ['#ec4899', '#a855f7', '#6366f1', '#06b6d4', '#f472b6'];
  let s = floorGlow(art, 256, 440, 180, 32);
  // Hull swatch panel behind, painted with the nebula scheme.
  const panelClip = art.clip(`<path d="M120,70 L420,110 L400,320 L100,280Z"/>`);
  let paint = `<rect x="60" y="40" width="400" height="320" fill="#1e1b4b"/>`;
  for (let i = 0; i < 12; i += 1) {
    paint += `<ellipse cx="${f(art.rand(100, 420))}" cy="${f(art.rand(70, 320))}" rx="${f(art.rand(40, 110))}" ry="${f(art.rand(20, 60))}" transform="rotate(${f(art.rand(-40, 40))} 256 200)" fill="${nebula[i % nebula.length]}" opacity="0.6"/>`;
  }
  let panelStars = '';
  for (let i = 0; i < 40; i += 1)
    panelStars += `<circle cx="${f(art.rand(100, 420))}" cy="${f(art.rand(70, 320))}" r="${f(art.rand(0.6, 1.8))}" fill="#ffffff" opacity="${f(art.rand(0.5, 1))}"/>`;
  s += `<path d="M126,78 L426,118 L406,328 L106,288Z" fill="#020617" opacity="0.6" ${BLUR_S}/>`;
  s +=
    `<g clip-path="${panelClip}"><g ${BLUR_L}>${paint}</g>${panelStars}` +
    `<g stroke="#0f172a" stroke-width="2" opacity="0.55" fill="none"><path d="M270,90 L250,300 M110,180 L410,220"/></g>` +
    `<rect x="60" y="40" width="400" height="320" fill="${art.linear([
      [0, '#ffffff', 0.25],
      [0.4, '#ffffff', 0],
    ])}"/></g>`;
  s += `<path d="M120,70 L420,110 L400,320 L100,280Z" fill="none" stroke="#cbd5e1" stroke-width="3"/>`;
  for (const [x, y] of [
    [132, 86],
    [404, 122],
    [388, 300],
    [118, 266],
  ]) {
    s += `<circle cx="${x}" cy="${y}" r="4" fill="#94a3b8" stroke="#0b1120"/>`;
  }
  // Paint swirling out of the can.
  s += `<path d="M210,330 C150,260 200,200 280,220 C350,236 360,180 330,150" fill="none" stroke="#a855f7" stroke-width="34" stroke-linecap="round" opacity="0.55" ${BLUR_M}/>`;
  s += `<path d="M210,330 C150,260 200,200 280,220 C350,236 360,180 330,150" fill="none" stroke="${art.linear(
    [
      [0, '#06b6d4'],
      [0.5, '#a855f7'],
      [1, '#ec4899'],
    ],
    { x1: 0, y1: 1, x2: 1, y2: 0 },
  )}" stroke-width="16" stroke-linecap="round" ${GLOW_S}/>`;
  for (let i = 0; i < 10; i += 1) {
    s += `<circle cx="${f(art.rand(180, 360))}" cy="${f(art.rand(150, 320))}" r="${f(art.rand(1, 2.4))}" fill="#ffffff" ${GLOW_S}/>`;
  }
  s += sparkle(330, 150, 14, '#fce7f3');
  // The paint can.
  const canX = 150;
  const canY = 318;
  const canW = 130;
  const canH = 112;
  s += cylinder(canX, canY, canW, canH, 20, metal(art, '#e2e8f0', '#334155'), '#1f2937', '#0b1120');
  // Label band.
  const labelClip = art.clip(
    `<path d="M${canX},${canY + 24} V${canY + 88} A65,20 0 0 0 ${canX + canW},${canY + 88} V${canY + 24} A65,20 0 0 1 ${canX},${canY + 24}Z"/>`,
  );
  s +=
    `<g clip-path="${labelClip}"><rect x="${canX}" y="${canY}" width="${canW}" height="${canH + 20}" fill="${art.linear(
      [
        [0, '#312e81'],
        [0.4, '#7e22ce'],
        [0.7, '#db2777'],
        [1, '#0e7490'],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0.3 },
    )}"/>` +
    `<rect x="${canX}" y="${canY}" width="${canW}" height="${canH + 20}" fill="${art.linear(
      [
        [0, '#000000', 0.45],
        [0.3, '#ffffff', 0.12],
        [1, '#000000', 0.55],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0 },
    )}"/>`;
  for (let i = 0; i < 14; i += 1)
    s += `<circle cx="${f(art.rand(canX + 8, canX + canW - 8))}" cy="${f(art.rand(canY + 30, canY + 100))}" r="${f(art.rand(0.6, 1.6))}" fill="#ffffff"/>`;
  s += `${sparkle(canX + 58, canY + 62, 16, '#ffffff')}</g>`;
  // Rim of the open can with paint inside.
  s += `<ellipse cx="${canX + canW / 2}" cy="${canY}" rx="${canW / 2 - 8}" ry="14" fill="${art.radial([
    [0, '#f0abfc'],
    [0.5, '#a855f7'],
    [1, '#4c1d95'],
  ])}"/>`;
  s += `<ellipse cx="${canX + canW / 2}" cy="${canY}" rx="${canW / 2}" ry="20" fill="none" stroke="#cbd5e1" stroke-width="4"/>`;
  // Lid leaning against the can.
  s += `<ellipse cx="330" cy="408" rx="42" ry="44" transform="rotate(-18 330 408)" fill="${metal(art, '#e2e8f0', '#334155')}" stroke="#0b1120" stroke-width="2"/>`;
  s += `<ellipse cx="330" cy="408" rx="30" ry="32" transform="rotate(-18 330 408)" fill="none" stroke="#64748b" stroke-width="3"/>`;
  s += `<path d="M306,396 Q318,378 336,384" fill="none" stroke="#d946ef" stroke-width="6" stroke-linecap="round"/>`;
  return scene(art, s, { hue2: '#be185d', focusY: 0.5 });
}

/** Small icons for the bundle picture, centred on (0, 0), about 60 px wide. */
function miniShip(art) {
  return (
    plume(art, 0, 26, 10, 40, '#60a5fa') +
    `<path d="M0,-34 L10,-6 L34,18 L30,26 L8,20 L0,28 L-8,20 L-30,26 L-34,18 L-10,-6Z" fill="${metal(art, '#e2e8f0', '#334155')}" stroke="#0b1120" stroke-width="2"/>` +
    `<ellipse cx="0" cy="-8" rx="4" ry="10" fill="#38bdf8"/>`
  );
}

function miniShield(art) {
  return `<path d="M0,-32 L28,-22 Q28,14 0,32 Q-28,14 -28,-22Z" fill="${art.linear([
    [0, '#93c5fd'],
    [1, '#1d4ed8'],
  ])}" stroke="#dbeafe" stroke-width="3"/><path d="M0,-20 L16,-14 Q16,8 0,20Z" fill="#ffffff" opacity="0.4"/>`;
}

function fuelCell(art, x, y, w, h, liquid) {
  const glass = art.linear(
    [
      [0, mix(liquid[1], '#000000', 0.4)],
      [0.3, liquid[0]],
      [0.6, liquid[1]],
      [1, mix(liquid[1], '#000000', 0.5)],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 0 },
  );
  const capH = h * 0.17;
  const ry = w * 0.16;
  let s = `<ellipse cx="${f(x + w / 2)}" cy="${f(y + h / 2)}" rx="${f(w * 0.9)}" ry="${f(h * 0.55)}" fill="${liquid[1]}" opacity="0.35" ${BLUR_L}/>`;
  // Bottom cap, glass, top cap.
  s += cylinder(x - 4, y + h - capH, w + 8, capH, ry, metal(art, '#cbd5e1', '#1e293b'), '#475569', '#0b1120');
  s += cylinder(x, y + capH, w, h - 2 * capH, ry, glass, mix(liquid[0], '#ffffff', 0.3));
  // Bubbles rising in the liquid.
  for (let i = 0; i < 6; i += 1) {
    s += `<circle cx="${f(art.rand(x + w * 0.2, x + w * 0.8))}" cy="${f(art.rand(y + capH + 14, y + h - capH - 8))}" r="${f(art.rand(1.5, w * 0.06))}" fill="none" stroke="#ffffff" stroke-width="1.2" opacity="0.75"/>`;
  }
  s += `<rect x="${f(x + w * 0.16)}" y="${f(y + capH + 8)}" width="${f(w * 0.1)}" height="${f(h - 2 * capH - 16)}" rx="${f(w * 0.05)}" fill="#ffffff" opacity="0.5"/>`;
  // Glass cage bars.
  for (const t of [0.05, 0.5, 0.95]) {
    s += `<rect x="${f(x + w * t - 3)}" y="${f(y + capH)}" width="6" height="${f(h - 2 * capH)}" fill="${metal(art, '#94a3b8', '#1e293b')}" opacity="0.9"/>`;
  }
  s += cylinder(
    x - 4,
    y,
    w + 8,
    capH,
    ry,
    metal(art, '#e2e8f0', '#1e293b'),
    metal(art, '#f1f5f9', '#475569', { x1: 0, y1: 0, x2: 0, y2: 1 }),
    '#0b1120',
  );
  // Hazard stripes on the top cap.
  const hz = art.clip(
    `<rect x="${f(x - 4)}" y="${f(y + capH * 0.35)}" width="${f(w + 8)}" height="${f(capH * 0.45)}"/>`,
  );
  let stripes = `<rect x="${f(x - 4)}" y="${f(y)}" width="${f(w + 8)}" height="${f(capH)}" fill="#facc15"/>`;
  for (let sx = x - 30; sx < x + w + 20; sx += 14)
    stripes += `<path d="M${f(sx)},${f(y + capH)} l10,${f(-capH)} h7 l-10,${f(capH)}Z" fill="#111827"/>`;
  s += `<g clip-path="${hz}">${stripes}</g>`;
  s += `<rect x="${f(x + w * 0.35)}" y="${f(y - ry - 8)}" width="${f(w * 0.3)}" height="${f(ry + 8)}" rx="3" fill="${metal(art, '#cbd5e1', '#334155')}" stroke="#0b1120" stroke-width="1.5"/>`;
  s += `<circle cx="${f(x + w / 2)}" cy="${f(y - ry - 8)}" r="3.5" fill="${liquid[0]}" ${GLOW_S}/>`;
  return s;
}

function bundleCommanderStarter() {
  const art = new Art('bundle-commander-starter', 'epic');
  const purple = art.accent;
  let s = floorGlow(art, 256, 440, 200, 36);
  // Light pouring out of the open crate.
  s += `<path d="M150,310 L60,60 H452 L362,310Z" fill="${art.linear([
    [0, purple, 0],
    [1, '#e9d5ff', 0.45],
  ])}" ${BLUR_M}/>`;
  // Isometric crate.
  const top = [
    [256, 262],
    [380, 304],
    [256, 346],
    [132, 304],
  ];
  const left = [
    [132, 304],
    [256, 346],
    [256, 452],
    [132, 410],
  ];
  const right = [
    [256, 346],
    [380, 304],
    [380, 410],
    [256, 452],
  ];
  s += `<polygon points="${pts(top)}" fill="#1e1b4b"/>`;
  s += `<polygon points="${pts(top.map(([x, y]) => [x + (256 - x) * 0.12, y + (304 - y) * 0.12]))}" fill="${art.radial([
    [0, '#faf5ff'],
    [0.5, purple],
    [1, '#3b0764'],
  ])}" ${GLOW_M}/>`;
  s += `<polygon points="${pts(left)}" fill="${metal(art, '#64748b', '#1e293b')}" stroke="#0b1120" stroke-width="2.5"/>`;
  s += `<polygon points="${pts(right)}" fill="${metal(art, '#334155', '#0b1120')}" stroke="#0b1120" stroke-width="2.5"/>`;
  // Reinforcing bands and purple light strips.
  const band = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  for (const t of [0.12, 0.88]) {
    s += `<polygon points="${pts([band(left[0], left[1], t - 0.05), band(left[0], left[1], t + 0.05), band(left[3], left[2], t + 0.05), band(left[3], left[2], t - 0.05)])}" fill="#94a3b8" opacity="0.8"/>`;
    s += `<polygon points="${pts([band(right[0], right[1], t - 0.05), band(right[0], right[1], t + 0.05), band(right[3], right[2], t + 0.05), band(right[3], right[2], t - 0.05)])}" fill="#475569" opacity="0.9"/>`;
  }
  s += `<path d="M${pts([band(left[0], left[3], 0.5), band(left[1], left[2], 0.5), band(right[1], right[2], 0.5)]).replaceAll(' ', ' L')}" fill="none" stroke="${purple}" stroke-width="5" ${GLOW_M}/>`;
  // Emblem: a star on the crate's left face.
  s += `<g transform="translate(194,380) skewY(18)"><circle r="20" fill="#0f172a" stroke="${purple}" stroke-width="3"/>${sparkle(0, 0, 13, '#e9d5ff')}</g>`;
  // Lid floating above, tilted.
  const lid = [
    [256, 170],
    [390, 208],
    [270, 252],
    [136, 214],
  ];
  s += `<polygon points="${pts(lid.map(([x, y]) => [x, y + 18]))}" fill="#1e293b" stroke="#0b1120" stroke-width="2"/>`;
  s += `<polygon points="${pts(lid)}" fill="${metal(art, '#94a3b8', '#334155', { x1: 0, y1: 0, x2: 1, y2: 1 })}" stroke="#0b1120" stroke-width="2.5"/>`;
  s += `<polygon points="${pts(lid.map(([x, y]) => [x + (263 - x) * 0.25, y + (211 - y) * 0.25]))}" fill="none" stroke="${purple}" stroke-width="3" ${GLOW_S}/>`;
  // Items bursting out: coin, ship, shield, fuel cell.
  s += `<g transform="translate(104,148) rotate(-14)">${coin(art, 0, 0, 36, { tilt: 0.85 })}</g>`;
  s += `<g transform="translate(256,92) rotate(18) scale(1.1)">${miniShip(art)}</g>`;
  s += `<g transform="translate(408,150) rotate(12) scale(1.05)">${miniShield(art)}</g>`;
  s += `<g transform="translate(392,300) rotate(14) scale(0.55)">${fuelCell(art, -30, -60, 60, 120, ['#67e8f9', '#0891b2'])}</g>`;
  s += `<g transform="translate(112,290) rotate(-10)"><rect x="-24" y="-24" width="48" height="48" rx="8" fill="#0f172a" stroke="#22c55e" stroke-width="3"/><path d="M-14,0 H14 M0,-14 V14" stroke="#4ade80" stroke-width="8" stroke-linecap="round" ${GLOW_S}/></g>`;
  for (const [x, y, sz] of [
    [180, 120, 10],
    [330, 130, 12],
    [60, 230, 7],
    [450, 240, 8],
    [300, 40, 6],
  ]) {
    s += sparkle(x, y, sz, '#f5d0fe');
  }
  return scene(art, s, { hue2: '#4c1d95', focusY: 0.5 });
}

function repairDrone(art, x, y, scale, tool, facing = 1) {
  const eye = '#22d3ee';
  let d = '';
  // Hover thruster glow beneath.
  d += `<ellipse cx="0" cy="44" rx="18" ry="34" fill="${art.linear([
    [0, '#67e8f9', 0.8],
    [1, '#67e8f9', 0],
  ])}" ${BLUR_S}/>`;
  // Arms (behind the body), jointed, with a tool on the end.
  const arm = (side) => {
    const sx = side * 30;
    let a = `<path d="M${sx},6 L${sx + side * 26},26 L${sx + side * 36},52" fill="none" stroke="#475569" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`;
    a += `<path d="M${sx},6 L${sx + side * 26},26 L${sx + side * 36},52" fill="none" stroke="#cbd5e1" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`;
    a += `<circle cx="${sx + side * 26}" cy="26" r="5" fill="#1f2937" stroke="#94a3b8" stroke-width="2"/>`;
    const tx = sx + side * 36;
    const ty = 52;
    const kind = side === facing ? tool : 'claw';
    if (kind === 'welder') {
      a += `<path d="M${tx - 4},${ty} L${tx - 2},${ty + 16} H${tx + 2} L${tx + 4},${ty}Z" fill="#64748b" stroke="#0b1120" stroke-width="1"/>`;
      a += `<circle cx="${tx}" cy="${ty + 18}" r="5" fill="#ffffff" ${GLOW_M}/>`;
      for (let i = 0; i < 9; i += 1) {
        const ang = art.rand(0.2, Math.PI - 0.2);
        const len = art.rand(10, 26);
        a += `<line x1="${tx}" y1="${ty + 18}" x2="${f(tx + Math.cos(ang) * len)}" y2="${f(ty + 18 + Math.sin(ang) * len)}" stroke="#fde68a" stroke-width="1.6" stroke-linecap="round" ${GLOW_S}/>`;
      }
    } else if (kind === 'wrench') {
      a += `<g transform="translate(${tx},${ty}) rotate(${side * 20})"><rect x="-3" y="0" width="6" height="18" fill="#94a3b8"/><path d="M-9,16 H9 V28 H4 V22 H-4 V28 H-9Z" fill="#cbd5e1" stroke="#0b1120" stroke-width="1"/></g>`;
    } else {
      a += `<path d="M${tx - 6},${ty + 2} L${tx - 8},${ty + 14} M${tx + 6},${ty + 2} L${tx + 8},${ty + 14}" stroke="#cbd5e1" stroke-width="3" stroke-linecap="round"/>`;
    }
    return a;
  };
  d += arm(-1) + arm(1);
  // Body: a rounded pod with a ring band and a big eye.
  d += `<ellipse cx="0" cy="0" rx="38" ry="32" fill="${art.radial(
    [
      [0, '#f8fafc'],
      [0.5, '#94a3b8'],
      [1, '#1e293b'],
    ],
    { cx: 0.35, cy: 0.3, r: 0.8 },
  )}" stroke="#0b1120" stroke-width="2"/>`;
  d += `<path d="M-38,4 Q0,22 38,4" fill="none" stroke="#f59e0b" stroke-width="5"/>`;
  d += `<circle cx="${facing * 6}" cy="-4" r="13" fill="#0f172a" stroke="#64748b" stroke-width="3"/>`;
  d += `<circle cx="${facing * 6}" cy="-4" r="6.5" fill="${eye}" ${GLOW_M}/><circle cx="${facing * 6 - 2}" cy="-6" r="2" fill="#ffffff"/>`;
  d += `<line x1="-12" y1="-30" x2="-18" y2="-46" stroke="#94a3b8" stroke-width="2.5"/><circle cx="-18" cy="-48" r="3.5" fill="#f87171" ${GLOW_S}/>`;
  d += `<rect x="-14" y="26" width="28" height="8" rx="3" fill="#334155"/>`;
  return `<g transform="translate(${x},${y}) scale(${scale})">${d}</g>`;
}

function consumableRepairDrones() {
  const art = new Art('consumable-repair-drones', 'common');
  let s = floorGlow(art, 256, 444, 200, 30);
  // A damaged hull plate being mended.
  s += `<path d="M70,420 L130,350 H400 L450,420Z" fill="${metal(art, '#64748b', '#1e293b', { x1: 0, y1: 0, x2: 0, y2: 1 })}" stroke="#0b1120" stroke-width="3"/>`;
  s += `<path d="M70,420 H450 V436 H70Z" fill="#1e293b" stroke="#0b1120" stroke-width="2"/>`;
  s += `<g stroke="#334155" stroke-width="2"><path d="M180,350 L160,420 M300,350 L310,420 M100,385 H430"/></g>`;
  s += `<path d="M150,362 L168,368 L182,370 L204,384 L198,396 L222,410" fill="none" stroke="#0b1120" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`;
  s += `<path d="M150,362 L168,368 L182,370" fill="none" stroke="#fb923c" stroke-width="4" stroke-linecap="round" ${GLOW_S}/>`;
  for (const [x, y] of [
    [140, 392],
    [380, 392],
    [260, 360],
  ]) {
    s += `<circle cx="${x}" cy="${y}" r="3.5" fill="#94a3b8" stroke="#0b1120"/>`;
  }
  s += repairDrone(art, 166, 218, 1.05, 'wrench', -1);
  s += repairDrone(art, 348, 174, 0.85, 'claw', 1);
  s += repairDrone(art, 262, 282, 1.25, 'welder', -1);
  s += sparkle(400, 110, 8, '#e0f2fe');
  return scene(art, s, { hue2: '#0e7490', focusY: 0.52 });
}

function consumableWarpFuel() {
  const art = new Art('consumable-warp-fuel', 'common');
  let s = floorGlow(art, 256, 436, 200, 34);
  // Warp energy swirl behind the cells.
  s += `<g fill="none" stroke="#a78bfa" stroke-width="3" opacity="0.6" ${GLOW_M}><ellipse cx="256" cy="280" rx="190" ry="60" transform="rotate(-12 256 280)"/><ellipse cx="256" cy="280" rx="150" ry="44" transform="rotate(8 256 280)" stroke="#22d3ee"/></g>`;
  s += fuelCell(art, 84, 250, 88, 176, ['#f0abfc', '#a21caf']);
  s += fuelCell(art, 340, 250, 88, 176, ['#a5f3fc', '#0e7490']);
  s += fuelCell(art, 196, 170, 120, 250, ['#c4b5fd', '#22d3ee']);
  s += sparkle(256, 110, 14, '#e0e7ff');
  s += sparkle(112, 200, 9, '#fae8ff');
  s += sparkle(412, 210, 9, '#cffafe');
  return scene(art, s, { hue2: '#6d28d9', focusY: 0.56 });
}

const pictures = {
  'credits-500': credits500,
  'credits-2500': credits2500,
  'ship-scout-corvette': shipScoutCorvette,
  'ship-vanguard-interceptor': shipVanguardInterceptor,
  'ship-leviathan-dreadnought': shipLeviathanDreadnought,
  'weapon-pulse-laser': weaponPulseLaser,
  'weapon-railgun': weaponRailgun,
  'armor-reactive-plating': armorReactivePlating,
  'armor-aegis-shield': armorAegisShield,
  'cosmetic-nebula-paint': cosmeticNebulaPaint,
  'bundle-commander-starter': bundleCommanderStarter,
  'consumable-repair-drones': consumableRepairDrones,
  'consumable-warp-fuel': consumableWarpFuel,
};

async function main() {
  await mkdir(outDir, { recursive: true });
  const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  for (const [name, draw] of Object.entries(pictures)) {
    if (only.length > 0 && !only.includes(name)) continue;
    const svg = draw();
    const file = path.join(outDir, `${name}.webp`);
    const info = await sharp(Buffer.from(svg)).resize(SIZE, SIZE).webp({ quality: QUALITY, effort: 6 }).toFile(file);
    console.log(`${path.relative(process.cwd(), file)}  ${(info.size / 1024).toFixed(1)} KB`);
  }
}

await main();
