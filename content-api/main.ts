import { contentApiLogger, parseContentApiConfig } from './config.ts';
import { startContentApi } from './app.ts';

/** `npm run upstream`: the content API alone, on UPSTREAM_PORT. */
const config = parseContentApiConfig();
const { app, url } = await startContentApi(config.UPSTREAM_PORT, {
  logger: contentApiLogger(config.LOG_LEVEL),
  dataDir: config.DATA_DIR,
  contentDir: config.CONTENT_DIR,
});
app.log.info({ url }, 'content API listening');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
