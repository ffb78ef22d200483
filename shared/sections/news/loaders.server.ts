import type { LoaderFunctionArgs } from 'react-router';
import { withPublished } from '../../i18n/format.server.ts';
import { apiContext } from '../../router/context.ts';
import { throwValidationFailed } from '../../router/errors.ts';
import { pageParam, slugParam } from '../../router/params.ts';
import { newsCard } from '../../ui/news-card.server.ts';

export const NEWS_PER_PAGE = 9;

export async function newsListLoader({ context, request }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const page = pageParam(new URL(request.url));
  const list = await api.get('news', { query: { page, per_page: NEWS_PER_PAGE } });
  return { items: list.data.map((item) => newsCard(item, api.locale)), meta: list.meta };
}

export async function newsDetailLoader({ context, request, params }: LoaderFunctionArgs) {
  const slug = slugParam(request, params.slug);
  const api = context.get(apiContext);
  const found = await api.find('newsItem', { params: { slug } });
  if (!found) throwValidationFailed(request);
  const item = withPublished(found.data, api.locale);
  return { item: { ...item, related: item.related.map((r) => newsCard(r, api.locale)) } };
}

export const loaders = {
  'news-list': newsListLoader,
  'news-detail': newsDetailLoader,
};
