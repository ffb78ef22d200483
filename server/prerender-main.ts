import { join } from 'node:path';
import { paths } from './paths.ts';
import { prerenderPayloads } from './ssr/prerendered.ts';

/** Build step: write the prerendered page payloads into dist/prerendered. */
const written = await prerenderPayloads(join(paths().dist, 'prerendered'));
process.stdout.write(`prerendered ${written.length} payloads\n`);
