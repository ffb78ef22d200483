/**
 * What the service worker (client/sw/), the server and the pages agree on for reading offline, and the messages
 * between the pages and the worker.
 */
import type { Locale } from './constants.ts';
import { isRecord } from './json.ts';

/** The service worker's script, at the root so its scope is the whole site (both locales). */
export const SERVICE_WORKER_PATH = '/sw.js';

/** The offline page below each locale's basename: a document without the client app, served by the worker at any URL. */
export const OFFLINE_PATH = '/offline';

/** The id of the offline page's list of pages kept on the device; the worker fills it in. */
export const OFFLINE_LIST_ID = 'offline-pages';

/** The header a feedback post carries its idempotency key in (the same key on every delivery attempt). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** A valid idempotency key: a UUID or a similar token (the content API takes the same). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\w-]{8,128}$/;

/** What the server writes in front of the worker's code (`self.__PORTAL_SW__`): the build and what to keep. */
export interface WorkerConfig {
  /** the build id, the same the build poll compares (`/builds/latest.json`) */
  buildId: string;
  /** when that build was made (a page of a newer one makes the worker update; an older one does not) */
  buildTimestamp: number;
  /** what every page loads (the first load, the header's chunk, prefetching, the registration), kept at install */
  precache: string[];
  /** the feedback form's chunks, kept after install unless the connection is metered */
  kit: string[];
}

export const WORKER_CONFIG_GLOBAL = '__PORTAL_SW__';

/** The page's conditions, sent on every page view: what to keep beyond the first-load assets, and image density. */
export interface KitMessage {
  type: 'kit';
  locale: Locale;
  /** Save-Data or a 2g connection: nothing is fetched ahead (only the reader's offline page, a few KB) */
  metered: boolean;
  /** the screen's device pixel ratio (image renditions are asked at density 1 when metered) */
  dpr: number;
  /** when the page's build was made: a page of a newer build than the worker's makes it look for its update */
  buildTimestamp: number;
}

/**
 * The connection is back (the page's `online` event, or a page view online): send the feedback kept while offline.
 * Answered with SaveResult: `failed` lists the URLs of posts still kept.
 */
export interface ReplayMessage {
  type: 'replay-feedback';
}

/** Keep these same-origin URLs (documents, payloads, data files) until the next build. Answered with SaveResult. */
export interface SaveMessage {
  type: 'save';
  urls: string[];
}

/** Whether these URLs are all kept. Answered with SaveResult (`failed` lists what is not kept). */
export interface SavedMessage {
  type: 'saved?';
  urls: string[];
}

/** The feedback posts kept offline that the server then refused for good. Answered with RefusedList. */
export interface RefusedMessage {
  type: 'refused-feedback';
}

/** The reader has the text of a refused post back: the worker forgets it. Answered with RefusedList. */
export interface ForgetMessage {
  type: 'forget-feedback';
  id: string;
}

export type PageMessage = KitMessage | ReplayMessage | SaveMessage | SavedMessage | RefusedMessage | ForgetMessage;

/**
 * A post kept offline that the server refused when it was sent (an answer that is neither a success nor "not now"):
 * kept on the device, whatever build comes, until the reader has seen its text again and closed the notice.
 */
export interface RefusedFeedback {
  /** its idempotency key */
  id: string;
  locale: Locale;
  message: string;
}

export interface RefusedList {
  refused: RefusedFeedback[];
}

/** A refused post as kept or sent between the worker and the page, or undefined when it is not one. */
export function refusedFeedbackOf(value: unknown): RefusedFeedback | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.message !== 'string') return undefined;
  return { id: value.id, locale: value.locale === 'en' ? 'en' : 'ru', message: value.message };
}

/** The cache the refused posts are kept in: not a build's (a new build keeps it). */
export const REFUSED_FEEDBACK_CACHE = 'portal-refused-feedback';

/** Asked of the active worker by a newer one while it installs: the active worker's build. */
export interface BuildQuery {
  type: 'build?';
}

export interface SaveResult {
  saved: number;
  /** URLs not kept (the fetch failed or was not a 200) */
  failed: string[];
}
