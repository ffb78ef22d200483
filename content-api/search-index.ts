import MiniSearch from 'minisearch';
import { stemmer as stemEnglish } from '@orama/stemmers/english';
import { stemmer as stemRussian } from '@orama/stemmers/russian';
import type { Locale } from '../shared/constants.ts';
import { escapeHtml } from '../shared/html-text.ts';
import type { SearchHit, SearchType } from '../shared/schemas/search.ts';
import type { Content } from './store.ts';

export interface SearchDoc {
  id: string;
  type: SearchType;
  itemId: number;
  slug: string;
  title: string;
  text: string;
  url: string;
  date: string | null;
}

const CYRILLIC = /[\u0400-\u04ff]/;

/**
 * One term form for indexing and querying: lower case, ё = е, then the Snowball stem of its script's language
 * (Russian words in English texts and Latin words in Russian ones are common here).
 */
export function normalizeTerm(term: string): string {
  const lower = term.toLowerCase().replace(/ё/g, 'е');
  if (lower.length < 3) return lower;
  return CYRILLIC.test(lower) ? stemRussian(lower) : stemEnglish(lower);
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};
export const plainText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim();

/** What every searchable item has: its id, its slug and its title in both languages. */
interface Item {
  id: number;
  slug: string;
  title: Record<Locale, string>;
}

/** Every searchable item of the content, in one locale, with the site path it lives at. */
export function searchDocuments(content: Content, locale: Locale): SearchDoc[] {
  const docs: SearchDoc[] = [];
  const add = (type: SearchType, item: Item, text: string, url: string, date: string | null = null) =>
    docs.push({
      id: `${type}:${item.id}`,
      type,
      itemId: item.id,
      slug: item.slug,
      title: item.title[locale],
      text: plainText(text),
      url,
      date,
    });

  for (const n of content.news)
    add('news', n, `${n.excerpt[locale]} ${n.body[locale]}`, `/news/${n.slug}`, n.published_at);
  for (const e of content.events)
    add(
      'event',
      e,
      `${e.location[locale]} ${e.excerpt[locale]} ${e.body[locale]}`,
      `/news/events/${e.slug}`,
      e.starts_at,
    );
  for (const o of content.opportunities)
    add(
      'opportunity',
      o,
      `${o.organization[locale]} ${o.excerpt[locale]} ${o.body[locale]}`,
      `/news/jobs#${o.slug}`,
      o.published_at,
    );
  for (const v of content.videos)
    add('video', v, `${v.excerpt[locale]} ${v.body[locale]}`, `/multimedia/video/${v.slug}`, v.published_at);
  for (const g of content['photo-galleries'])
    add(
      'photo-gallery',
      g,
      `${g.excerpt[locale]} ${g.photos.map((p) => p.caption[locale]).join(' ')}`,
      `/multimedia/photo-gallery/${g.slug}`,
      g.published_at,
    );
  for (const p of content.podcasts)
    add('podcast', p, `${p.excerpt[locale]} ${p.body[locale]}`, `/multimedia/podcasts/${p.slug}`, p.published_at);
  for (const c of content['online-courses'])
    add('online-course', c, `${c.provider[locale]} ${c.excerpt[locale]}`, `/study/online-courses#${c.slug}`);
  for (const w of content.webinars)
    add('webinar', w, `${w.excerpt[locale]} ${w.body[locale]}`, `/study/webinars/${w.slug}`, w.starts_at);
  for (const f of content['database-files'])
    add('database-file', f, f.description[locale], `/resources/database/${f.slug}`, f.published_at);
  for (const m of content.methods)
    add('method', m, `${m.excerpt[locale]} ${m.body[locale]}`, `/resources/monitoring-methods#${m.slug}`);
  for (const t of content.tools)
    add('tool', t, t.excerpt[locale], t.url.startsWith('/') ? t.url : `/resources/tools#${t.slug}`);
  for (const p of content['country-profiles'])
    add('country-profile', p, `${p.excerpt[locale]} ${p.body[locale]}`, `/countries/${p.slug}`);
  for (const s of content['cryosphere-subpages']) {
    add('cryosphere', s, `${s.excerpt[locale]} ${s.body[locale]}`, `/${s.slug}`);
    for (const i of s.items) add('cryosphere', i, `${i.excerpt[locale]} ${i.body[locale]}`, `/${s.slug}/${i.slug}`);
  }
  const about = content.about;
  add('page', { id: 1, slug: 'about', title: about.title }, about.body[locale], '/about');
  return docs;
}

