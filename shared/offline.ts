/**
 * What the service worker (client/sw/), the server and the pages agree on for reading offline.
 */

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
