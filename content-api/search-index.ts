import { LRUCache } from 'lru-cache';
import MiniSearch, { type Query } from 'minisearch';
import { stemmer as stemEnglish } from '@orama/stemmers/english';
import { stemmer as stemRussian } from '@orama/stemmers/russian';
import { LOCALES, type Locale } from '../shared/constants.ts';
import { decodeHtmlText, escapeHtml } from '../shared/html-text.ts';
import { SEARCH_TYPES, type SearchHit, type SearchType, type SearchTypeCount } from '../shared/schemas/search.ts';
import { glacierPagePath } from '../shared/ui/map/glacier.ts';
import type { Content } from './store.ts';
import { latinKey } from './transliterate.ts';

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

/** Rich text's words: its tags gone, its character references read, its spaces one. */
export const plainText = (html: string) =>
  decodeHtmlText(html.replace(/<[^>]+>/g, ' '))
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
  const countries = new Map(content.countries.map((c) => [c.code, c.title[locale]]));
  for (const g of content.glaciers)
    add(
      'glacier',
      { id: g.id, slug: g.slug, title: g.name },
      [countries.get(g.country_code), g.wgms_id === null ? null : `WGMS ${g.wgms_id}`, g.rgi_id]
        .filter((part) => !!part)
        .join(', '),
      glacierPagePath(g.slug),
    );
  const about = content.about;
  add('page', { id: 1, slug: 'about', title: about.title }, about.body[locale], '/about');
  return docs;
}

/**
 * `fn` of the content's words, remembered for every index built in this process (a rebuilt index after an edit, the
 * other locale; the words last used, in lru-cache): a word is stemmed (or transliterated) once. Only the content's
 * words: a query's go as they come.
 */
const MAX_CONTENT_TERMS = 200_000;
function contentWords(fn: (term: string) => string): (term: string) => string {
  const known = new LRUCache<string, string>({ max: MAX_CONTENT_TERMS, memoMethod: fn });
  return (term) => known.memo(term);
}
/** A content word's stem (`normalizeTerm`). */
const contentTerm = contentWords(normalizeTerm);
/** A content word's Latin key (`latinKey`). */
const contentKey = contentWords(latinKey);

/**
 * A document as indexed: beside its own language's fields, `titles` and `words`, every word of the item's titles and
 * of its titles and texts, in both languages (matched by their Latin keys).
 */
type IndexedDoc = SearchDoc & { titles: string; words: string };

const WORD = /[\p{L}\p{N}]+/gu;
const NATIVE_FIELDS = ['title', 'text'];
const KEY_FIELDS = ['titles', 'words'];

/** The distinct words of the texts, lower case, space-separated (`words` is matched by key, not counted). */
const distinctWords = (...texts: string[]) =>
  [...new Set(texts.flatMap((text) => text.toLowerCase().match(WORD) ?? []))].join(' ');

/**
 * The Latin keys a query word matches in `words`: its own and its stem's (`ледники` meets `lednik`, `glaciers` meets
 * `glacier`); searched as prefixes, so one stem meets every form of a word.
 */
const queryKeys = (word: string) => [...new Set([latinKey(word), latinKey(normalizeTerm(word))])];

/**
 * A query as MiniSearch runs it: the words in the page's language (stemmed, titles first), or every word by its Latin
 * key among both languages' words of an item (a transliteration, or the other language's word), weighed less
 * (titles more than texts).
 */
function queryTree(query: string, combineWith: 'AND' | 'OR'): Query {
  const words = query.match(WORD) ?? [];
  return {
    combineWith: 'OR',
    queries: [
      { queries: [query], fields: NATIVE_FIELDS, combineWith },
      {
        queries: words.map((word) => ({ queries: [word], combineWith: 'OR' })),
        fields: KEY_FIELDS,
        processTerm: queryKeys,
        // a key of one or two letters (a preposition) matches itself, not every word it begins
        prefix: (term: string) => term.length > 2,
        combineWith,
      },
    ],
  };
}

