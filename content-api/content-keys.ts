import { isDeepStrictEqual } from 'node:util';
import { mediaRefs } from './localize.ts';
import { CONTENT_FILES, type Content, type ContentFile } from './store.ts';

/**
 * The BFF tags every cached upstream answer with surrogate keys: the collection of the resource (the first path
 * segment after `/api/v1/`) and `<collection>:<slug or id>` for each item an answer shows. When a content file
 * changes, the content API names the keys to purge; this module says which.
 */
export const COLLECTIONS = [
  'translations',
  'glaciers',
  'team',
  'about-project',
  'main-menu',
  'feedback-types',
  'interactive-tools',
  'methods-and-technologies',
  'database-files',
  'country-database-files',
  'countries',
  'tags',
  'database-file-types',
  'languages',
  'cryosphere',
  'cryosphere-database-files',
  'cryosphere-subpages',
  'news',
  'news-latest',
  'events',
  'opportunity-categories',
  'opportunities',
  'country-profiles',
  'videos',
  'photo-galleries',
  'podcasts',
  'online-courses',
  'webinars',
  'partners',
  'sliders',
  'search',
  'footer-partners',
  'social-networks',
] as const;
export type Collection = (typeof COLLECTIONS)[number];

type RecordField<F extends ContentFile> = Content[F] extends readonly (infer R)[] ? Extract<keyof R, string> : never;

export interface FileKeys<F extends ContentFile = ContentFile> {
  /**
   * every upstream resource whose answers are built (in part) from the file; the first is the file's own, whose name
   * its records' item keys carry (`news:<slug>`)
   */
  collections: readonly [Collection, ...Collection[]];
  /** for a file of records: how the BFF names them */
  items?: {
    /**
     * the collections whose answers carry those item keys (the first collection alone when not given); the file's
     * other collections embed its records without naming them (news summaries embed tag titles), so a changed record
     * purges those whole
     */
    carriedBy?: readonly Collection[];
    /**
     * fields that decide which records a list shows and in which order (sorting, filters, enums of query values):
     * a change there changes lists that did not show the record before, so it purges the collections whole
     */
    listFields: readonly RecordField<F>[];
  };
}

/** Database files embed a type, a country, languages and tags; their lists accept those as filters. */
const FILE_LISTS = ['database-files', 'country-database-files', 'cryosphere-database-files'] as const;

/**
 * Content file → the upstream resources whose answers are built from it, read off the routes (routes/*.ts,
 * search-index.ts). Every file the search index reads also feeds `search`, whose hits carry no item keys. The
 * media routes (/media/…) also read every file, for alt texts; a media file has keys of its own (`media:<file>`,
 * `mediaItemKeys` below names the items that show it).
 */
export const CONTENT_KEYS: { readonly [F in ContentFile]: FileKeys<F> } = {
  // news: tag enum and the tags of summaries; database files: tag filter and tags of every file
  tags: { collections: ['tags', 'news', 'news-latest', ...FILE_LISTS], items: { listFields: [] } },
  // a news detail lists related news by shared tags, latest first; their summaries are reached by their item keys
  // only where the BFF tags a detail answer with the keys of the related items it embeds
  news: {
    collections: ['news', 'news-latest', 'search'],
    items: { carriedBy: ['news', 'news-latest'], listFields: ['published_at', 'tags'] },
  },
  events: { collections: ['events', 'search'], items: { listFields: ['starts_at', 'ends_at'] } },
  sliders: { collections: ['sliders'], items: { listFields: [] } },
  partners: { collections: ['partners'], items: { listFields: ['position'] } },
  'footer-partners': { collections: ['footer-partners'], items: { listFields: [] } },
  'social-networks': { collections: ['social-networks'], items: { listFields: [] } },
  menu: { collections: ['main-menu'], items: { listFields: [] } },
  // also the ids a feedback post may name (POST answers are not cached)
  'feedback-types': { collections: ['feedback-types'], items: { listFields: [] } },
  translations: { collections: ['translations'] },
  // database files: country filter and country of every file; country profiles: their country code; search: the
  // country of each glacier
  countries: { collections: ['countries', ...FILE_LISTS, 'country-profiles', 'search'], items: { listFields: [] } },
  // database files and online courses: language filter; files, courses and webinars: language of every item
  languages: { collections: ['languages', ...FILE_LISTS, 'online-courses', 'webinars'], items: { listFields: [] } },
  'database-file-types': { collections: ['database-file-types', ...FILE_LISTS], items: { listFields: [] } },
  // `/database-files/years` (no item keys) lists the years that have files; `q` filters by title and description
  'database-files': {
    collections: [...FILE_LISTS, 'search'],
    items: {
      carriedBy: FILE_LISTS,
      listFields: ['published_at', 'type', 'year', 'country', 'language', 'tags', 'cryosphere', 'title', 'description'],
    },
  },
  methods: { collections: ['methods-and-technologies', 'search'], items: { listFields: ['position'] } },
  tools: { collections: ['interactive-tools', 'search'], items: { listFields: ['position'] } },
  'country-profiles': { collections: ['country-profiles', 'search'], items: { listFields: [] } },
  cryosphere: { collections: ['cryosphere'] },
  // cryosphere database files: the subpage filter
  'cryosphere-subpages': {
    collections: ['cryosphere-subpages', 'cryosphere-database-files', 'search'],
    items: { listFields: ['position'] },
  },
  team: { collections: ['team'], items: { listFields: ['position'] } },
  about: { collections: ['about-project', 'search'] },
  // opportunities: category filter and the category of every opportunity
  'opportunity-categories': { collections: ['opportunity-categories', 'opportunities'], items: { listFields: [] } },
  opportunities: {
    collections: ['opportunities', 'search'],
    items: { listFields: ['published_at', 'category', 'deadline'] },
  },
  videos: { collections: ['videos', 'search'], items: { listFields: ['published_at'] } },
  'photo-galleries': { collections: ['photo-galleries', 'search'], items: { listFields: ['published_at'] } },
  podcasts: { collections: ['podcasts', 'search'], items: { listFields: ['published_at'] } },
  'online-courses': {
    collections: ['online-courses', 'search'],
    items: { listFields: ['position', 'language', 'level'] },
  },
  webinars: { collections: ['webinars', 'search'], items: { listFields: ['starts_at'] } },
  // the map's bounds filter
  // the file database's datasets are made from the glaciers' series: their sizes in every file list follow them;
  // search finds the glaciers by name
  glaciers: { collections: ['glaciers', ...FILE_LISTS, 'search'], items: { listFields: ['lat', 'lon'] } },
};

