import type { LoaderFunctionArgs } from 'react-router';
import type { ApiPort } from '../api/api-port.ts';
import { sectionMessages, withUpstreamTexts, type Dictionary } from '../i18n/messages.ts';
import type { Section } from '../sections/registry.ts';
import { apiContext } from './context.ts';

const NONE: Dictionary = Object.freeze({});

/**
 * The upstream's texts (`/api/v1/translations`), or none when the call fails: the bundled ones stay (SPEC §8). The
 * server's ApiPort has logged the failure; the root loader's call of the same request shares the upstream fetch.
 */
const upstreamTexts = (api: ApiPort): Promise<Dictionary> =>
  api.get('translations').then(
    (translations) => translations.data,
    () => NONE,
  );

/**
 * The loader of a section's strings route (shared/router/route-tree.ts): the section's bundled strings with the
 * upstream's texts of their keys. The same object while the upstream's texts are (made once per locale and upstream
 * value, not per request); never throws.
 */
export function sectionStringsLoader(section: Section) {
  return async ({ context }: LoaderFunctionArgs): Promise<Dictionary> => {
    const api = context.get(apiContext);
    const [bundled, upstream] = await Promise.all([sectionMessages(section, api.locale), upstreamTexts(api)]);
    return withUpstreamTexts(bundled, upstream);
  };
}
export type SectionStringsLoader = ReturnType<typeof sectionStringsLoader>;
