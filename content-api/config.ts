import { join } from 'node:path';
import type { LoggerOptions } from 'pino';
import { z } from 'zod';
import { projectRoot } from '../shared/project-root.server.ts';

/** The content files in the repository: what the content API serves when CONTENT_DIR is unset. */
export const defaultContentDir = () => join(projectRoot(), 'content-api', 'content');

const ConfigSchema = z.object({
  /** Port of the content API when run alone (`npm run upstream`). */
  UPSTREAM_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** The content files served and watched; unset: content-api/content. */
  CONTENT_DIR: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  /** Where feedback submissions and the media cache are kept (the BFF's DATA_DIR too). */
  DATA_DIR: z.string().min(1).default('data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type ContentApiConfig = z.output<typeof ConfigSchema>;

/** The content API's settings from the environment; a bad value stops the start with the variable's name. */
export function parseContentApiConfig(env: NodeJS.ProcessEnv = process.env): ContentApiConfig {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid content API configuration:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** pino options: JSON lines named `content-api`, pretty on a terminal. */
export const contentApiLogger = (level: string, isTTY = process.stdout.isTTY === true): LoggerOptions => ({
  name: 'content-api',
  level,
  ...(isTTY
    ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } }
    : {}),
});
