import type { LoaderFunctionArgs } from 'react-router';
import { withTotal } from '../../i18n/format.server.ts';
import { apiContext } from '../../router/context.ts';
import type { PaginationMeta } from '../../schemas/common.ts';
import { foundBySlug, pageParam, slugParam } from '../../router/params.ts';
import { listedFile } from '../../ui/files/file-size.server.ts';
import { countryGlaciers } from './glaciers.server.ts';

export const COUNTRY_FILES_PER_PAGE = 10;

/**
 * `/countries/:slug`: the country profile, its glaciers in the WGMS data with their latest annual balance, and its
 * files of the database (`?page=`). The files call answers 422 for a slug that is not a country, so it is made only
 * for known countries; it runs in parallel with the profile and glacier-list calls, and the glaciers' series follow
 * the profile (its country code names them).
 */
export async function countryLoader({ context, request, params }: LoaderFunctionArgs) {
  const slug = slugParam(request, params.slug);
  const api = context.get(apiContext);
  const page = pageParam(new URL(request.url));
  const [found, files, glacierList] = await Promise.all([
    api.find('countryProfile', { params: { slug } }),
    api
      .get('countries')
      .then(({ data }) =>
        data.some((c) => c.slug === slug)
          ? api.get('countryDatabaseFiles', { query: { country: slug, page, per_page: COUNTRY_FILES_PER_PAGE } })
          : null,
      ),
    api.get('glaciers'),
  ]);
  const profile = foundBySlug(request, found, slug);
  const glaciers = await countryGlaciers(api, glacierList.data, profile.country_code);
  const meta: PaginationMeta = files?.meta ?? {
    current_page: 1,
    per_page: COUNTRY_FILES_PER_PAGE,
    total: 0,
    last_page: 1,
  };
  return {
    profile,
    glaciers,
    files: (files?.data ?? []).map((file) => listedFile(file, api.locale)),
    meta: withTotal(meta, api.locale),
    countryKnown: files !== null,
  };
}

/** `/countries`: the country profiles, each with its excerpt. */
export async function countriesLoader({ context }: LoaderFunctionArgs) {
  const { data } = await context.get(apiContext).get('countryProfiles');
  return { profiles: data };
}

export const loaders = {
  countries: countriesLoader,
  'country-profile': countryLoader,
};
