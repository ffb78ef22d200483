/**
 * The drawings of the generated illustrations (scenes.ts): one per kind of scene, made of shared pieces (mountains, a
 * glacier tongue, people). Each takes the scene's random numbers in a fixed order, so a file name always gives the
 * same picture, byte for byte.
 */
import { area, pick, ridge } from '../shared/artwork/landscape.ts';
import type { SceneKind, SceneTime } from './scenes.ts';

/** A scene to draw: its size, its seed (the file name's hash), the random numbers drawn from it, the time of day. */
export interface Scene {
  w: number;
  h: number;
  seed: number;
  rand: () => number;
  t: SceneTime;
}

/** A scene with the pens its drawings share: a jacket colour for a person, a near ridge at a height. */
interface Pens extends Scene {
  jacket: () => string;
  near: (base: number, color?: string) => string;
}

const f = (n: number) => n.toFixed(1);

function person(x: number, y: number, s: number, color: string, jacket: string): string {
  return (
    `<g><circle cx="${f(x)}" cy="${f(y - s * 1.7)}" r="${f(s * 0.28)}" fill="${color}"/>` +
    `<path d="M${f(x - s * 0.35)} ${f(y)} L${f(x - s * 0.3)} ${f(y - s * 1.35)} Q${f(x)} ${f(y - s * 1.5)} ${f(x + s * 0.3)} ${f(y - s * 1.35)} L${f(x + s * 0.35)} ${f(y)} Z" fill="${jacket}"/></g>`
  );
}

function mountains(rand: () => number, w: number, h: number, t: SceneTime, horizon = 0.62) {
  const far = ridge(rand, w, h * horizon, h * 0.42, 6);
  const caps = far
    .filter((_, i) => i % 2 === 0 && i > 0)
    .map(([x = 0, y = 0]) => {
      const s = (40 + rand() * 50) * (w / 1200);
      return `<path d="M${f(x - s)} ${f(y + s * 0.9)} L${f(x)} ${f(y)} L${f(x + s)} ${f(y + s * 0.9)} Q${f(x)} ${f(y + s * 0.6)} ${f(x - s)} ${f(y + s * 0.9)}Z" fill="${t.snow}" opacity="0.92"/>`;
    })
    .join('');
  const sunX = (0.15 + rand() * 0.7) * w;
  return (
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${t.sky[0]}"/><stop offset="1" stop-color="${t.sky[1]}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#s)"/>` +
    `<circle cx="${f(sunX)}" cy="${f(h * 0.2)}" r="${f(h * 0.06)}" fill="#fff" opacity="0.5"/>` +
    `<path d="${area(far, w, h)}" fill="${t.far}"/>${caps}`
  );
}

/** A glacier tongue flowing from the back ridges to `toY`, centred on `cx`. */
function tongue(rand: () => number, w: number, h: number, cx: number, toY: number, snow: string): string {
  const top = h * 0.45;
  const half = w * (0.16 + rand() * 0.06);
  const path = `M${f(cx - half)} ${f(top)} C${f(cx - half * 0.8)} ${f(toY * 0.9)} ${f(cx - half * 0.35)} ${f(toY)} ${f(cx)} ${f(toY)} C${f(cx + half * 0.35)} ${f(toY)} ${f(cx + half * 0.8)} ${f(toY * 0.9)} ${f(cx + half)} ${f(top)} C${f(cx + half * 0.6)} ${f(top - h * 0.12)} ${f(cx + half * 0.3)} ${f(top - h * 0.2)} ${f(cx)} ${f(top - h * 0.22)} C${f(cx - half * 0.3)} ${f(top - h * 0.2)} ${f(cx - half * 0.6)} ${f(top - h * 0.12)} ${f(cx - half)} ${f(top)} Z`;
  const cracks = Array.from({ length: 5 }, (_, i) => {
    const y = top + ((toY - top) * (i + 1)) / 7;
    const span = half * (0.7 - i * 0.1);
    return `<path d="M${f(cx - span)} ${f(y)} Q${f(cx)} ${f(y + 14)} ${f(cx + span)} ${f(y)}" stroke="#8fb4cc" stroke-width="3" fill="none" opacity="0.7"/>`;
  }).join('');
  return `<path d="${path}" fill="${snow}"/><path d="${path}" fill="#cfe6f3" opacity="0.45"/>${cracks}`;
}

