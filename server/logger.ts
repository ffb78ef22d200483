import { pino, type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config.ts';

/** pino options: JSON lines, pretty only on a TTY, credentials redacted. */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>, isTTY = process.stdout.isTTY === true): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    ...(isTTY
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } }
      : {}),
  };
}

/**
 * The BFF's logger. Off a TTY, lines go to stdout through an asynchronous destination: a line is handed to the kernel
 * with the ones logged while the previous write was under way, so under load one `write` carries many request lines
 * instead of one each (pino's `sync: false`; flushed when the process exits).
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, isTTY = process.stdout.isTTY === true): Logger {
  const options = loggerOptions(config, isTTY);
  return isTTY ? pino(options) : pino(options, pino.destination({ dest: 1, sync: false }));
}
