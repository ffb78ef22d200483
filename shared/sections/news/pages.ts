import { NewsDetailPage } from './NewsDetailPage.tsx';
import { NewsListPage } from './NewsListPage.tsx';

export const pages = {
  'news-list': { Component: NewsListPage },
  'news-detail': { Component: NewsDetailPage },
};
