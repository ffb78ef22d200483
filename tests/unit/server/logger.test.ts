import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../server/logger.ts';

const loggerModule = fileURLToPath(new URL('../../../server/logger.ts', import.meta.url));

describe('createLogger', () => {
  it('writes to stdout asynchronously off a TTY', () => {
    const logger = createLogger({ LOG_LEVEL: 'info' }, false);
    const stream = (logger as unknown as Record<symbol, { sync?: boolean; fd?: number }>)[pino.symbols.streamSym];
    expect(stream?.sync).toBe(false);
    expect(stream?.fd).toBe(1);
  });

  it('loses no line logged just before the process exits', () => {
    const script = `
      const { createLogger } = await import(${JSON.stringify(loggerModule)});
      const log = createLogger({ LOG_LEVEL: 'info' }, false);
      for (let i = 0; i < 2000; i++) log.info({ i }, 'line');
      process.exit(0);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(2000);
    expect(JSON.parse(lines.at(-1) ?? '{}')).toMatchObject({ i: 1999, msg: 'line' });
  });
});
