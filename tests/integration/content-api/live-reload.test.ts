import { defaultContentDir } from '../../../content-api/config.ts';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calls, type CallName } from '../../../shared/api/calls.ts';
import { contentApp, startContentApi, type ContentChange } from '../../../content-api/app.ts';
import { changeKeys, COLLECTIONS, CONTENT_KEYS } from '../../../content-api/content-keys.ts';
import { createFeedbackStore } from '../../../content-api/feedback-store.ts';
import {
  CONTENT_FILES,
  loadContent,
  loadContentFile,
  type Content,
  type ContentFile,
} from '../../../content-api/store.ts';
import { callParams } from '../../helpers/content.ts';

const tmp = mkdtempSync(join(tmpdir(), 'content-live-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const content = loadContent(defaultContentDir());

/** A copy of the content folder: tests edit the copy, never the repository's files. */
let copies = 0;
function contentCopy() {
  const dir = join(tmp, `content-${++copies}`);
  cpSync(defaultContentDir(), dir, { recursive: true });
  return dir;
}

const LogLine = z.looseObject({ level: z.number(), msg: z.string(), file: z.string().optional() });
type LogLine = z.output<typeof LogLine>;
const WARN = 40;

/** Resolvers of the next event of a kind, so a test waits for the event itself instead of a fixed time. */
function signal<T>() {
  const seen: T[] = [];
  let waiting: { match: (value: T) => boolean; resolve: (value: T) => void }[] = [];
  return {
    seen,
    emit(value: T) {
      seen.push(value);
      const matched = waiting.filter((w) => w.match(value));
      waiting = waiting.filter((w) => !matched.includes(w));
      for (const w of matched) w.resolve(value);
    },
    /** call before causing the event: resolves with the first matching one after this call */
    next: (match: (value: T) => boolean = () => true) => new Promise<T>((resolve) => waiting.push({ match, resolve })),
  };
}

const started: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const api of started.splice(0)) await api.close();
});

/** A watching content API on a fresh copy of the content, with its changes and warnings recorded. */
async function startWatched() {
  const dir = contentCopy();
  const changes = signal<ContentChange>();
  const warnings = signal<LogLine>();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const parsed = LogLine.parse(JSON.parse(line));
        if (parsed.level === WARN) warnings.emit(parsed);
      }
      done();
    },
  });
  const hooks: { onChange?: (change: ContentChange) => void | Promise<void> } = {};
  const api = await startContentApi(0, {
    contentDir: dir,
    dataDir: join(dir, 'data'),
    watch: true,
    logger: { level: 'warn', stream },
    onChange: async (change) => {
      try {
        await hooks.onChange?.(change);
      } finally {
        changes.emit(change);
      }
    },
  });
  started.push({ close: () => api.app.close() });
  const file = (name: ContentFile) => join(dir, `${name}.json`);
  return {
    ...api,
    hooks,
    changes,
    warnings,
    /** the file's records as on disk */
    read: (name: ContentFile): unknown => JSON.parse(readFileSync(file(name), 'utf8')),
    /** an editor's save in place (truncate, then write) */
    write: (name: ContentFile, value: unknown) => writeFileSync(file(name), JSON.stringify(value, null, 2)),
    /** a save that replaces the file at once, as editors that write a temporary file and rename it do */
    replace: (name: ContentFile, text: string) => {
      writeFileSync(`${file(name)}.saving`, text);
      renameSync(`${file(name)}.saving`, file(name));
    },
    json: async (path: string) => {
      const res = await fetch(api.url + path, { headers: { 'accept-language': 'en' } });
      return { status: res.status, body: z.looseObject({ data: z.unknown() }).parse(await res.json()) };
    },
  };
}

const NewsDetail = z.looseObject({ data: z.looseObject({ title: z.string() }) });
const news = content.news[0]!;
const retitled = (records: Content['news'], title: string) =>
  records.map((n) => (n.id === news.id ? { ...n, title: { ...n.title, en: title } } : n));