/**
 * A MiniSearch index of one language: titles weigh most, prefix and light fuzzy matching. Each item is found by its
 * words in either language and by Latin transliterations of its Russian words (`tuyuksu` finds Туюксу, `ледник` the
 * English pages on glaciers), its own language's matches weighing more.
 */
export function createSearchIndex(content: Content, locale: Locale) {
  const docs = searchDocuments(content, locale);
  const other = new Map(
    searchDocuments(content, LOCALES.find((l) => l !== locale) ?? locale).map((doc) => [doc.id, doc]),
  );
  const index = new MiniSearch<IndexedDoc>({
    fields: [...NATIVE_FIELDS, ...KEY_FIELDS],
    storeFields: [],
    processTerm: (term, field) => (KEY_FIELDS.includes(field ?? '') ? contentKey(term) : contentTerm(term)),
    searchOptions: {
      processTerm: (term) => normalizeTerm(term),
      boost: { title: 4, titles: 2, words: 0.5 },
      prefix: true,
      fuzzy: (term) => (term.length > 5 ? 0.15 : 0),
      combineWith: 'AND',
    },
  });
  index.addAll(
    docs.map((doc) => {
      const alt = other.get(doc.id);
      return {
        ...doc,
        titles: distinctWords(doc.title, alt?.title ?? ''),
        words: distinctWords(doc.title, doc.text, alt?.title ?? '', alt?.text ?? ''),
      };
    }),
  );
  // hits come back with their stored fields untyped; the documents themselves carry the types
  const byId = new Map(docs.map((doc) => [doc.id, doc]));

  return {
    /**
     * The ranked matches of any of `types` (every type without them), and how many matches each type has. `hit` makes a match
     * the answer's hit (its excerpt is the costly part: made for the page shown only).
     */
    search(query: string, types?: readonly SearchType[]): { matches: Match[]; types: SearchTypeCount[] } {
      let results = index.search(queryTree(query, 'AND'));
      // every word must match (AND); when that finds nothing, fall back to any word (OR)
      if (results.length === 0) results = index.search(queryTree(query, 'OR'));
      const all = results.flatMap((r) => {
        const doc = byId.get(r.id);
        return doc ? { doc, terms: r.terms, score: r.score } : [];
      });
      const counts = SEARCH_TYPES.map((t) => ({ type: t, count: all.filter((m) => m.doc.type === t).length }));
      return {
        matches: types ? all.filter((m) => types.includes(m.doc.type)) : all,
        types: counts.filter((c) => c.count > 0),
      };
    },
    hit: ({ doc, terms, score }: Match): SearchHit => ({
      type: doc.type,
      id: doc.itemId,
      slug: doc.slug,
      title: doc.title,
      excerpt: highlight(doc.text, new Set(terms)),
      url: doc.url,
      date: doc.date,
      score: Math.round(score * 1000) / 1000,
    }),
  };
}

/** One document a query matched: the terms of the document it matched, its score. */
export interface Match {
  doc: SearchDoc;
  terms: string[];
  score: number;
}

/** About 220 characters around the first match, HTML-escaped, with each matching word in <mark>. */
export function highlight(text: string, terms: Set<string>, width = 220): string {
  const words = [...text.matchAll(/[\p{L}\p{N}]+/gu)];
  // a word matched by its stem, or by its Latin key (a transliteration typed, `tuyuksu` marking Туюксу)
  const list = [...terms];
  const seen = new Map<string, boolean>();
  const isHit = (word: string) => {
    let hit = seen.get(word);
    if (hit === undefined) {
      const term = contentTerm(word);
      const key = contentKey(word);
      hit = terms.has(term) || terms.has(key) || list.some((t) => term.startsWith(t) || key.startsWith(t));
      seen.set(word, hit);
    }
    return hit;
  };
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
