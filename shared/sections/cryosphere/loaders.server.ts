import type { LoaderFunctionArgs } from 'react-router';
import { CRYOSPHERE_FILES_PER_PAGE } from '../../constants.ts';
import { withTotal } from '../../i18n/format.server.ts';
import { apiContext } from '../../router/context.ts';
import { throwValidationFailed } from '../../router/errors.ts';
import { byPosition } from '../../schemas/common.ts';
import { foundBySlug, pageParam, slugParam } from '../../router/params.ts';
import { listedFile } from '../../ui/files/file-size.server.ts';

/** `/cryosphere`: the section's introduction and its topics (the subpages), in their order. */
export async function cryosphereOverviewLoader({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const [section, subpages] = await Promise.all([api.get('cryosphere'), api.get('cryosphereSubpages')]);
  return {
    section: section.data,
    topics: byPosition(subpages.data).map(({ slug, title, excerpt }) => ({ slug, title, excerpt })),
  };
}

/**
 * A cryosphere subpage (`/glaciers`, `/snow-cover`, …), one topic of the section: the subpage with its articles and
 * the subpage's files (`?page=`), in one round of parallel calls.
 *
 * The files call is made with `subpage={slug}` before we know the slug exists, and the content API answers an unknown
 * subpage with 422; so its failure is held back and only rethrown when the subpage does exist (an unknown slug is a
 * 404, not an upstream error).
 */
export async function cryosphereSubpageLoader({ context, request, params }: LoaderFunctionArgs) {
  const slug = slugParam(request, params.product);
  const api = context.get(apiContext);
  const page = pageParam(new URL(request.url));
  // the route's validation step: only a known subpage is a page (the list is cached for an hour), so a probe of
  // `/anything` costs no further upstream calls and no 422 from the files call
  const known = await api.get('cryosphereSubpages');
  if (!known.data.some((s) => s.slug === slug)) throwValidationFailed(request);
  const [subpage, files] = await Promise.all([
    api.find('cryosphereSubpage', { params: { slug } }),
    api.get('cryosphereDatabaseFiles', { query: { page, per_page: CRYOSPHERE_FILES_PER_PAGE, subpage: slug } }),
  ]);
  if (!subpage) throwValidationFailed(request);
  return {
    subpage: subpage.data,
    files: files.data.map((file) => listedFile(file, api.locale)),
    filesMeta: withTotal(files.meta, api.locale),
  };
}
export type CryosphereSubpageData = Awaited<ReturnType<typeof cryosphereSubpageLoader>>;

/** One article of a subpage (`/glaciers/fedchenko-glacier`), with the subpage's other articles as related reading. */
export async function cryosphereItemLoader({ context, request, params }: LoaderFunctionArgs) {
  const product = slugParam(request, params.product);
  const slug = slugParam(request, params.slug);
  const api = context.get(apiContext);
  const found = await api.find('cryosphereSubpage', { params: { slug: product } });
  const { items, ...rest } = foundBySlug(request, found, product);
  const item = items.find((i) => i.slug === slug);
  if (!item) throwValidationFailed(request);
  return {
    subpage: { slug: rest.slug, title: rest.title },
    item,
    related: items.filter((i) => i.id !== item.id).map(({ body: _body, ...summary }) => summary),
  };
}

/** Dynamic top-level paths: static routes (`news`, `about`, …) outrank them in react-router's ranking. */

export const loaders = {
  'cryosphere-overview': cryosphereOverviewLoader,
  'cryosphere-subpage': cryosphereSubpageLoader,
  'cryosphere-item': cryosphereItemLoader,
};
