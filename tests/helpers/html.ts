import { expect } from 'vitest';
import type { Locale } from '../../shared/constants.ts';

/** Both locales, Russian (the default, no prefix) first. */
export const LOCALES: readonly Locale[] = ['ru', 'en'];

/** The path prefix of a locale: '' for Russian, '/en' for English. */
export const prefix = (locale: Locale) => (locale === 'en' ? '/en' : '');

/** Text as React writes it into HTML. */
export const esc = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** A literal string as a regular expression source. */
export { escapeRegExp as escapeRe } from '../../shared/reg-exp.ts';

/** The page's <main>, so that menu, footer and hydration data cannot satisfy an assertion. */
export const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

/** Every JSON-LD object of a page, the items of a JSON-LD array each on their own. */
const jsonLd = <T extends object = Record<string, unknown>>(html: string): T[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) => {
    const data = JSON.parse(m[1] ?? 'null') as T | T[];
    return Array.isArray(data) ? data : [data];
  });

/** The JSON-LD objects of a page that are of one schema.org `@type` ('Dataset', 'NewsArticle'…). */
export const nodesOfType = <T extends object = Record<string, unknown>>(html: string, type: string): T[] =>
  jsonLd<T & { '@type'?: unknown }>(html).filter((d) => d['@type'] === type);

/**
 * The glacier panel of a WGMS page (where a glacier's figures and sources are), up to the explainers or the end of
 * <main>, without the page's hydration data; '' when no glacier is chosen.
 */
export const panelOf = (html: string) => {
  const start = html.indexOf('<section class="glacier-panel"');
  const ends = ['<div class="wgms__explainers"', '</main>'].map((m) => html.indexOf(m, start)).filter((i) => i > start);
  return start === -1 ? '' : html.slice(start, Math.min(html.length, ...ends));
};

/** One part of a page's glacier panel ('sources', 'findings', 'articles'…); a panel without it fails the test. */
export function panelPartOf(html: string, part: string): string {
  const section = new RegExp(`<section class="glacier-panel__part glacier-panel__${part}"[\\s\\S]*?</section>`).exec(
    panelOf(html),
  );
  expect(section, `the glacier panel has its ${part}`).not.toBeNull();
  return section![0];
}

/** Card titles of a list page (the card links), in order. */
export const cardTitles = (html: string) =>
  [...html.matchAll(/<a class="card__link"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);

/** Newest first by a date field (ISO strings sort as dates). */
export const byDateDesc =
  <T>(date: (item: T) => string) =>
  (a: T, b: T) =>
    date(b).localeCompare(date(a));

const HYDRATION_SCRIPT = 'window.__staticRouterHydrationData = JSON.parse(';
/**
 * The data a document hands react-router to hydrate with (StaticRouterProvider's script: the JSON as a string
 * literal, parsed in the browser); a document without it fails the test that reads it.
 */
export function hydrationDataOf(html: string): { loaderData: Record<string, unknown>; errors: unknown } {
  const start = html.indexOf(HYDRATION_SCRIPT);
  expect(start, 'the document carries hydration data').toBeGreaterThan(-1);
  const literal = html.slice(start + HYDRATION_SCRIPT.length, html.indexOf(');</script>', start));
  return JSON.parse(JSON.parse(literal) as string) as { loaderData: Record<string, unknown>; errors: unknown };
}
