import { pino } from 'pino';
import { startContentApi } from './app.ts';
import { contentApiLogger, parseContentApiConfig } from './config.ts';
import { purgeBff } from './purge-client.ts';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];
/** The stricter of two pino levels. */
const quieter = (a: string, b: string) => (LEVELS.indexOf(a) > LEVELS.indexOf(b) ? a : b);

export interface EmbeddedOptions {
  /** the token the BFF's purge webhook takes (PURGE_TOKEN, or one made at start for this pair only) */
  purgeToken: string;
  /** where the BFF listens, once it does: edits are purged there */
  bffUrl: () => string | undefined;
}

/**
 * The content API the BFF starts on a loopback port when no UPSTREAM_URL is set — the editor's loop: it serves the
 * content files, watches them and, after a reload, asks the BFF to purge what was built from them. Its settings come
 * from its own configuration (CONTENT_DIR, DATA_DIR, LOG_LEVEL); its request lines would repeat the BFF's upstream
 * log, so it logs warnings and worse (a content file that does not validate).
 */
export async function startEmbeddedContentApi({ purgeToken, bffUrl }: EmbeddedOptions) {
  const config = parseContentApiConfig();
  const log = pino(contentApiLogger(config.LOG_LEVEL));
  return startContentApi(0, {
    contentDir: config.CONTENT_DIR,
    dataDir: config.DATA_DIR,
    watch: true,
    logger: contentApiLogger(quieter(config.LOG_LEVEL, 'warn')),
    onChange: async ({ keys }) => {
      const url = bffUrl();
      if (url) await purgeBff(url, purgeToken, keys, log);
    },
  });
}
