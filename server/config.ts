import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url({ protocol: /^https?$/ }).optional());

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Unset: start the embedded content API on a loopback port and use it. */
  UPSTREAM_URL: optionalUrl.optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
  CACHE_TTL_MS: z.coerce.number().int().min(0).max(2147483647).default(3_600_000),
  CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Origin used for canonical URLs and hreflang alternates; defaults to the request's own origin. */
  PUBLIC_ORIGIN: optionalUrl.optional(),
  /** How often browsers ask /builds/latest.json whether a new build is out (Nuxt checks hourly). */
  BUILD_CHECK_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
  /** Yandex Maps JavaScript API key; unset: the glacier map stays the server-rendered SVG map. */
  MAPS_API_KEY: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  /** Where the maps script is loaded from (version 2.1 of the Yandex Maps API). */
  MAPS_SCRIPT_URL: z.url({ protocol: /^https?$/ }).default('https://api-maps.yandex.ru/2.1/'),
  /** Port of the embedded content API when run alone (`npm run upstream`). */
  UPSTREAM_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** Feedback posts accepted per visitor IP per minute; more answer 429. */
  FEEDBACK_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(5),
  /** Where the embedded content API keeps feedback submissions. */
  DATA_DIR: z.string().min(1).default('data'),
  /** Disk cache of the image endpoint and of generated previews; unset: `{DATA_DIR}/cache`. */
  CACHE_DIR: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parse the environment once; invalid values stop the start with a message naming the variable. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
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
