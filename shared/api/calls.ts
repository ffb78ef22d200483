import type { z } from 'zod';
import * as S from '../schemas/index.ts';

/**
 * The upstream calls of SPEC.md §7: path builder + response schema. The BFF's client and the embedded content API
 * both use this table, so the two sides cannot drift apart.
 */
export interface CallDef<P, R extends z.ZodType> {
  path: (params: P) => string;
  response: R;
}

type NoParams = Record<string, never>;
const fixed = <R extends z.ZodType>(path: string, response: R): CallDef<NoParams, R> => ({
  path: () => path,
  response,
});
const bySlug = <R extends z.ZodType>(base: string, response: R): CallDef<{ slug: string }, R> => ({
  path: ({ slug }) => `${base}/${encodeURIComponent(slug)}`,
  response,
});
const glacier = <R extends z.ZodType>(suffix: string, response: R): CallDef<{ id: number }, R> => ({
  path: ({ id }) => `/api/v1/glaciers/${id}/${suffix}`,
  response,
});

export const calls = {
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
} as const;

/** POST /api/v1/feedbacks: body name, email, feedback_type_id, message; the response is not read (SPEC §7). */
export const FEEDBACKS_PATH = '/api/v1/feedbacks';

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type CallParams<K extends CallName> = Calls[K] extends CallDef<infer P, z.ZodType> ? P : never;
export type CallResult<K extends CallName> = z.output<Calls[K]['response']>;

/** Query values; null and undefined entries are dropped before the call (SPEC §7). */
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export type CallArgs<K extends CallName> = (CallParams<K> extends NoParams
  ? { params?: CallParams<K> }
  : { params: CallParams<K> }) & { query?: Query };
