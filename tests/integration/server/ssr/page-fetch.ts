import { request } from 'undici';

/** GET a URL over a real socket: status, a header reader (joined when repeated) and the raw body bytes. */
export async function fetchRaw(url: string, headers: Record<string, string> = {}) {
  const res = await request(url, { headers });
  const body = Buffer.from(await res.body.arrayBuffer());
  const h = (name: string) => {
    const v = res.headers[name];
    return Array.isArray(v) ? v.join(', ') : v;
  };
  return { status: res.statusCode, h, body, text: body.toString('utf8') };
}

/** Inline scripts that run (JSON data blocks and JSON-LD never do, and need no nonce). */
export const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    (m) => !/\bsrc=/.test(m[1] ?? '') && !/type="application\/(?:ld\+)?json"/.test(m[1] ?? ''),
  );
