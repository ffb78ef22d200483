import type { z } from 'zod';
import * as S from '../schemas/index.ts';

/**
 * The upstream calls of SPEC.md §7: path builder + response schema. The BFF's client and the embedded content API
 * both use this table, so the two sides cannot drift apart. A path builder takes the call's arguments exactly as
 * callers of the ApiPort pass them (none for a call without path parameters), so the compiler checks the BFF's call.
 */
type NoParams = Record<string, never>;
const fixed = <R extends z.ZodType>(path: string, response: R) => ({ path: () => path, response });
const bySlug = <R extends z.ZodType>(base: string, response: R) => ({
  path: ({ params: { slug } }: { params: { slug: string } }) => `${base}/${encodeURIComponent(slug)}`,
  response,
});
const glacier = <R extends z.ZodType>(suffix: string, response: R) => ({
  path: ({ params: { id } }: { params: { id: number } }) => `/api/v1/glaciers/${id}/${suffix}`,
  response,
});

const table = {
  translations: fixed('/api/v1/translations', S.TranslationsResponse),
  glaciers: fixed('/api/v1/glaciers/index', S.GlaciersResponse),
  massBalance: glacier('mass-balance', S.MassBalanceResponse),
  elevationChange: glacier('elevation-change', S.ElevationChangeResponse),
  team: fixed('/api/v1/team/index', S.TeamResponse),
  aboutProject: fixed('/api/v1/about-project/index', S.AboutResponse),
  mainMenu: fixed('/api/v1/main-menu', S.MainMenuResponse),
  feedbackTypes: fixed('/api/v1/feedback-types', S.FeedbackTypesResponse),
  interactiveTools: fixed('/api/v1/interactive-tools/index', S.ToolsResponse),
  methods: fixed('/api/v1/methods-and-technologies/index', S.MethodsResponse),
  databaseFiles: fixed('/api/v1/database-files/index', S.DatabaseFilesResponse),
  countryDatabaseFiles: fixed('/api/v1/country-database-files', S.DatabaseFilesResponse),
  countries: fixed('/api/v1/countries/index', S.CountriesResponse),
  tags: fixed('/api/v1/tags/index', S.TagsResponse),
  databaseFileTypes: fixed('/api/v1/database-file-types', S.FileTypesResponse),
  languages: fixed('/api/v1/languages/index', S.LanguagesResponse),
  databaseFileYears: fixed('/api/v1/database-files/years', S.DatabaseFileYearsResponse),
  cryosphere: fixed('/api/v1/cryosphere', S.CryosphereResponse),
  cryosphereDatabaseFiles: fixed('/api/v1/cryosphere-database-files', S.DatabaseFilesResponse),
  cryosphereSubpages: fixed('/api/v1/cryosphere-subpages', S.CryosphereSubpagesResponse),
  cryosphereSubpage: bySlug('/api/v1/cryosphere-subpages', S.CryosphereSubpageResponse),
  news: fixed('/api/v1/news', S.NewsListResponse),
  newsItem: bySlug('/api/v1/news', S.NewsDetailResponse),
  newsLatest: fixed('/api/v1/news-latest', S.NewsLatestResponse),
  events: fixed('/api/v1/events', S.EventListResponse),
  eventItem: bySlug('/api/v1/events', S.EventDetailResponse),
  opportunityCategories: fixed('/api/v1/opportunity-categories', S.OpportunityCategoriesResponse),
  opportunities: fixed('/api/v1/opportunities', S.OpportunitiesResponse),
  countryProfiles: fixed('/api/v1/country-profiles', S.CountryProfilesResponse),
  countryProfile: bySlug('/api/v1/country-profiles', S.CountryProfileResponse),
  videos: fixed('/api/v1/videos', S.VideosResponse),
  video: bySlug('/api/v1/videos', S.VideoResponse),
  photoGalleries: fixed('/api/v1/photo-galleries', S.PhotoGalleriesResponse),
  photoGallery: bySlug('/api/v1/photo-galleries', S.PhotoGalleryResponse),
  podcasts: fixed('/api/v1/podcasts', S.PodcastsResponse),
  podcast: bySlug('/api/v1/podcasts', S.PodcastResponse),
  onlineCourses: fixed('/api/v1/online-courses', S.OnlineCoursesResponse),
  webinars: fixed('/api/v1/webinars', S.WebinarsResponse),
  webinar: bySlug('/api/v1/webinars', S.WebinarResponse),
  partners: fixed('/api/v1/partners', S.PartnersResponse),
  sliders: fixed('/api/v1/sliders', S.SlidersResponse),
  search: fixed('/api/v1/search', S.SearchResponse),
  footerPartners: fixed('/api/v1/footer-partners/index', S.FooterPartnersResponse),
  socialNetworks: fixed('/api/v1/social-networks/index', S.SocialNetworksResponse),
};

/** POST /api/v1/feedbacks: body name, email, feedback_type_id, message; the response is not read (SPEC §7). */
export const FEEDBACKS_PATH = '/api/v1/feedbacks';

type Table = typeof table;
export type CallName = keyof Table;
export type CallParams<K extends CallName> = Parameters<Table[K]['path']> extends [{ params: infer P }] ? P : NoParams;
export type CallResponse<K extends CallName> = Table[K]['response'];
export type CallResult<K extends CallName> = z.output<CallResponse<K>>;

/** Query values; null and undefined entries are dropped before the call (SPEC §7). */
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export type CallArgs<K extends CallName> = (CallParams<K> extends NoParams
  ? { params?: CallParams<K> }
  : { params: CallParams<K> }) & { query?: Query };

/** The arguments after the call's name: optional when the call has no path parameters. */
export type OptionalArgs<K extends CallName> =
  Record<string, never> extends CallArgs<K> ? [args?: CallArgs<K>] : [args: CallArgs<K>];

/** One upstream call: its path from the arguments the caller passed, and the schema of its answer. */
export interface CallDef<K extends CallName> {
  path: (...args: OptionalArgs<K>) => string;
  response: CallResponse<K>;
}

/**
 * The table, each entry checked against the arguments its callers pass: `calls[name]` of a generic `name: K` is a
 * `CallDef<K>`, so the BFF builds the path and parses the answer of any call with the types of that call.
 */
export const calls: { readonly [K in CallName]: CallDef<K> } = table;