/** Each kind's drawing. */
const DRAWINGS: Record<SceneKind, (scene: Pens) => string> = {
  portrait: ({ w, h, seed }) => {
    const hue = seed % 360;
    return (
      `<rect width="${w}" height="${h}" fill="hsl(${hue} 35% 82%)"/>` +
      `<circle cx="${w / 2}" cy="${h * 0.4}" r="${h * 0.17}" fill="hsl(${hue} 25% 38%)"/>` +
      `<path d="M${w * 0.18} ${h} Q${w * 0.2} ${h * 0.62} ${w / 2} ${h * 0.62} Q${w * 0.8} ${h * 0.62} ${w * 0.82} ${h} Z" fill="hsl(${hue} 25% 38%)"/>`
    );
  },
  podcast: ({ w, h, rand, t }) =>
    mountains(rand, w, h, t, 0.7) +
    tongue(rand, w, h, w * 0.5, h * 0.8, t.snow) +
    `<rect x="${w * 0.42}" y="${h * 0.18}" width="${w * 0.16}" height="${h * 0.36}" rx="${w * 0.08}" fill="#263238"/>` +
    Array.from(
      { length: 6 },
      (_, i) =>
        `<line x1="${w * 0.43}" x2="${w * 0.57}" y1="${h * (0.24 + i * 0.04)}" y2="${h * (0.24 + i * 0.04)}" stroke="#90a4ae" stroke-width="4"/>`,
    ).join('') +
    `<path d="M${w * 0.36} ${h * 0.4} Q${w * 0.36} ${h * 0.62} ${w * 0.5} ${h * 0.62} Q${w * 0.64} ${h * 0.62} ${w * 0.64} ${h * 0.4}" stroke="#263238" stroke-width="${w * 0.018}" fill="none"/>` +
    `<rect x="${w * 0.49}" y="${h * 0.62}" width="${w * 0.02}" height="${h * 0.16}" fill="#263238"/><rect x="${w * 0.4}" y="${h * 0.78}" width="${w * 0.2}" height="${h * 0.025}" rx="6" fill="#263238"/>`,
  lecture: ({ w, h, rand }) => {
    const pts = Array.from({ length: 8 }, (_, i) => [w * (0.28 + i * 0.063), h * (0.2 + i * 0.035 + rand() * 0.04)]);
    return (
      `<rect width="${w}" height="${h}" fill="#e8edf2"/><rect y="${h * 0.72}" width="${w}" height="${h * 0.28}" fill="#c5ced8"/>` +
      `<rect x="${w * 0.22}" y="${h * 0.08}" width="${w * 0.56}" height="${h * 0.5}" fill="#fff" stroke="#455a64" stroke-width="6"/>` +
      `<polyline points="${pts.map(([x = 0, y = 0]) => `${f(x)},${f(y)}`).join(' ')}" stroke="#1565c0" stroke-width="8" fill="none"/>` +
      `<line x1="${w * 0.26}" y1="${h * 0.52}" x2="${w * 0.75}" y2="${h * 0.52}" stroke="#455a64" stroke-width="3"/>` +
      Array.from({ length: 7 }, (_, i) => person(w * (0.1 + i * 0.13), h * 1.02, h * 0.2, '#37474f', '#546e7a')).join(
        '',
      )
    );
  },
  stakes: ({ w, h, rand, t, jacket, near }) => {
    const stakes = Array.from({ length: 4 }, (_, i) => {
      const x = w * (0.38 + i * 0.08 + (rand() - 0.5) * 0.03);
      const y = h * (0.62 + i * 0.05);
      const len = h * 0.16;
      return `<rect x="${f(x)}" y="${f(y - len)}" width="7" height="${f(len)}" fill="#fff"/>${[0, 2, 4].map((k) => `<rect x="${f(x)}" y="${f(y - len + (k * len) / 6)}" width="7" height="${f(len / 6)}" fill="#d32f2f"/>`).join('')}`;
    }).join('');
    return (
      mountains(rand, w, h, t) +
      near(0.82) +
      tongue(rand, w, h, w * 0.5, h * 0.95, t.snow) +
      stakes +
      person(w * 0.3, h * 0.88, h * 0.14, '#3e2723', jacket()) +
      person(w * 0.7, h * 0.9, h * 0.15, '#3e2723', jacket())
    );
  },
  snow: ({ w, h, rand, t, jacket }) =>
    mountains(rand, w, h, t) +
    `<path d="M0 ${h * 0.7} Q${w * 0.5} ${h * 0.55} ${w} ${h * 0.75} L${w} ${h} L0 ${h} Z" fill="${t.snow}"/>` +
    person(w * 0.4, h * 0.86, h * 0.16, '#3e2723', jacket()) +
    `<line x1="${w * 0.45}" y1="${h * 0.62}" x2="${w * 0.47}" y2="${h * 0.9}" stroke="#607d8b" stroke-width="6"/>` +
    person(w * 0.58, h * 0.8, h * 0.13, '#3e2723', jacket()) +
    `<path d="M${w * 0.52} ${h * 0.83} L${w * 0.66} ${h * 0.79}" stroke="#455a64" stroke-width="5"/>`,
  lake: ({ w, h, rand, t }) =>
    mountains(rand, w, h, t) +
    tongue(rand, w, h, w * (0.35 + rand() * 0.3), h * 0.7, t.snow) +
    `<ellipse cx="${w * 0.5}" cy="${h * 0.8}" rx="${w * 0.34}" ry="${h * 0.09}" fill="#3fb6c4"/>` +
    `<path d="M0 ${h * 0.82} Q${w * 0.15} ${h * 0.72} ${w * 0.2} ${h * 0.86} L${w * 0.8} ${h * 0.88} Q${w * 0.9} ${h * 0.74} ${w} ${h * 0.8} L${w} ${h} L0 ${h} Z" fill="#7d7266"/>`,
  station: ({ w, h, rand, t, near }) =>
    mountains(rand, w, h, t) +
    tongue(rand, w, h, w * 0.3, h * 0.75, t.snow) +
    near(0.86) +
    `<rect x="${w * 0.68}" y="${h * 0.3}" width="8" height="${h * 0.45}" fill="#eceff1"/>` +
    `<line x1="${w * 0.64}" y1="${h * 0.34}" x2="${w * 0.73}" y2="${h * 0.34}" stroke="#eceff1" stroke-width="5"/>` +
    [0.64, 0.73].map((x) => `<circle cx="${w * x}" cy="${h * 0.32}" r="9" fill="#eceff1"/>`).join('') +
    `<rect x="${w * 0.66}" y="${h * 0.5}" width="${w * 0.06}" height="${h * 0.07}" fill="#1a237e" transform="rotate(-20 ${w * 0.69} ${h * 0.53})"/>` +
    `<rect x="${w * 0.685}" y="${h * 0.6}" width="${w * 0.03}" height="${h * 0.05}" fill="#fafafa"/>`,
  river: ({ w, h, rand, t }) =>
    mountains(rand, w, h, t) +
    tongue(rand, w, h, w * 0.5, h * 0.62, t.snow) +
    `<path d="M0 ${h * 0.72} Q${w * 0.5} ${h * 0.6} ${w} ${h * 0.72} L${w} ${h} L0 ${h} Z" fill="#6d9b4a"/>` +
    `<path d="M${w * 0.5} ${h * 0.62} C${w * 0.42} ${h * 0.72} ${w * 0.62} ${h * 0.8} ${w * 0.45} ${h}" stroke="#4fa3d1" stroke-width="${w * 0.03}" fill="none"/>`,
  rock: ({ w, h, rand, t, near }) =>
    mountains(rand, w, h, t) +
    near(0.78, '#6b5d52') +
    Array.from(
      { length: 4 },
      (_, i) =>
        `<path d="M${w * (0.2 + i * 0.02)} ${h * (0.72 + i * 0.06)} Q${w * 0.5} ${h * (0.6 + i * 0.07)} ${w * (0.8 - i * 0.02)} ${h * (0.72 + i * 0.06)}" stroke="#9c8c7d" stroke-width="10" fill="none"/>`,
    ).join('') +
    Array.from(
      { length: 30 },
      () =>
        `<circle cx="${f(rand() * w)}" cy="${f(h * (0.75 + rand() * 0.25))}" r="${f(3 + rand() * 7)}" fill="#4e4239"/>`,
    ).join(''),
  satellite: ({ w, h, rand }) =>
    `<rect width="${w}" height="${h}" fill="#8a7a62"/>` +
    Array.from({ length: 9 }, () => {
      const x = rand() * w;
      const y = rand() * h;
      const r = 30 + rand() * 90;
      return `<path d="M${f(x)} ${f(y)} q${f(r)} ${f(-r * 0.4)} ${f(r * 1.6)} ${f(r * 0.2)} q${f(-r * 0.3)} ${f(r * 0.6)} ${f(-r * 1.2)} ${f(r * 0.9)} z" fill="#f4f8fb" opacity="0.95"/>`;
    }).join('') +
    Array.from(
      { length: 5 },
      () => `<circle cx="${f(rand() * w)}" cy="${f(rand() * h)}" r="${f(8 + rand() * 18)}" fill="#2f7fa6"/>`,
    ).join('') +
    Array.from(
      { length: 6 },
      (_, i) =>
        `<path d="M0 ${f((h * (i + 0.5)) / 6)} Q${w / 2} ${f((h * i) / 6 + rand() * 80)} ${w} ${f((h * (i + 0.5)) / 6)}" stroke="#5d4e3b" stroke-width="6" fill="none" opacity="0.6"/>`,
    ).join(''),
  map: ({ w, h, rand }) =>
    `<rect width="${w}" height="${h}" fill="#f3efe3"/>` +
    Array.from(
      { length: 9 },
      (_, i) =>
        `<ellipse cx="${w * 0.5}" cy="${h * 0.5}" rx="${f(w * (0.06 + i * 0.05) * (0.9 + rand() * 0.2))}" ry="${f(h * (0.05 + i * 0.05))}" fill="none" stroke="#b08d57" stroke-width="3"/>`,
    ).join('') +
    `<path d="M${w * 0.46} ${h * 0.32} q${w * 0.08} ${-h * 0.05} ${w * 0.12} ${h * 0.08} q${-w * 0.02} ${h * 0.16} ${-w * 0.1} ${h * 0.2} q${-w * 0.06} ${-h * 0.12} ${-w * 0.02} ${-h * 0.28} z" fill="#d6ecf7" stroke="#2b6a8f" stroke-width="4"/>` +
    `<path d="M0 ${h * 0.85} C${w * 0.3} ${h * 0.75} ${w * 0.6} ${h * 0.95} ${w} ${h * 0.8}" stroke="#4fa3d1" stroke-width="6" fill="none"/>` +
    Array.from(
      { length: 3 },
      () => `<circle cx="${f(w * (0.2 + rand() * 0.6))}" cy="${f(h * (0.2 + rand() * 0.6))}" r="10" fill="#c62828"/>`,
    ).join(''),
  glacier: ({ w, h, rand, t, near }) =>
    mountains(rand, w, h, t) +
    `<path d="${area(ridge(rand, w, h * 0.75, h * 0.38, 5), w, h)}" fill="${t.mid}"/>` +
    tongue(rand, w, h, w * (0.4 + rand() * 0.2), h * 0.85, t.snow) +
    near(0.95),
};

const JACKETS = ['#d94f2b', '#f2b630', '#2f8f5b', '#7a3fa0', '#1f6fb5'] satisfies [string, ...string[]];

/** The body of the SVG of a scene of `kind`. */
export function drawScene(kind: SceneKind, scene: Scene): string {
  const { w, h, rand, t } = scene;
  const jacket = () => pick(JACKETS, Math.floor(rand() * JACKETS.length));
  const near = (base: number, color: string = t.near) =>
    `<path d="${area(ridge(rand, w, h * base, h * 0.22, 4), w, h)}" fill="${color}"/>`;
  return DRAWINGS[kind]({ ...scene, jacket, near });
}