describe('the editor’s loop: a watched content folder', () => {
  it('names the collections fed by news, and the new item, when a news item is added', async () => {
    const api = await startWatched();
    const added = { ...news, id: Math.max(...content.news.map((n) => n.id)) + 1, slug: 'a-new-survey-of-the-pamir' };
    const changed = api.changes.next();
    api.write('news', [...content.news, added]);
    expect(await changed).toEqual({
      files: ['news'],
      keys: ['news', 'news-latest', 'news:a-new-survey-of-the-pamir', 'search'],
    });
    expect((await api.json('/api/v1/news/a-new-survey-of-the-pamir')).status).toBe(200);
  });

  it('keeps serving the previous content while a file is broken, until it is fixed: then names its keys', async () => {
    const api = await startWatched();
    // the callback is told once the fixed content is served
    let seenByCallback: string | undefined;
    api.hooks.onChange = async () => {
      const res = await fetch(`${api.url}/api/v1/news/${news.slug}`, { headers: { 'accept-language': 'en' } });
      seenByCallback = NewsDetail.parse(await res.json()).data.title;
    };
    const warned = api.warnings.next();
    api.replace('news', '[{ "id": 1, "slug": ');
    expect(await warned).toMatchObject({ file: 'news', msg: 'content file not reloaded: previous content kept' });
    const before = await api.json(`/api/v1/news/${news.slug}`);
    expect(NewsDetail.parse(before.body).data.title).toBe(news.title.en);
    // the same broken file read again is not reported again
    expect(await api.reload('news')).toEqual({ files: [], keys: [] });
    expect(api.warnings.seen).toHaveLength(1);

    const changed = api.changes.next();
    api.replace('news', JSON.stringify(retitled(content.news, 'Fixed')));
    expect(await changed).toEqual({ files: ['news'], keys: [`news:${news.slug}`, 'search'] });
    expect(seenByCallback).toBe('Fixed');
    expect(NewsDetail.parse((await api.json(`/api/v1/news/${news.slug}`)).body).data.title).toBe('Fixed');
    expect(api.changes.seen).toHaveLength(1);
  });

  it('does not call back for a file saved with the same content', async () => {
    const api = await startWatched();
    // the same records, written differently: a new mtime and new bytes, no new content
    api.replace('news', JSON.stringify(api.read('news'), null, 4));
    // a real edit afterwards: the watcher handles files in the order they changed, one reload at a time
    const team = content.team[0]!;
    const changed = api.changes.next();
    api.write(
      'team',
      content.team.map((m) => (m.id === team.id ? { ...m, bio: { ...m.bio, en: 'A new biography.' } } : m)),
    );
    expect(await changed).toEqual({ files: ['team'], keys: [`team:${team.id}`] });
    expect(api.changes.seen).toHaveLength(1);
    expect(await api.reload()).toEqual({ files: [], keys: [] });
  });

  it('keeps serving when the change callback fails, with a warning', async () => {
    const api = await startWatched();
    api.hooks.onChange = () => {
      throw new Error('purge failed');
    };
    const warned = api.warnings.next((line) => line.msg === 'content change callback failed');
    api.write('translations', { ...content.translations, 'site.extra': { ru: 'Ещё', en: 'More' } });
    expect(await warned).toMatchObject({ msg: 'content change callback failed', keys: ['translations'] });
    expect((await api.json('/api/v1/translations')).body.data).toMatchObject({ 'site.extra': 'More' });
  });

  it('stops watching when closed', async () => {
    const watches = () => process.getActiveResourcesInfo().filter((r) => r === 'FSEventWrap').length;
    // handles closed by earlier tests leave the list at the loop's next close phase: one turn of the loop first
    await new Promise((resolve) => setTimeout(resolve, 0));
    const before = watches();
    const api = await startWatched();
    expect(watches()).toBe(before + 1);
    await api.app.close();
    await expect.poll(watches).toBe(before);
    api.write('news', retitled(content.news, 'After close'));
    expect(await api.reload('news')).toEqual({ files: [], keys: [] });
    expect(api.changes.seen).toHaveLength(0);
  });
});

/** Every call of SPEC §7 with parameters and a query that make it answer 200. */
const params = callParams;
const queries: Partial<Record<CallName, string>> = {
  search: '?q=glacier&per_page=100',
  countryDatabaseFiles: '?country=kyrgyzstan',
};
const callDefs = (Object.keys(calls) as CallName[]).map((name) => {
  const def = calls[name] as { path: (p: unknown) => string; response: z.ZodType };
  return { path: def.path({ params: params[name] ?? {} }) + (queries[name] ?? ''), response: def.response };
});
const callPaths = callDefs.map((call) => call.path);
const collectionOf = (path: string) => path.split('?')[0]!.split('/')[3]!;

