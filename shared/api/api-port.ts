import type { Locale } from '../constants.ts';
import type { CallName, CallResult, OptionalArgs } from './calls.ts';

/**
 * What loaders may ask of the upstream. The server implements it with the cached undici client; the browser never
 * does (client navigations get loader data from `_payload.json`).
 */
export interface ApiPort {
  readonly locale: Locale;
  /** Resolves with the parsed response; rejects on any upstream failure. */
  get<K extends CallName>(name: K, ...args: OptionalArgs<K>): Promise<CallResult<K>>;
  /** As `get`, but resolves null when the upstream answers 404. */
  find<K extends CallName>(name: K, ...args: OptionalArgs<K>): Promise<CallResult<K> | null>;
}
