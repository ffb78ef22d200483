import fp from 'fastify-plugin';
import { resolveRedirect, routeRules } from '../../shared/router/route-rules.ts';

/** Apply the route rules' redirects to document requests (payload requests apply them in the payload). */
export default fp(
  async (app) => {
    // a callback hook (no promise per request); the redirect ends the chain, so done is not called after it
    app.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return done();
      const [pathname = '/', query] = request.url.split('?', 2);
      const found = resolveRedirect(routeRules, pathname, request.locale);
      if (!found) return done();
      const { location, statusCode } = found;
      reply.redirect(location + (query && !location.includes('?') ? `?${query}` : ''), statusCode);
    });
  },
  { name: 'route-rules', dependencies: ['locale'] },
);
