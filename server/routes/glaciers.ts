import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { LOCALE_INFO } from '../../shared/locales.ts';
import { GLACIERS_API_PATH } from '../../shared/endpoints.ts';
import { CachePolicy } from '../cache-policies.ts';

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

/** `bounds=south,west,north,east` in degrees, as the upstream takes it (a west > east box crosses the antimeridian). */
export const BoundsQuery = z.object({
  bounds: z
    .string({ error: 'bounds is required: south,west,north,east' })
    .max(200)
    .regex(/^[^,]+,[^,]+,[^,]+,[^,]+$/, 'bounds must be four numbers: south,west,north,east')
    .transform((raw) => raw.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part))))
    .pipe(
      z
        .tuple([latitude, longitude, latitude, longitude], {
          error: 'bounds must be four numbers: south,west,north,east',
        })
        .refine(([south, , north]) => south <= north, 'south must not exceed north'),
    ),
});

/**
 * `GET /api/glaciers?bounds=south,west,north,east` (and `/en/api/glaciers`): the glaciers inside the visible box of the
 * interactive map, in the request's locale, through the cached upstream client (the browser never calls the
 * upstream). Bad bounds answer 400 with the problems by field; upstream failures 502/504 through the error handler.
 */
export const glacierRoutes: FastifyPluginAsync = async (app) => {
  for (const prefix of ['', LOCALE_INFO.en.basename]) {
    app.get(`${prefix}${GLACIERS_API_PATH}`, async (request, reply) => {
      const parsed = BoundsQuery.safeParse(request.query);
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues)
          (errors[issue.path[0] === undefined ? 'query' : String(issue.path[0])] ??= []).push(issue.message);
        reply.header('cache-control', CachePolicy.none);
        return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: 'Invalid bounds', errors });
      }
      // the normalized numbers: one cache entry per box, whatever the spelling of the request
      const bounds = parsed.data.bounds.join(',');
      const glaciers = await app.upstream.apiFor(request).get('glaciers', { query: { bounds } });
      reply.header('cache-control', app.pagePolicies.payload);
      return glaciers;
    });
  }
};
