import type { FastifyRequest } from 'fastify';
import { isIP } from 'node:net';

/** An address as proxies write it in X-Forwarded-For or Forwarded: an IP, maybe `v4:port` or `[v6]:port`. */
function addressOf(entry: string): string | undefined {
  const value = entry.trim().replace(/^"|"$/g, '');
  if (isIP(value)) return value;
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/i.exec(value);
  if (bracketed && isIP(bracketed[1] ?? '') === 6) return bracketed[1];
  const v4port = /^([\d.]+):\d{1,5}$/.exec(value);
  return v4port && isIP(v4port[1] ?? '') === 4 ? v4port[1] : undefined;
}

/**
 * The visitor's address: the furthest address of the trusted chain (Fastify's `request.ips`, from this server
 * outwards) that is an address; what proxies write instead of one (`unknown`, an obfuscated `_identifier`) is
 * skipped. With no proxy trusted, the peer's address.
 */
export function clientAddress(request: FastifyRequest): string {
  const chain = request.ips ?? [];
  for (let i = chain.length - 1; i >= 0; i -= 1) {
    const address = addressOf(chain[i] ?? '');
    if (address !== undefined) return address;
  }
  return request.socket.remoteAddress ?? request.ip;
}