describe('content file → surrogate keys table', () => {
  it('names only collections of SPEC §7 calls, and each of them', () => {
    // the 44 GET calls of SPEC §7 (plus POST feedbacks)
    expect(callPaths).toHaveLength(44);
    expect([...new Set(callPaths.map(collectionOf))].sort()).toEqual([...COLLECTIONS].sort());
    const named = new Set<string>();
    for (const spec of Object.values(CONTENT_KEYS)) {
      for (const key of spec.collections) named.add(key);
      const carriedBy = spec.items?.carriedBy ?? [spec.collections[0]];
      expect(carriedBy).toContain(spec.collections[0]);
      for (const key of carriedBy) expect(spec.collections).toContain(key);
    }
    // every resource is built from some file
    expect([...named].sort()).toEqual([...COLLECTIONS].sort());
  });

  // one build of the routes per content file (each builds its search indexes): a few seconds, a minute or more on a
  // busy machine
  // every call answers as the BFF's schema of it expects, in both locales, from the content and from every change of it
  it('names every resource whose answers change when the texts of a file change', { timeout: 180_000 }, async () => {
    const dataDir = join(tmp, 'table-data');
    const deps = { feedbacks: createFeedbackStore(dataDir), mediaCacheDir: join(dataDir, 'media') };
    const answers = async (from: Content, locale = 'en') => {
      const app = await contentApp(from, deps);
      try {
        const bodies = new Map<string, string>();
        for (const { path, response } of callDefs) {
          const res = await app.inject({ url: path, headers: { 'accept-language': locale } });
          expect(res.statusCode, path).toBe(200);
          expect(response.safeParse(res.json()).error, path).toBeUndefined();
          bodies.set(path, res.body);
        }
        return bodies;
      } finally {
        await app.close();
      }
    };
    await answers(content, 'ru');
    const base = await answers(content);
    // every localized text of one file, changed: its records parse as before and every answer built from them differs
    const mutated = join(tmp, 'mutated');
    cpSync(defaultContentDir(), mutated, { recursive: true });
    const marked = (_key: string, value: unknown): unknown =>
      typeof value === 'object' && value !== null && 'ru' in value && 'en' in value
        ? { ru: `${String(value.ru)} ¤`, en: `${String(value.en)} ¤` }
        : value;
    const withFile = <F extends ContentFile>(name: F): Content => {
      const raw: unknown = JSON.parse(readFileSync(join(defaultContentDir(), `${name}.json`), 'utf8'), marked);
      writeFileSync(join(mutated, `${name}.json`), JSON.stringify(raw));
      const next = { ...content };
      next[name] = loadContentFile(mutated, name);
      return next;
    };
    for (const file of CONTENT_FILES) {
      const after = await answers(withFile(file));
      const changed = new Set(callPaths.filter((p) => after.get(p) !== base.get(p)).map(collectionOf));
      expect(changed.has(CONTENT_KEYS[file].collections[0]!), `${file} changes its own resource`).toBe(true);
      for (const collection of changed) expect(CONTENT_KEYS[file].collections, file).toContain(collection);
    }
  });
});

describe('the keys of a change', () => {
  const edit = <K extends keyof Content['news'][number]>(key: K, value: Content['news'][number][K]): Content => ({
    ...content,
    news: content.news.map((n) => (n.id === news.id ? { ...n, [key]: value } : n)),
  });

  it('names nothing for equal records', () => {
    expect(changeKeys('news', content, { ...content, news: structuredClone(content.news) })).toEqual([]);
  });

  it('names the collections too when a date changes', () => {
    // the date orders every list; the tags filter them
    expect(changeKeys('news', content, edit('published_at', '2001-01-01T00:00:00Z'))).toEqual([
      'news',
      'news-latest',
      `news:${news.slug}`,
      'search',
    ]);
  });

  it('names the old and the new item for a new slug', () => {
    expect(changeKeys('news', content, edit('slug', 'a-renamed-item'))).toEqual([
      'news:a-renamed-item',
      `news:${news.slug}`,
      'search',
    ]);
  });

  it('names the collections when the order of the records changes', () => {
    expect(changeKeys('news', content, { ...content, news: [...content.news].reverse() })).toEqual([
      'news',
      'news-latest',
      'search',
    ]);
  });

  it('purges whole the resources that embed a record without naming it', () => {
    const tag = content.tags[0]!;
    const tags = content.tags.map((t) => (t.id === tag.id ? { ...t, title: { ...t.title, en: 'Ice' } } : t));
    expect(changeKeys('tags', content, { ...content, tags })).toEqual(
      [...CONTENT_KEYS.tags.collections.filter((c) => c !== 'tags'), `tags:${tag.slug}`].sort(),
    );
  });

  it('keys glaciers by id, with the file lists whose datasets are made from their series, and search', () => {
    const glacier = content.glaciers[0]!;
    const glaciers = content.glaciers.map((g) => (g.id === glacier.id ? { ...g, notes: 'Resurveyed.' } : g));
    expect(changeKeys('glaciers', content, { ...content, glaciers }).sort()).toEqual(
      [
        'country-database-files',
        'cryosphere-database-files',
        'database-files',
        `glaciers:${glacier.id}`,
        'search',
      ].sort(),
    );
  });
});
