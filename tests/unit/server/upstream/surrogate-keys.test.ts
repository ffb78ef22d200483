import { describe, expect, it } from 'vitest';
import { calls } from '../../../../shared/api/calls.ts';
import { collectionOf, surrogateKeys } from '../../../../server/upstream/surrogate-keys.ts';

describe('surrogate keys of upstream answers', () => {
  it('name the collection as the upstream path does', () => {
    expect(collectionOf('/api/v1/news')).toBe('news');
    expect(collectionOf('/api/v1/news/east-zulmart-glacier-pamir')).toBe('news');
    expect(collectionOf('/api/v1/glaciers/12/mass-balance')).toBe('glaciers');
    expect(collectionOf('/api/v1/main-menu')).toBe('main-menu');
    expect(collectionOf('/api/v1/team/index')).toBe('team');
  });

  it('a detail carries its collection key and the key of every item it shows', () => {
    const detail = {
      data: { id: 36, slug: 'east-zulmart-glacier-pamir', related: [{ id: 2, slug: 'winter-snow-survey' }] },
    };
    expect(
      surrogateKeys(
        'newsItem',
        '/api/v1/news/east-zulmart-glacier-pamir',
        { slug: 'east-zulmart-glacier-pamir' },
        detail,
      ),
    ).toEqual(['news', 'news:east-zulmart-glacier-pamir', 'news:winter-snow-survey']);
    expect(surrogateKeys('massBalance', '/api/v1/glaciers/12/mass-balance', { id: 12 }, { data: {} })).toEqual([
      'glaciers',
      'glaciers:12',
    ]);
  });

  it('a list carries the item key of every item, in the items’ own collection', () => {
    const list = {
      data: [
        { id: 1, slug: 'a' },
        { id: 2, slug: 'b' },
      ],
    };
    expect(surrogateKeys('news', '/api/v1/news', undefined, list)).toEqual(['news', 'news:a', 'news:b']);
    expect(surrogateKeys('newsLatest', '/api/v1/news-latest', undefined, list)).toEqual([
      'news-latest',
      'news:a',
      'news:b',
    ]);
    // glaciers are addressed by id upstream
    expect(surrogateKeys('glaciers', '/api/v1/glaciers/index', undefined, list)).toEqual([
      'glaciers',
      'glaciers:1',
      'glaciers:2',
    ]);
    // search hits are of every kind: the search collection only
    expect(surrogateKeys('search', '/api/v1/search', undefined, list)).toEqual(['search']);
    expect(surrogateKeys('translations', '/api/v1/translations', undefined, { data: { a: 'b' } })).toEqual([
      'translations',
    ]);
  });

  it('every call of the table has a collection key', () => {
    for (const [name, def] of Object.entries(calls)) {
      const path = def.path({ params: { slug: 'x', id: 1 } } as never);
      expect(collectionOf(path), name).toMatch(/^[a-z-]+$/);
    }
  });
});
