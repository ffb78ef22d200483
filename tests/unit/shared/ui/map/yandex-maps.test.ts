import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createYandexMapsLoader,
  YANDEX_MAPS_TIMEOUT_MS,
  yandexMapsUrl,
  YandexMapsError,
  type YandexMapsStatus,
  type YMaps,
} from '../../../../../shared/ui/map/yandex-maps.ts';

interface FakeScript {
  src: string;
  async: boolean;
  onload: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  attributes: Record<string, string>;
  setAttribute(name: string, value: string): void;
}

/** The page's document and window with just what the loader touches; scripts are kept, never run. */
function fakeEnv() {
  const scripts: FakeScript[] = [];
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const win: { ymaps?: YMaps; setTimeout: unknown; clearTimeout: unknown } = {
    setTimeout: (fn: () => void, ms: number) => {
      const timer = { fn, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle: { cleared: boolean } | undefined) => {
      if (handle) handle.cleared = true;
    },
  };
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', {
    createElement: (): FakeScript => {
      const attributes: Record<string, string> = {};
      return {
        src: '',
        async: false,
        onload: null,
        onerror: null,
        attributes,
        setAttribute: (name: string, value: string) => void (attributes[name] = value),
      };
    },
    head: { appendChild: (node: FakeScript) => scripts.push(node) },
  });
  const fakeYmaps = { ready: (onReady: () => void) => onReady() } as unknown as YMaps;
  return {
    scripts,
    timers,
    /** the script arrives and defines ymaps */
    load: (ymaps: YMaps | null = fakeYmaps) => {
      if (ymaps) win.ymaps = ymaps;
      scripts[0]!.onload?.(new Event('load'));
    },
    fail: () => scripts[0]!.onerror?.(new Event('error')),
    fakeYmaps,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const options = { apiKey: 'test-key', locale: 'ru' as const, scriptUrl: 'https://api-maps.yandex.ru/2.1/' };

describe('Yandex Maps loader', () => {
  it('builds the exact URL: the script URL, the key, and the language of the locale', () => {
    expect(yandexMapsUrl(options)).toBe('https://api-maps.yandex.ru/2.1/?apikey=test-key&lang=ru_RU');
    expect(yandexMapsUrl({ apiKey: 'k', locale: 'en', scriptUrl: 'http://127.0.0.1:4567/maps/2.1/' })).toBe(
      'http://127.0.0.1:4567/maps/2.1/?apikey=k&lang=en_US',
    );
  });

  it('injects one script for two setups and resolves both with the same ymaps', async () => {
    const fake = fakeEnv();
    const loader = createYandexMapsLoader();
    const first = loader.setup(options);
    const second = loader.setup({ ...options });
    expect(second).toBe(first);
    expect(fake.scripts).toHaveLength(1);
    expect(fake.scripts[0]!.src).toBe('https://api-maps.yandex.ru/2.1/?apikey=test-key&lang=ru_RU');
    expect(fake.scripts[0]!.async).toBe(true);
    fake.load();
    await expect(first).resolves.toBe(fake.fakeYmaps);
    await expect(second).resolves.toBe(fake.fakeYmaps);
    // a third setup after loading reuses it as well
    await expect(loader.setup(options)).resolves.toBe(fake.fakeYmaps);
    expect(fake.scripts).toHaveLength(1);
    expect(loader.ymaps).toBe(fake.fakeYmaps);
  });

  it('moves pending → loading → loaded, waiting for ymaps.ready', async () => {
    const fake = fakeEnv();
    const loader = createYandexMapsLoader();
    const seen: YandexMapsStatus[] = [loader.status];
    loader.subscribe(() => seen.push(loader.status));
    const loading = loader.setup(options);
    expect(loader.status).toBe('loading');
    let ready: (() => void) | undefined;
    fake.load({ ready: (cb: () => void) => void (ready = cb) } as unknown as YMaps);
    await Promise.resolve();
    expect(loader.status).toBe('loading');
    ready!();
    await loading;
    expect(seen).toEqual(['pending', 'loading', 'loaded']);
    expect(fake.timers.every((t) => t.cleared)).toBe(true);
  });

  it('moves to error when the script fails to load', async () => {
    const fake = fakeEnv();
    const loader = createYandexMapsLoader();
    const seen: YandexMapsStatus[] = [loader.status];
    loader.subscribe(() => seen.push(loader.status));
    const loading = loader.setup(options);
    fake.fail();
    const error: unknown = await loading.catch((err: unknown) => err);
    expect(error).toBeInstanceOf(YandexMapsError);
    expect((error as Error).message).toMatch(/could not be loaded/);
    expect(seen).toEqual(['pending', 'loading', 'error']);
    // a later setup is answered with the same error, without injecting again
    await expect(loader.setup(options)).rejects.toBe(error);
    expect(fake.scripts).toHaveLength(1);
  });

  it('moves to error when the script defines no ymaps', async () => {
    const empty = fakeEnv();
    const loader = createYandexMapsLoader();
    const loading = loader.setup(options);
    empty.load(null);
    await expect(loading).rejects.toThrow(/did not define ymaps/);
    expect(loader.status).toBe('error');
  });

  it('moves to error when the script does not answer within YANDEX_MAPS_TIMEOUT_MS', async () => {
    const silent = fakeEnv();
    const slow = createYandexMapsLoader();
    const waiting = slow.setup(options);
    expect(silent.timers[0]!.ms).toBe(YANDEX_MAPS_TIMEOUT_MS);
    silent.timers[0]!.fn();
    await expect(waiting).rejects.toThrow(`did not load within ${YANDEX_MAPS_TIMEOUT_MS} ms`);
    expect(slow.status).toBe('error');
  });
});
