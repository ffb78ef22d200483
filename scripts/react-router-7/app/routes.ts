import { type RouteConfig, route } from '@react-router/dev/routes';
export default [route('en/news', 'routes/news.tsx')] satisfies RouteConfig;
