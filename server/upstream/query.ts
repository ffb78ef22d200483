import type { Query } from '../../shared/api/calls.ts';

/** `?a=1&b=2` with null/undefined entries dropped and keys sorted, so equal queries share one cache key. */
export function toSearch(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value === null || value === undefined) continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Header object with null/undefined entries dropped. */
export function dropNullish(headers: Record<string, string | null | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) if (value !== null && value !== undefined) out[key] = value;
  return out;
}
