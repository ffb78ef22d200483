import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { ApiPort } from '../../shared/api/api-port.ts';
import { LOCALES } from '../../shared/constants.ts';
import { localizePath } from '../../shared/locales.ts';
import { prerenderedPaths } from '../../shared/router/route-tree.ts';
import { computePayload } from './payload.ts';

/** Page payloads made at build time: page path (locale prefix included) → JSON. */
export interface Prerendered {
  paths: string[];
  payloads: Map<string, string>;
}

/** An ApiPort that refuses every call: a prerendered page must not depend on the upstream. */
const noUpstream = (locale: 'ru' | 'en'): ApiPort => ({
  locale,
  get: () => Promise.reject(new Error('prerendered pages must not call the upstream')),
  find: () => Promise.reject(new Error('prerendered pages must not call the upstream')),
});

/** Write the payloads of the prerendered paths in every locale under `dir`, with an index of their paths. */
export async function prerenderPayloads(dir: string): Promise<string[]> {
  const written: string[] = [];
  for (const locale of LOCALES) {
    for (const path of prerenderedPaths) {
      const page = localizePath(path, locale);
      const payload = await computePayload(
        new Request(`http://prerender${page}`),
        locale,
        noUpstream(locale),
        (err) => {
          throw err;
        },
      );
      if (payload.status !== 200) throw new Error(`prerendering ${page} answered ${payload.status}`);
      const file = join(dir, page, '_payload.json');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(payload));
      written.push(page);
    }
  }
  writeFileSync(join(dir, 'index.json'), JSON.stringify(written));
  return written;
}

/** Read what the build prerendered (nothing when the folder is missing, e.g. in dev). */
export function loadPrerendered(dir: string): Prerendered {
  const index = join(dir, 'index.json');
  if (!existsSync(index)) return { paths: [], payloads: new Map() };
  const paths = z.array(z.string()).parse(JSON.parse(readFileSync(index, 'utf8')));
  return { paths, payloads: new Map(paths.map((p) => [p, readFileSync(join(dir, p, '_payload.json'), 'utf8')])) };
}
