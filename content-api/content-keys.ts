import { isDeepStrictEqual } from 'node:util';
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
  /** every upstream resource whose answers are built (in part) from the file */
  collections: readonly Collection[];
  /** for a file of records: how the BFF names them */
  items?: {
    /** the collection in the records' item keys */
    collection: Collection;
    /**
     * the collections whose answers carry those item keys; the file's other collections embed its records without
     * naming them (news summaries embed tag titles), so a changed record purges those whole
     */
    carriedBy: readonly Collection[];
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
  tags: {
    collections: ['tags', 'news', 'news-latest', ...FILE_LISTS],
    items: { collection: 'tags', carriedBy: ['tags'], listFields: [] },
  },
  // a news detail lists related news by shared tags, latest first; their summaries are reached by their item keys
  // only where the BFF tags a detail answer with the keys of the related items it embeds
  news: {
    collections: ['news', 'news-latest', 'search'],
    items: { collection: 'news', carriedBy: ['news', 'news-latest'], listFields: ['published_at', 'tags'] },
  },
  events: {
    collections: ['events', 'search'],
    items: { collection: 'events', carriedBy: ['events'], listFields: ['starts_at', 'ends_at'] },
  },
  sliders: { collections: ['sliders'], items: { collection: 'sliders', carriedBy: ['sliders'], listFields: [] } },
  partners: {
    collections: ['partners'],
    items: { collection: 'partners', carriedBy: ['partners'], listFields: ['position'] },
  },
  'footer-partners': {
    collections: ['footer-partners'],
    items: { collection: 'footer-partners', carriedBy: ['footer-partners'], listFields: [] },
  },
  'social-networks': {
    collections: ['social-networks'],
    items: { collection: 'social-networks', carriedBy: ['social-networks'], listFields: [] },
  },
  menu: { collections: ['main-menu'], items: { collection: 'main-menu', carriedBy: ['main-menu'], listFields: [] } },
  // also the ids a feedback post may name (POST answers are not cached)
  'feedback-types': {
    collections: ['feedback-types'],
    items: { collection: 'feedback-types', carriedBy: ['feedback-types'], listFields: [] },
  },
  translations: { collections: ['translations'] },
  // database files: country filter and country of every file; country profiles: their country code; search: the
  // country of each glacier
  countries: {
    collections: ['countries', ...FILE_LISTS, 'country-profiles', 'search'],
    items: { collection: 'countries', carriedBy: ['countries'], listFields: [] },
  },
  // database files and online courses: language filter; files, courses and webinars: language of every item
  languages: {
    collections: ['languages', ...FILE_LISTS, 'online-courses', 'webinars'],
    items: { collection: 'languages', carriedBy: ['languages'], listFields: [] },
  },
  'database-file-types': {
    collections: ['database-file-types', ...FILE_LISTS],
    items: { collection: 'database-file-types', carriedBy: ['database-file-types'], listFields: [] },
  },
  // `/database-files/years` (no item keys) lists the years that have files; `q` filters by title and description
  'database-files': {
    collections: [...FILE_LISTS, 'search'],
    items: {
      collection: 'database-files',
      carriedBy: FILE_LISTS,
      listFields: ['published_at', 'type', 'year', 'country', 'language', 'tags', 'cryosphere', 'title', 'description'],
    },
  },
  methods: {
    collections: ['methods-and-technologies', 'search'],
    items: {
      collection: 'methods-and-technologies',
      carriedBy: ['methods-and-technologies'],
      listFields: ['position'],
    },
  },
  tools: {
    collections: ['interactive-tools', 'search'],
    items: { collection: 'interactive-tools', carriedBy: ['interactive-tools'], listFields: ['position'] },
  },
  'country-profiles': {
    collections: ['country-profiles', 'search'],
    items: { collection: 'country-profiles', carriedBy: ['country-profiles'], listFields: [] },
  },
  cryosphere: { collections: ['cryosphere'] },
  // cryosphere database files: the subpage filter
  'cryosphere-subpages': {
    collections: ['cryosphere-subpages', 'cryosphere-database-files', 'search'],
    items: { collection: 'cryosphere-subpages', carriedBy: ['cryosphere-subpages'], listFields: ['position'] },
  },
  team: { collections: ['team'], items: { collection: 'team', carriedBy: ['team'], listFields: ['position'] } },
  about: { collections: ['about-project', 'search'] },
  // opportunities: category filter and the category of every opportunity
  'opportunity-categories': {
    collections: ['opportunity-categories', 'opportunities'],
    items: { collection: 'opportunity-categories', carriedBy: ['opportunity-categories'], listFields: [] },
  },
  opportunities: {
    collections: ['opportunities', 'search'],
    items: {
      collection: 'opportunities',
      carriedBy: ['opportunities'],
      listFields: ['published_at', 'category', 'deadline'],
    },
  },
  videos: {
    collections: ['videos', 'search'],
    items: { collection: 'videos', carriedBy: ['videos'], listFields: ['published_at'] },
  },
  'photo-galleries': {
    collections: ['photo-galleries', 'search'],
    items: { collection: 'photo-galleries', carriedBy: ['photo-galleries'], listFields: ['published_at'] },
  },
  podcasts: {
    collections: ['podcasts', 'search'],
    items: { collection: 'podcasts', carriedBy: ['podcasts'], listFields: ['published_at'] },
  },
  'online-courses': {
    collections: ['online-courses', 'search'],
    items: {
      collection: 'online-courses',
      carriedBy: ['online-courses'],
      listFields: ['position', 'language', 'level'],
    },
  },
  webinars: {
    collections: ['webinars', 'search'],
    items: { collection: 'webinars', carriedBy: ['webinars'], listFields: ['starts_at'] },
  },
  // the map's bounds filter
  // the file database's datasets are made from the glaciers' series: their sizes in every file list follow them;
  // search finds the glaciers by name
  glaciers: {
    collections: ['glaciers', ...FILE_LISTS, 'search'],
    items: { collection: 'glaciers', carriedBy: ['glaciers'], listFields: ['lat', 'lon'] },
  },
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
    const key = (record: Keyed) => keys.add(itemKey(items.collection, record));
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
    if (!whole) for (const c of spec.collections) if (!items.carriedBy.includes(c)) keys.add(c);
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
    for (const file of mediaFiles(value)) {
      let set = keys.get(file);
      if (!set) keys.set(file, (set = new Set()));
      set.add(key);
    }
  };
  for (const file of CONTENT_FILES) {
    const spec: FileKeys = CONTENT_KEYS[file];
    const value: unknown = content[file];
    if (Array.isArray(value) && spec.items) {
      const collection = spec.items.collection;
      for (const record of value) if (isKeyed(record)) add(record, itemKey(collection, record));
    } else if (spec.collections[0] !== undefined) add(value, spec.collections[0]);
  }
  return new Map([...keys].map(([file, set]) => [file, [...set].sort()]));
}

const isKeyed = (record: unknown): record is Keyed =>
  typeof record === 'object' && record !== null && 'id' in record && typeof record.id === 'number';

/** The media files a value refers to: every `file` of a media reference (`{ file, alt }`) inside it. */
function mediaFiles(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) mediaFiles(v, into);
  else if (typeof value === 'object' && value !== null) {
    if ('file' in value && typeof value.file === 'string' && 'alt' in value) into.push(value.file);
    else for (const v of Object.values(value)) mediaFiles(v, into);
  }
  return into;
}
