import type { PageMap } from './page-map.ts';
import { FeedbackPage } from './pages/FeedbackPage.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { NewsDetailPage } from './pages/NewsDetailPage.tsx';
import { NewsListPage } from './pages/NewsListPage.tsx';
import { RootErrorBoundary, RootPage } from './pages/RootPage.tsx';

// its loader always throws 404, so the root boundary renders instead
const NotFound = () => null;

/** Pages bundled with the client entry (layout, home, news, feedback); sections are separate chunks (routes.client.ts). */
export const corePages: PageMap = {
  root: { Component: RootPage, ErrorBoundary: RootErrorBoundary },
  home: { Component: HomePage },
  'news-list': { Component: NewsListPage },
  'news-detail': { Component: NewsDetailPage },
  feedback: { Component: FeedbackPage },
  'not-found': { Component: NotFound },
};