/**
 * The stems of the content's words, shared by every index built in this process (a rebuilt index after an edit, the
 * other locale): a word is stemmed once. Only the content's words: a query's are stemmed as they come.
 */
const contentStems = new Map<string, string>();
const MAX_CONTENT_STEMS = 200_000;
function contentTerm(term: string): string {
  let stem = contentStems.get(term);
  if (stem === undefined) {
    if (contentStems.size >= MAX_CONTENT_STEMS) contentStems.clear();
    stem = normalizeTerm(term);
    contentStems.set(term, stem);
  }
  return stem;
}

/** A MiniSearch index of one language: titles weigh most, prefix and light fuzzy matching. */
export function createSearchIndex(content: Content, locale: Locale) {
  const docs = searchDocuments(content, locale);
  const index = new MiniSearch<SearchDoc>({
    fields: ['title', 'text'],
    storeFields: ['type', 'itemId', 'slug', 'title', 'text', 'url', 'date'],
    processTerm: contentTerm,
    searchOptions: {
      processTerm: (term) => normalizeTerm(term),
      boost: { title: 4 },
      prefix: true,
      fuzzy: (term) => (term.length > 5 ? 0.15 : 0),
      combineWith: 'AND',
    },
  });
  index.addAll(docs);
  // hits come back with their stored fields untyped; the documents themselves carry the types
  const byId = new Map(docs.map((doc) => [doc.id, doc]));

  return {
    size: docs.length,
    search(query: string, type?: SearchType): SearchHit[] {
      let results = index.search(query, { filter: type ? (r) => r.type === type : undefined });
      // every word must match (AND); when that finds nothing, fall back to any word (OR)
      if (results.length === 0)
        results = index.search(query, { combineWith: 'OR', filter: type ? (r) => r.type === type : undefined });
      return results.flatMap((r) => {
        const doc = byId.get(r.id);
        if (!doc) return [];
        return {
          type: doc.type,
          id: doc.itemId,
          slug: doc.slug,
          title: doc.title,
          excerpt: highlight(doc.text, new Set(r.terms)),
          url: doc.url,
          date: doc.date,
          score: Math.round(r.score * 1000) / 1000,
        };
      });
    },
  };
}

/** About 220 characters around the first match, HTML-escaped, with each matching word in <mark>. */
export function highlight(text: string, terms: Set<string>, width = 220): string {
  const words = [...text.matchAll(/[\p{L}\p{N}]+/gu)];
  const isHit = (word: string) =>
    terms.has(normalizeTerm(word)) || [...terms].some((t) => normalizeTerm(word).startsWith(t));
  const first = words.find((w) => isHit(w[0]));
  const center = first?.index ?? 0;
  let start = Math.max(0, center - width / 3);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + width);
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  const slice = text.slice(start, end);
  let out = '';
  let last = 0;
  for (const m of slice.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (!isHit(m[0])) continue;
    out += escapeHtml(slice.slice(last, m.index)) + `<mark>${escapeHtml(m[0])}</mark>`;
    last = m.index + m[0].length;
  }
  out += escapeHtml(slice.slice(last));
  return (start > 0 ? '… ' : '') + out + (end < text.length ? ' …' : '');
}

/** One language's index (`createSearchIndex`). */
export type SearchIndex = ReturnType<typeof createSearchIndex>;
