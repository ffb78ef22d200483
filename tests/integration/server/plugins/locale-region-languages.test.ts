import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../helpers/app.ts';

// ADR 0130: at `/`, Kyrgyz, Kazakh, Tajik, Uzbek and Turkmen choose Russian at their own rank in Accept-Language
const { get } = await startTestApp();
const vary = (res: { headers: Record<string, unknown> }) => String(res.headers.vary ?? '').split(/,\s*/);

const russianAt = async (headers: Record<string, string>) => {
  const res = await get('/', headers);
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('<html lang="ru">');
  expect(vary(res)).toEqual(expect.arrayContaining(['Cookie', 'Accept-Language']));
  return res;
};

const englishAt = async (headers: Record<string, string>) => {
  const res = await get('/', headers);
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe('/en');
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(vary(res)).toEqual(expect.arrayContaining(['Cookie', 'Accept-Language']));
  return res;
};

// each Accept-Language, the locale `/` answers in, and why
const cases: Array<[header: string, locale: 'ru' | 'en', why: string]> = [
  ['uz, en', 'ru', 'Uzbek above English'],
  ['ky, en', 'ru', 'Kyrgyz above English'],
  ['kk, en', 'ru', 'Kazakh above English'],
  ['tg, en', 'ru', 'Tajik above English'],
  ['tk, en', 'ru', 'Turkmen above English'],
  ['uz-Latn-UZ, en-US;q=0.8', 'ru', 'a regional form with a script'],
  ['kk-KZ, en;q=0.9', 'ru', 'a regional form'],
  ['ky-KG,en', 'ru', 'a regional form, no space'],
  ['tg-TJ, en-GB;q=0.7', 'ru', 'a regional form over a regional English'],
  ['TK-tm, en', 'ru', 'a regional form in any case'],
  ['uz, ru;q=0.9, en;q=0.8', 'ru', 'Russian between the regional language and English'],
  ['en, uz', 'en', 'English first'],
  ['uz;q=0.5, en;q=0.9', 'en', 'English higher by q-value'],
  ['en-US, kk-KZ;q=0.9', 'en', 'a regional English first'],
  ['de, uz', 'ru', 'a language not offered first, a regional one next'],
  ['de-DE, tg;q=0.8, en;q=0.5', 'ru', 'a regional language above English behind one not offered'],
  ['*', 'ru', '`*`: the default language'],
  ['en;q=0.5, *', 'ru', '`*` above English'],
  ['en, *;q=0.1', 'en', 'English above `*`'],
];

describe('Russian at / for the languages of the region', () => {
  it.each(cases)('`%s` answers in %s (%s)', async (header, locale) => {
    await (locale === 'ru' ? russianAt : englishAt)({ 'accept-language': header });
  });

  it('lets the locale cookie win over a regional language, both ways', async () => {
    const en = await get('/', { cookie: 'i18n_redirected=en', 'accept-language': 'uz, en' });
    expect(en.statusCode).toBe(302);
    expect(en.headers.location).toBe('/en');
    await russianAt({ cookie: 'i18n_redirected=ru', 'accept-language': 'en, uz' });
  });

  it('never redirects a deep link: /en stays English for an Uzbek browser', async () => {
    const res = await get('/en', { 'accept-language': 'uz, en' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en">');
  });

  it('hands a regional visitor the Russian page stored for `/`, under the same cache key', async () => {
    await russianAt({ 'accept-language': 'ru' });
    await expect.poll(async () => (await get('/', { 'accept-language': 'ru' })).headers['x-cache']).toBe('hit');
    const regional = await russianAt({ 'accept-language': 'uz-Latn-UZ, en' });
    expect(regional.headers['x-cache']).toBe('hit');
    expect(regional.headers['cache-control']).toContain('public');
  });
});
