import fp from 'fastify-plugin';
import { localeFromPath, LOCALE_INFO, stripLocale } from '../../shared/locales.ts';
import { matchRouteRule, redirectTarget, type RouteRules } from '../../shared/route-rules.ts';

/** Apply the route rules' redirects to document requests (payload requests apply them in the payload). */
export default fp<{ rules: RouteRules }>(
  async (app, { rules }) => {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const [pathname = '/', query] = request.url.split('?', 2) as [string, string | undefined];
      const rule = matchRouteRule(rules, stripLocale(pathname));
      const target = rule && redirectTarget(rule, LOCALE_INFO[localeFromPath(pathname)].basename);
      if (!rule?.redirect || !target) return;
      return reply.redirect(target + (query && !target.includes('?') ? `?${query}` : ''), rule.redirect.statusCode);
    });
  },
  { name: 'route-rules' },
);
