import fp from 'fastify-plugin';
import { localeFromPath } from '../../shared/locales.ts';
import { resolveRedirect, type RouteRules } from '../../shared/router/route-rules.ts';

/** Apply the route rules' redirects to document requests (payload requests apply them in the payload). */
export default fp<{ rules: RouteRules }>(
  async (app, { rules }) => {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const [pathname = '/', query] = request.url.split('?', 2);
      const found = resolveRedirect(rules, pathname, localeFromPath(pathname));
      if (!found) return;
      const { location, statusCode } = found;
      return reply.redirect(location + (query && !location.includes('?') ? `?${query}` : ''), statusCode);
    });
  },
  { name: 'route-rules' },
);
