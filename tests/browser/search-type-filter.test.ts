/**
 * shared/sections/search: the filter by group of types in the browser, by a client navigation (the page's data comes
 * as a payload keyed on `type`) and without JavaScript (plain links). Its markup, counts and both locales:
 * tests/integration/sections/search-type-filter.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, markDocument, openPage, sameDocument } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();
const query = `?q=${encodeURIComponent('ледник')}`;

/** The hit types of the "Данные" group, as each result names its own. */
const DATA_TYPES = new Set(['База данных', 'Инструмент', 'Метод мониторинга']);

/** Follows the filter's "Данные" link; resolves with the chosen option and the results' type labels. */
async function chooseData(page: Page) {
  await page.locator('.search-filter__option', { hasText: 'Данные' }).click();
  await page.waitForURL((url) => url.searchParams.get('type') === 'data');
  await page.locator('.search-filter__option.is-current', { hasText: 'Данные' }).waitFor();
  return {
    current: await page.locator('.search-filter [aria-current="page"]').innerText(),
    types: await page.locator('.search-result__type').allTextContents(),
  };
}

describe.runIf(run)('the search type filter (Chromium)', () => {
  const site = servedSite();

  it('narrows the results to a group by a client navigation, and back shows every type again', async () => {
    const { page, context } = await openPage(site.browser, `${site.origin}/search${query}`, {
      width: 360,
      height: 800,
    });
    const before = await page.locator('.search-result__type').allTextContents();
    expect(new Set(before).size).toBeGreaterThan(1);
    // "all" and the six groups take four rows above the first result on a 360 px phone (the fifteen types took eight)
    const rows = await page
      .locator('.search-filter__option')
      .evaluateAll((links) => new Set(links.map((link) => Math.round(link.getBoundingClientRect().top))).size);
    expect(rows).toBeLessThanOrEqual(4);
    // a client navigation: the document stays
    await markDocument(page);
    const chosen = await chooseData(page);
    expect(chosen.current).toMatch(/^Данные\s*\d+$/);
    expect(chosen.types.length).toBeGreaterThan(0);
    expect(chosen.types.every((type) => DATA_TYPES.has(type))).toBe(true);
    expect(await sameDocument(page)).toBe(true);
    await page.goBack();
    await page.locator('.search-filter__option.is-current', { hasText: 'Все' }).waitFor();
    expect(await page.locator('.search-result__type').allTextContents()).toEqual(before);
    await context.close();
  });

  it('works without JavaScript', async () => {
    const { page, context } = await openPage(site.browser, `${site.origin}/search${query}`, {
      context: { javaScriptEnabled: false },
    });
    const chosen = await chooseData(page);
    expect(chosen.types.length).toBeGreaterThan(0);
    expect(chosen.types.every((type) => DATA_TYPES.has(type))).toBe(true);
    await context.close();
  });
});
