import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentSecurityPolicy, type CspOptions } from './csp.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** CSP nonce of this response, made on first use; every inline script carries it */
    cspNonce: string;
    /** set when the answer is a cached document: its inline scripts' hashes replace the nonce in the CSP */
    cspScriptHashes: string[] | null;
  }
  interface FastifyInstance {
    /** the security headers of every answer (plugins/security.ts sets them; error documents set them again) */
    securityHeaders: SecurityHeaders;
  }
}

export interface SecurityOptions extends CspOptions {
  /** the site is served over https (PUBLIC_ORIGIN): Strict-Transport-Security */
  hsts?: boolean;
}

export interface SecurityHeaders {
  /** the hardening headers every answer carries, HTML or not */
  harden(reply: FastifyReply): void;
  /** the Content-Security-Policy of an HTML answer to this request: its nonce, or a cached document's hashes */
  policyOf(request: FastifyRequest): string;
  /** both, for an HTML answer sent by an error path (which may run before the security plugin's hooks) */
  secureDocument(request: FastifyRequest, reply: FastifyReply): void;
}

/** The one definition of the security headers: every answer's hardening headers and the CSP of HTML answers. */
export function securityHeaders(options: SecurityOptions): SecurityHeaders {
  const hardening: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'SAMEORIGIN',
    // browsers stay on https for a year
    ...(options.hsts ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  };
  // a cached document's policy depends only on its hash list: made once per entry, and no nonce is drawn for it
  const hashPolicies = new WeakMap<string[], string>();
  const policyOf = (request: FastifyRequest) => {
    const hashes = request.cspScriptHashes;
    if (!hashes) return contentSecurityPolicy(options, request.cspNonce);
    let policy = hashPolicies.get(hashes);
    if (policy === undefined) hashPolicies.set(hashes, (policy = contentSecurityPolicy(options, '', hashes)));
    return policy;
  };
  const harden = (reply: FastifyReply) => {
    reply.headers(hardening);
  };
  return {
    harden,
    policyOf,
    secureDocument(request, reply) {
      harden(reply);
      reply.header('content-security-policy', policyOf(request));
    },
  };
}
