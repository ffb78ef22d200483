import type { CallName } from '../../shared/api/calls.ts';

/**
 * Surrogate keys of upstream answers (ADR 0090): the collection of the resource, named as its upstream path
 * (`/api/v1/news/…` → `news`), an item key `<collection>:<slug or id>` for a single item, and for a list (or a detail's
 * related items) the item key of every item it shows, so purging one item refreshes every page that shows it.
 */

/** Lists whose items belong to another collection than the list's own path. */
const ITEM_COLLECTION: Partial<Record<CallName, string | null>> = {
  newsLatest: 'news',
  countryDatabaseFiles: 'database-files',
  cryosphereDatabaseFiles: 'database-files',
  // hits of every kind of content: the search collection alone (any content change purges `search`)
  search: null,
};

/** Collections whose items are addressed by id upstream (`/api/v1/glaciers/{id}/…`); the others by slug. */
const BY_ID = new Set(['glaciers']);

const API_PREFIX = '/api/v1/';

/** The collection an upstream path belongs to: its first segment after `/api/v1/`. */
export function collectionOf(path: string): string {
  const rest = path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path.replace(/^\/+/, '');
  const end = rest.indexOf('/');
  return end === -1 ? rest : rest.slice(0, end);
}

/** A field of a parsed JSON value, when it is an object that has it. */
const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null && name in value
    ? Object.getOwnPropertyDescriptor(value, name)?.value
    : undefined;

const itemId = (collection: string, item: unknown): string | undefined => {
  const slug = field(item, 'slug');
  if (!BY_ID.has(collection) && typeof slug === 'string') return slug;
  const id = field(item, 'id');
  return typeof id === 'number' || typeof id === 'string' ? String(id) : undefined;
};

/** The keys of one parsed upstream answer of call `name` for `path` with these path parameters. */
export function surrogateKeys(name: CallName, path: string, params: unknown, body: unknown): string[] {
  const collection = collectionOf(path);
  const keys = new Set([collection]);
  const param = field(params, 'slug') ?? field(params, 'id');
  if (typeof param === 'string' || typeof param === 'number') keys.add(`${collection}:${param}`);
  const data = field(body, 'data');
  const items = name in ITEM_COLLECTION ? ITEM_COLLECTION[name] : collection;
  // a list's items, or the items a detail shows beside its own (a news item's `related` news)
  const listed = Array.isArray(data) ? data : field(data, 'related');
  if (Array.isArray(listed) && typeof items === 'string') {
    for (const item of listed) {
      const id = itemId(items, item);
      if (id !== undefined) keys.add(`${items}:${id}`);
    }
  }
  return [...keys];
}
