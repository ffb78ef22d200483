import fp from 'fastify-plugin';
import { newNonce } from '../http/csp.ts';
import { securityHeaders, type SecurityOptions } from '../http/security-headers.ts';

/**
 * The security headers on every answer (server/http/security-headers.ts): the hardening headers when the request
 * arrives, the Content-Security-Policy on HTML answers, with a per-response nonce made on first use.
 */
export default fp<SecurityOptions>(
  async (app, opts) => {
    const headers = securityHeaders(opts);
    app.decorate('securityHeaders', headers);
    // made on first use: answers from the page cache (script hashes) and non-HTML answers never need one
    const nonces = new WeakMap<object, string>();
    app.decorateRequest('cspNonce', {
      getter(this: object) {
        let nonce = nonces.get(this);
        if (nonce === undefined) nonces.set(this, (nonce = newNonce()));
        return nonce;
      },
    });
    app.decorateRequest('cspScriptHashes', null);
    app.addHook('onRequest', (_request, reply, done) => {
      headers.harden(reply);
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html'))
        reply.header('content-security-policy', headers.policyOf(request));
      done(null, payload);
    });
  },
  { name: 'security' },
);
