import { isIP } from 'node:net';
import { z } from 'zod';
import { CACHE_HOUR_MS, MAX_TIMER_MS } from '../shared/constants.ts';

/** A value that is unset when blank (empty or only spaces). */
const unsetIfBlank = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v));
const optionalUrl = unsetIfBlank.pipe(z.url({ protocol: /^https?$/ }).optional());
/** A comma-separated list, its entries trimmed, blank ones dropped. */
const commaList = z
  .string()
  .trim()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );
/** A size in bytes, at least 1 KiB. */
const byteSize = (fallback: number) => z.coerce.number().int().min(1024).default(fallback);

/** The address ranges proxy-addr (Fastify's trustProxy) knows by name. */
const PROXY_ADDR_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Unset: start the embedded content API on a loopback port and use it. */
  UPSTREAM_URL: optionalUrl.optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
  CACHE_TTL_MS: z.coerce.number().int().min(0).max(MAX_TIMER_MS).default(CACHE_HOUR_MS),
  CACHE_MAX_BYTES: byteSize(64 * 1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Origin used for canonical URLs and hreflang alternates; defaults to the request's own origin. */
  PUBLIC_ORIGIN: optionalUrl.optional(),
  /** How often browsers ask /builds/latest.json whether a new build is out (Nuxt checks hourly). */
  BUILD_CHECK_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
  /**
   * `off`: pages stop registering the service worker, and /sw.js is a worker that deletes the site's caches and
   * unregisters itself (the kill switch, ADR 0093). Development never has one.
   */
  SERVICE_WORKER: z.enum(['on', 'off']).default('on'),
  /** Yandex Maps JavaScript API key; unset: the glacier map stays the server-rendered SVG map. */
  MAPS_API_KEY: unsetIfBlank.optional(),
  /** Where the maps script is loaded from (version 2.1 of the Yandex Maps API). */
  MAPS_SCRIPT_URL: z.url({ protocol: /^https?$/ }).default('https://api-maps.yandex.ru/2.1/'),
  /** Feedback posts accepted per visitor IP per minute; more answer 429. */
  FEEDBACK_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(5),
  /** Core Web Vitals beacons (/_vitals) per client IP per minute; more answer 429 */
  VITALS_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  /** share images (/_og/…) per client IP per minute; more answer 429 */
  SHARE_IMAGE_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Lifetime of a rendered page or payload in the page cache; 0 turns the cache off. */
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(2147483647).default(60_000),
  /** Size bound of the page cache (HTML/JSON plus their gzip and brotli forms). */
  PAGE_CACHE_MAX_BYTES: byteSize(64 * 1024 * 1024),
  /** Where the BFF keeps its feedback outbox and disk cache (and the embedded content API its data). */
  DATA_DIR: z.string().min(1).default('data'),
  /** Redis as the shared (L2) cache of all replicas, e.g. `redis://127.0.0.1:6379`; unset: memory only. */
  REDIS_URL: unsetIfBlank.pipe(z.url({ protocol: /^rediss?$/ }).optional()).optional(),
  /** Bound of one Redis command; slower counts as Redis down for that call (memory + upstream serve it). */
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(250),
  /**
   * The proxies in front of the BFF whose X-Forwarded-For/-Host/-Proto and `traceparent` are believed, by address:
   * unset or `false` (none), or a comma-separated list of addresses, CIDRs and proxy-addr's names (`loopback`,
   * `linklocal`, `uniquelocal`). A hop count or `true` would believe any peer, a client that connects directly
   * included, so they are refused with what to write instead (ADR 0020).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): false | string[] => {
      if (v === '' || v === 'false') return false;
      if (v === 'true' || /^\d+$/.test(v)) {
        ctx.addIssue({
          code: 'custom',
          message:
            `${v === 'true' ? '`true` trusts every peer' : `a hop count (${v}) trusts any peer that connects directly`}; ` +
            'name the proxies by address instead, e.g. TRUST_PROXY=127.0.0.1 (nginx on this host) or TRUST_PROXY=10.0.0.0/8',
        });
        return z.NEVER;
      }
      const list = v.split(',').map((part) => part.trim());
      const named = (part: string) => PROXY_ADDR_NAMES.has(part);
      const address = (part: string) => isIP(part.split('/')[0] ?? '') !== 0 && /^[^/]+(\/\d{1,3})?$/.test(part);
      if (list.every((part) => named(part) || address(part))) return list;
      ctx.addIssue({
        code: 'custom',
        message: 'expected false or a list of addresses, CIDRs, loopback, linklocal, uniquelocal',
      });
      return z.NEVER;
    }),
  /**
   * Hosts whose `Host` header may become the origin of absolute URLs when PUBLIC_ORIGIN is unset (comma-separated,
   * `name` for any port or `name:port`). Default: the listen address, localhost, 127.0.0.1 and [::1].
   */
  ALLOWED_HOSTS: commaList.transform((hosts) => hosts.map((h) => h.toLowerCase())),
  /** `Server-Timing` on every answer (cache outcome, upstream time and calls, time to the shell); `off` drops it. */
  SERVER_TIMING: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
  /** Port of the /metrics listener; unset: no metrics listener (in dev: 9464). Never the public port. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Interface of the /metrics listener. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Largest upstream body (JSON or media) read; a larger one is cut off while streaming (8 MiB). */
  UPSTREAM_MAX_BYTES: byteSize(8 * 1024 * 1024),
  /** Consecutive failed upstream calls that open the circuit breaker. */
  UPSTREAM_BREAKER_THRESHOLD: z.coerce.number().int().min(1).max(1000).default(5),
  /** Seconds the breaker stays open (no upstream calls) before one half-open probe. */
  UPSTREAM_BREAKER_OPEN_SECONDS: z.coerce.number().min(0.1).max(3600).default(10),
  /**
   * Bearer token of the purge webhook (`POST /__purge`); unset: no public webhook (the embedded content API still
   * purges through a token made at start).
   */
  PURGE_TOKEN: unsetIfBlank.pipe(z.string().min(16, 'at least 16 characters').optional()).optional(),
  /** Purge calls accepted per client IP per minute; more answer 429. */
  PURGE_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(120),
  /**
   * The caches in front a purge reaches after the BFF's own, innermost first (comma-separated http(s) URLs): each is
   * sent `PURGE` with the keys in `xkey` or `xkey-softpurge` (Varnish, a CDN's purge endpoint; server/cache/tier-purge.ts).
   */
  PURGE_TIER_URLS: commaList.pipe(
    z
      .array(
        z.url({ protocol: /^https?$/ }).refine((url) => !/^https?:\/\/[^/]*@/.test(url), 'no credentials in the URL'),
      )
      .max(8),
  ),
  /** How long a purge waits for one tier of PURGE_TIER_URLS before it names it as not confirmed. */
  PURGE_TIER_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(2000),
  /** Disk cache of the image endpoint and of generated previews; unset: `{DATA_DIR}/cache`. */
  CACHE_DIR: unsetIfBlank.optional(),
});

