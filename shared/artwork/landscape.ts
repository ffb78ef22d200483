/**
 * The site's generated mountain artwork, drawn as SVG from a name (the same name, the same picture): the landscape
 * behind every share image (server/routes/share-images.ts) and the illustrations of the embedded content API's sample
 * content (content-api/). Pure string work, no I/O.
 */

export function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** The item of a non-empty list at `index`, wrapped around its length. */
export const pick = <L extends readonly [unknown, ...unknown[]]>(list: L, index: number): L[number] =>
  list[index % list.length] ?? list[0];

export function random(seed: number) {
  let state = seed || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10_000) / 10_000;
  };
}

const f = (n: number) => n.toFixed(1);

/** A mountain ridge across `width`: its outline points (landscapes, badges and scenes). */
export function ridge(rand: () => number, width: number, base: number, amplitude: number, peaks: number): number[][] {
  const points: number[][] = [[0, base]];
  const step = width / peaks;
  for (let i = 0; i <= peaks; i += 1) {
    const x = i * step + (rand() - 0.5) * step * 0.4;
    const y = base - amplitude * (0.45 + rand() * 0.55);
    points.push([x - step / 2, base - amplitude * 0.2 * rand()], [x, y]);
  }
  points.push([width, base]);
  return points;
}

/** The filled area under a ridge, as an SVG path. */
export const area = (points: number[][], width: number, height: number) =>
  `M0 ${height} ` + points.map(([x = 0, y = 0]) => `L${f(x)} ${f(y)}`).join(' ') + ` L${width} ${height} Z`;

const PALETTES = [
  { sky: ['#0b3d5c', '#6fa8c7'], far: '#5b7d99', mid: '#3f5f7a', near: '#233e55', snow: '#f4f8fb' },
  { sky: ['#27496d', '#f2b38d'], far: '#7b86a6', mid: '#4f5b7e', near: '#2c3552', snow: '#fdf5ee' },
  { sky: ['#10324a', '#9cc9de'], far: '#6f93a8', mid: '#42677e', near: '#1d3a4c', snow: '#ffffff' },
  { sky: ['#1f2f48', '#c7d8e6'], far: '#8aa0b8', mid: '#5a7290', near: '#34485f', snow: '#eef4f9' },
] satisfies [unknown, ...unknown[]];

export function landscapeSvg(name: string, width = 1200, height = 675): string {
  const rand = random(hash(name));
  const palette = pick(PALETTES, hash(name));
  const far = ridge(rand, width, height * 0.62, height * 0.42, 6);
  const mid = ridge(rand, width, height * 0.75, height * 0.38, 5);
  const near = ridge(rand, width, height * 0.92, height * 0.3, 4);
  const caps = far
    .filter((_, i) => i % 2 === 0 && i > 0)
    .map(([x = 0, y = 0]) => {
      const w = 40 + rand() * 50;
      return `<path d="M${(x - w).toFixed(1)} ${(y + w * 0.9).toFixed(1)} L${x.toFixed(1)} ${y.toFixed(1)} L${(x + w).toFixed(1)} ${(y + w * 0.9).toFixed(1)} Q${x.toFixed(1)} ${(y + w * 0.6).toFixed(1)} ${(x - w).toFixed(1)} ${(y + w * 0.9).toFixed(1)}Z" fill="${palette.snow}" opacity="0.92"/>`;
    })
    .join('');
  const sunX = (0.15 + rand() * 0.7) * width;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#s)"/>
<circle cx="${sunX.toFixed(0)}" cy="${(height * 0.22).toFixed(0)}" r="${(height * 0.06).toFixed(0)}" fill="#fff" opacity="0.55"/>
<path d="${area(far, width, height)}" fill="${palette.far}"/>${caps}
<path d="${area(mid, width, height)}" fill="${palette.mid}"/>
<path d="${area(near, width, height)}" fill="${palette.near}"/>
</svg>`;
}
