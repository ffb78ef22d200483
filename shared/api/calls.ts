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
const fixed = <R extends z.ZodType>(path: string, response: R): CallDef<NoParams, R> => ({ path: () => path, response });
const bySlug = <R extends z.ZodType>(base: string, response: R): CallDef<{ slug: string }, R> => ({
  path: ({ slug }) => `${base}/${encodeURIComponent(slug)}`,
  response,
});

export const calls = {
  translations: fixed('/api/v1/translations', S.TranslationsResponse),
  mainMenu: fixed('/api/v1/main-menu', S.MainMenuResponse),
  feedbackTypes: fixed('/api/v1/feedback-types', S.FeedbackTypesResponse),
  footerPartners: fixed('/api/v1/footer-partners/index', S.FooterPartnersResponse),
  socialNetworks: fixed('/api/v1/social-networks/index', S.SocialNetworksResponse),
  sliders: fixed('/api/v1/sliders', S.SlidersResponse),
  partners: fixed('/api/v1/partners', S.PartnersResponse),
  news: fixed('/api/v1/news', S.NewsListResponse),
  newsItem: bySlug('/api/v1/news', S.NewsDetailResponse),
  newsLatest: fixed('/api/v1/news-latest', S.NewsLatestResponse),
  events: fixed('/api/v1/events', S.EventListResponse),
  eventItem: bySlug('/api/v1/events', S.EventDetailResponse),
} as const;

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
