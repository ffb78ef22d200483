import { readFileSync } from 'node:fs';
import { z } from 'zod';

const BuildInfoSchema = z.object({
  id: z.string().regex(/^[\w-]{4,64}$/),
  timestamp: z.number().int(),
  /** hash of the sources the build was made from; `npm start` rebuilds when it differs */
  sourceHash: z.string().optional(),
});
export type BuildInfo = z.infer<typeof BuildInfoSchema>;

export function readBuildInfo(file: string): BuildInfo {
  return BuildInfoSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}
