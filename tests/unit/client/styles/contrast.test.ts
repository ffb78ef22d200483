import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, b2] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    const f = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b2!);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

// the tokens (tokens.css) and the page's background (main.css)
const css = ['tokens.css', 'main.css']
  .map((file) => readFileSync(new URL(`../../../../client/styles/${file}`, import.meta.url), 'utf8'))
  .join('\n');
const token = (name: string) => {
  const value = new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css)?.[1];
  if (!value) throw new Error(`--${name} is not a #rrggbb token in tokens.css`);
  return value;
};
const PAGE = /body\s*{[^}]*background:\s*(#[0-9a-f]{6})/i.exec(css)![1]!;

describe('colour tokens meet WCAG 2.2 AA', () => {
  it('link and accent text ≥ 4.5:1 on white, the page, --ice and --ice-strong (active menu items)', () => {
    for (const bg of ['#ffffff', PAGE, token('ice'), token('ice-strong')])
      expect(contrast(token('glacier'), bg), `--glacier on ${bg}`).toBeGreaterThanOrEqual(4.5);
  });

  it('body and secondary text ≥ 4.5:1 on white, the page and --ice', () => {
    for (const fg of [token('ink'), token('ink-soft'), token('glacier-dark')])
      for (const bg of ['#ffffff', PAGE, token('ice')]) expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('white badge text on --focus (the selected glacier) ≥ 4.5:1', () => {
    expect(contrast('#ffffff', token('focus'))).toBeGreaterThanOrEqual(4.5);
  });

  it('focus rings ≥ 3:1 against light surfaces', () => {
    for (const bg of ['#ffffff', PAGE, token('ice')]) expect(contrast(token('focus'), bg)).toBeGreaterThanOrEqual(3);
  });

  it('the footer’s focus ring ≥ 3:1 against the footer', () => {
    expect(contrast(token('focus-on-dark'), token('glacier-dark'))).toBeGreaterThanOrEqual(3);
  });

  it('the error-code numeral (large text) ≥ 3:1 on the page', () => {
    expect(contrast(token('numeral'), PAGE)).toBeGreaterThanOrEqual(3);
  });
});
