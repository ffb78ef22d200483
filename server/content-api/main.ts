import { parseConfig } from '../config.ts';
import { loggerOptions } from '../logger.ts';
import { startContentApi } from './app.ts';

/** `npm run upstream`: the embedded content API alone, on UPSTREAM_PORT. */
const config = parseConfig();
const { app, url } = await startContentApi(config.UPSTREAM_PORT, {
  logger: loggerOptions(config),
  dataDir: config.DATA_DIR,
  contentDir: config.CONTENT_DIR,
});
app.log.info({ url }, 'content API listening');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
