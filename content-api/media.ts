/**
 * Generated artwork for the sample content: mountain landscapes, partner badges and social icons as SVG, derived
 * deterministically from the file name, so the repository carries no binary images and no external URLs.
 */
import { hash, landscapeSvg } from '../shared/artwork/landscape.ts';
import { escapeHtml } from '../shared/html-text.ts';

export function logoSvg(name: string, width = 248, height = 144): string {
  const label = name
    .replace(/^logo-/, '')
    .replace(/\.\w+$/, '')
    .replace(/-.*/s, '')
    .toUpperCase()
    .slice(0, 8);
  const hue = hash(name) % 360;
  // the label fits between the mountain mark (ends at x≈110) and the right edge, never over the mark
  const left = 116;
  const room = width - left - 14;
  const fontSize = Math.min(34, Math.floor(room / (0.72 * Math.max(label.length, 1))));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">
<rect x="4" y="4" width="${width - 8}" height="${height - 8}" rx="18" fill="hsl(${hue} 45% 96%)" stroke="hsl(${hue} 45% 40%)" stroke-width="4"/>
<path d="M24 ${height - 36} l28 -44 l16 22 l12 -14 l24 36 z" fill="hsl(${hue} 45% 40%)"/>
<text x="${left + room / 2}" y="${height / 2 + 12}" font-family="Arial, sans-serif" font-weight="700" font-size="${fontSize}" text-anchor="middle" fill="hsl(${hue} 45% 28%)">${escapeHtml(label)}</text>
</svg>`;
}

const ICON_GLYPHS: Record<string, { color: string; path: string }> = {
  telegram: { color: '#229ED9', path: 'M7 16.5l17-7-3 15-5.5-4-3 3-.5-4.5 7-6.5-9 5.5z' },
  youtube: {
    color: '#FF0000',
    path: 'M8 10h16a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2zm6 3v6l5-3z',
  },
  facebook: {
    color: '#1877F2',
    path: 'M17.5 26v-8h3l.5-3.5h-3.5V12c0-1 .4-1.8 1.9-1.8H21V7.2c-.4 0-1.5-.2-2.8-.2-2.8 0-4.5 1.7-4.5 4.7v2.8H11V18h2.7v8z',
  },
  instagram: {
    color: '#C13584',
    path: 'M11 7h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H11a4 4 0 0 1-4-4V11a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-2.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  },
};

export function iconSvg(name: string): string {
  const key = name.replace(/^icon-/, '').replace(/\.\w+$/, '');
  const glyph = ICON_GLYPHS[key] ?? { color: '#2b6a8f', path: 'M16 8a8 8 0 1 0 0 16 8 8 0 0 0 0-16z' };
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="64" height="64" role="img">
<circle cx="16" cy="16" r="16" fill="${glyph.color}"/><path d="${glyph.path}" fill="#fff"/></svg>`;
}

/** SVG for a media file name, or undefined when the name is not one we generate. */
export function mediaSvg(file: string): string | undefined {
  if (!/^[a-z0-9-]+\.svg$/.test(file)) return undefined;
  if (file.startsWith('logo-')) return logoSvg(file);
  if (file.startsWith('icon-')) return iconSvg(file);
  return landscapeSvg(file);
}
