/**
 * Issue 13's layout faults, seen at 360 and 1280 px: the rules that fix them (client/styles/main.css) and the markup
 * they apply to (server HTML). The screenshots (`npm run screenshots`) show the result.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../server/paths.ts';
import { startTestApp } from '../../helpers/app.ts';
import { content } from '../../helpers/content.ts';
import { mainOf } from '../../helpers/html.ts';

const css = readFileSync(join(paths().root, 'client/styles/main.css'), 'utf8');
/** The declarations of the first rule whose selector list is exactly `selector` (optionally inside `within`). */
const rule = (selector: string, within = '') => {
  const from = within ? css.indexOf(within) : 0;
  expect(from, within).toBeGreaterThanOrEqual(0);
  const start = css.indexOf(`${selector} {`, from);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  return css.slice(start, css.indexOf('}', start));
};

const { app } = await startTestApp();
const get = async (url: string) => (await app.inject({ url })).body;

describe('layout faults', () => {
  it('breadcrumbs flow as text and their separators are drawn by CSS with empty alternative text', async () => {
    expect(rule('.breadcrumbs ol')).toContain('display: block;');
    expect(rule('.breadcrumbs li')).toContain('display: inline;');
    expect(rule('.breadcrumbs li + li::before')).toContain(`content: '/' / '';`);
    // no separator in the markup, where it would be read out and could start a line
    const item = content.news[0]!;
    const crumbs = /<nav class="breadcrumbs"[\s\S]*?<\/nav>/.exec(await get(`/en/news/${item.slug}`))![0];
    expect(crumbs.replace(/<[^>]+>/g, '')).not.toContain('/');
  });

  it('the home hero has a scrim over the whole picture on narrow screens', () => {
    const scrim = rule('.hero::after', '@media (max-width: 640px)');
    const alphas = [...scrim.matchAll(/rgba\(8, 28, 44, ([\d.]+)\)/g)].map((m) => Number(m[1]));
    // the top of the picture (where the eyebrow and title sit at 360 px) is darkened too
    expect(alphas[0]).toBeGreaterThanOrEqual(0.5);
  });

  it('every home highlight with a link is clickable as a whole card, its image the size of its thumbnail', async () => {
    expect(rule('.highlight')).toContain('position: relative;');
    const stretched = rule('.highlight__title a::after');
    expect(stretched).toContain('position: absolute;');
    expect(stretched).toContain('inset: 0;');
    const highlights = [...mainOf(await get('/en')).matchAll(/<article class="highlight">([\s\S]*?)<\/article>/g)];
    // every highlight below the hero leads somewhere
    expect(highlights.length).toBeGreaterThanOrEqual(3);
    for (const [, card] of highlights) expect(card).toMatch(/<h3 class="highlight__title"><a href=/);
    const linked = content.sliders.filter((s) => s.url !== null).length;
    expect(highlights.filter((h) => /<h3 class="highlight__title"><a href=/.test(h[1]!)).length).toBe(
      // the first slide is the hero
      linked - ([...content.sliders].sort((a, b) => a.position - b.position)[0]!.url ? 1 : 0),
    );
    // a rendition the size of the 96 px thumbnail, not the 1600 px original
    for (const [, card] of highlights) {
      const img = /<img [^>]*>/.exec(card!)?.[0] ?? '';
      expect(img).toContain('loading="lazy"');
      expect(img).toContain('sizes="96px"');
      // 1x and 2x of the thumbnail through the image endpoint, nothing wider, never the original file
      const widths = [...img.matchAll(/\/_img\/w_(\d+),f_auto\/\S+ (\d+)w/g)].map((m) => Number(m[1]));
      expect(widths.length).toBeGreaterThan(0);
      expect(Math.max(...widths)).toBeLessThanOrEqual(640);
      expect(img).not.toMatch(/src="\/media\//);
    }
  });

  it('without JavaScript the mobile menu lists every link without +/− toggles it cannot work', () => {
    const chrome = readFileSync(join(paths().root, 'client/styles/chrome.css'), 'utf8');
    const at = chrome.indexOf('html:not([data-hydrated]) .main-nav__trigger::after {');
    expect(at).toBeGreaterThan(chrome.indexOf('@media (max-width: 960px)'));
    expect(chrome.slice(at, chrome.indexOf('}', at))).toContain('content: none;');
  });

  it('grids do not leave an orphan card', () => {
    expect(rule('.partners')).toContain('grid-template-columns: repeat(2, minmax(0, 1fr));');
    expect(rule('.partners', '@media (min-width: 600px)')).toContain(
      'grid-template-columns: repeat(4, minmax(0, 1fr));',
    );
  });

  it('lays out every card grid by one rule: a lone last card stays at the left, where the next one would be', () => {
    // auto-fill keeps empty tracks, so a short last row starts at the left; no rule moves a last card (ADR 0135)
    expect(rule('.cards')).toContain('grid-template-columns: repeat(auto-fill, minmax(280px, 1fr));');
    expect(css).not.toMatch(/\.cards[^{]*:last-child/);
    expect(css).not.toContain('justify-self: center');
    // the article column is 860 px: the same grid with 240 px columns fits three cards and two gaps
    expect(rule('.related .cards')).toContain(
      'grid-template-columns: repeat(auto-fill, minmax(min(100%, 240px), 1fr));',
    );
    expect(3 * 240 + 2 * 24).toBeLessThanOrEqual(860);
  });
});
