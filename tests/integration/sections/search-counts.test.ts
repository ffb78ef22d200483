/**
 * shared/sections/search: how the results page counts its results (Russian plural forms by the locale's rules) and
 * how it says that nothing was found (a sentence, not «Найдено 0 результатов»).
 */
import { describe, expect, it } from 'vitest';
import { startRecordedApp } from '../../helpers/app.ts';
import { esc, mainOf } from '../../helpers/html.ts';

const { get, editAnswers } = await startRecordedApp();

/** The upstream's search answers with `total` hits in their meta (the hits themselves as the content API has them). */
const searchTotal = (total: number) =>
  editAnswers('/api/v1/search', (answer: { meta: object }) => ({ ...answer, meta: { ...answer.meta, total } }));

const countLine = (html: string) => /<p class="page__count" role="status">([^<]*)<\/p>/.exec(mainOf(html))?.[1] ?? null;

describe('the count of search results', () => {
  it.each([
    [1, 'Найден 1 результат', '1 result'],
    [2, 'Найдено 2 результата', '2 results'],
    [4, 'Найдено 4 результата', '4 results'],
    [5, 'Найдено 5 результатов', '5 results'],
    [11, 'Найдено 11 результатов', '11 results'],
    [21, 'Найден 21 результат', '21 results'],
    [22, 'Найдено 22 результата', '22 results'],
  ])('%i: «%s», “%s”', async (total, ru, en) => {
    searchTotal(total);
    // a query of its own for each count: the page cache keeps each query's page
    const q = `snow ${total}`;
    const [inRussian, inEnglish] = await Promise.all([
      get(`/search?q=${encodeURIComponent(q)}`),
      get(`/en/search?q=${encodeURIComponent(q)}`),
    ]);
    expect(countLine(inRussian.body)).toBe(ru);
    expect(countLine(inEnglish.body)).toBe(en);
  });
});

describe('a search that finds nothing', () => {
  it.each([
    [
      '/search?q=qqqxxxzzz',
      'По запросу «qqqxxxzzz» ничего не найдено. Проверьте написание или попробуйте другое слово.',
    ],
    ['/en/search?q=qqqxxxzzz', 'Nothing was found for “qqqxxxzzz”. Check the spelling or try another word.'],
  ])('%s says so in a sentence, announced, with no count of zero and no filter of nothing', async (url, sentence) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const main = mainOf(res.body);
    expect(main).toContain(`<div role="status"><p class="empty">${esc(sentence)}</p></div>`);
    expect(countLine(res.body)).toBeNull();
    expect(main).not.toMatch(/Найдено 0|>0 results/);
    expect(main).not.toContain('class="search-filter"');
    // what was typed is on the page (the field, the heading, the sentence) and in no link
    expect([...main.matchAll(/href="[^"]*qqqxxxzzz/g)]).toEqual([]);
  });
});