export type Config = z.infer<typeof ConfigSchema>;

/** Every environment variable the server reads (deployment manifests are checked against it). */
export const CONFIG_KEYS = ConfigSchema.keyof().options;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parse the environment once; invalid values stop the start with a message naming the variable. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // one process per replica: more of them are replicas behind nginx or Kubernetes, sharing Redis (ADR 0051)
  if (env.WORKERS !== undefined && env.WORKERS.trim() !== '' && env.WORKERS.trim() !== '1')
    throw new ConfigError(
      'Invalid configuration:\n✖ WORKERS is gone: one BFF process serves each replica; run more replicas behind nginx ' +
        'or Kubernetes, sharing REDIS_URL (npm run stack with REPLICAS=2, deploy/k8s/)\n  → at WORKERS',
    );
  const known = Object.fromEntries(Object.keys(ConfigSchema.shape).map((key) => [key, env[key]]));
  const result = ConfigSchema.safeParse(known);
  if (!result.success) {
    throw new ConfigError(`Invalid configuration:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

/** The disk cache folder: CACHE_DIR, else `{DATA_DIR}/cache`. */
export const cacheDirOf = (config: Config): string => config.CACHE_DIR ?? `${config.DATA_DIR}/cache`;

/** Defaults for tests and embedding: parseConfig over an empty environment plus overrides. */
export const configWith = (overrides: Partial<Config> = {}): Config => ({ ...parseConfig({}), ...overrides });