interface Keyed {
  id: number;
  slug?: string;
}

/** Glacier calls address a glacier by id (`/glaciers/{id}/mass-balance`); every other item by its slug if it has one. */
export const itemKey = (collection: Collection, record: Keyed) =>
  `${collection}:${collection !== 'glaciers' && record.slug !== undefined ? record.slug : record.id}`;

const byId = (records: readonly Keyed[]) => {
  const map = new Map(records.map((r) => [r.id, r]));
  return map.size === records.length ? map : undefined;
};

/**
 * The surrogate keys to purge when `file` goes from `before` to `after`, sorted; none when its records are equal.
 * Changed records that stay in place in every list: their item keys, plus the collections that embed them without
 * naming them (`search`). Records added, removed or reordered, a changed list field, or a file that is one object:
 * the collections of the file (with the item keys of the records concerned).
 */
export function changeKeys(file: ContentFile, before: Content, after: Content): string[] {
  const spec: FileKeys = CONTENT_KEYS[file];
  const old = before[file];
  const now = after[file];
  if (isDeepStrictEqual(old, now)) return [];
  const keys = new Set<string>();
  const items = spec.items;
  const oldById = Array.isArray(old) ? byId(old) : undefined;
  const nowById = Array.isArray(now) ? byId(now) : undefined;
  let whole = !items || !oldById || !nowById;
  if (items && oldById && nowById) {
    const key = (record: Keyed) => keys.add(itemKey(spec.collections[0], record));
    for (const [id, record] of oldById) if (!nowById.has(id)) key(record);
    for (const [id, record] of nowById) if (!oldById.has(id)) key(record);
    const kept = (from: Map<number, Keyed>, other: Map<number, Keyed>) =>
      [...from.keys()].filter((id) => other.has(id));
    whole = keys.size > 0 || !isDeepStrictEqual(kept(oldById, nowById), kept(nowById, oldById));
    for (const [id, was] of oldById) {
      const is = nowById.get(id);
      if (!is || isDeepStrictEqual(was, is)) continue;
      key(was);
      key(is);
      if (items.listFields.some((field) => !isDeepStrictEqual(fieldOf(was, field), fieldOf(is, field)))) whole = true;
    }
    const carriedBy = items.carriedBy ?? [spec.collections[0]];
    if (!whole) for (const c of spec.collections) if (!carriedBy.includes(c)) keys.add(c);
  }
  if (whole) for (const c of spec.collections) keys.add(c);
  return [...keys].sort();
}

const fieldOf = (record: object, field: string): unknown => Object.getOwnPropertyDescriptor(record, field)?.value;

/** The key of a media file, named as its upstream path below `/media/` (the BFF's `server/routes/media.ts`). */
export const mediaKey = (file: string) => `media:${file}`;

/**
 * Media file → the keys of what shows it: the item key of every record that holds it (a news item's image, a
 * gallery's photos), or the first collection of a file that is one object (`about-project`). The media answers send
 * them in `Surrogate-Key`, so purging an item purges its pictures in shared caches too (ADR 0109).
 */
export function mediaItemKeys(content: Content): Map<string, string[]> {
  const keys = new Map<string, Set<string>>();
  const add = (value: unknown, key: string) => {
    for (const { file } of mediaRefs(value)) {
      let set = keys.get(file);
      if (!set) keys.set(file, (set = new Set()));
      set.add(key);
    }
  };
  for (const file of CONTENT_FILES) {
    const spec: FileKeys = CONTENT_KEYS[file];
    const value: unknown = content[file];
    if (Array.isArray(value) && spec.items) {
      for (const record of value) if (isKeyed(record)) add(record, itemKey(spec.collections[0], record));
    } else add(value, spec.collections[0]);
  }
  return new Map([...keys].map(([file, set]) => [file, [...set].sort()]));
}

const isKeyed = (record: unknown): record is Keyed =>
  typeof record === 'object' && record !== null && 'id' in record && typeof record.id === 'number';
