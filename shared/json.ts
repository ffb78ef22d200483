/**
 * Checks for JSON the browser reads (fetched, or kept in sessionStorage): small type guards rather than zod, which
 * stays out of the first-load bundle (ADR 0043). The server parses with zod.
 */

/** A JSON object (not null, not an array): its fields can be read, each of a type still to check. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `JSON.parse`, or undefined for text that is not JSON (then a schema or a guard says what was wrong). */
export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
