import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { localeFromPath } from '../../shared/locales.ts';
import {
  deviceOf,
  VITAL_NAMES,
  VITAL_RANGES,
  VITALS_MAX_BYTES,
  VITALS_PATH,
  type VitalsBeacon,
} from '../../shared/web-vitals.ts';
import { CachePolicy } from '../cache-policies.ts';
import { clientAddress } from '../client-address.ts';
import { sendErrorJson } from '../http/error-document.ts';
import { routeIdOf } from '../route-id.ts';
import { safeJson } from '../../shared/json.ts';

const Vital = z
  .object({ name: z.enum(VITAL_NAMES), value: z.number().min(0) })
  .strict()
  .refine((vital) => vital.value <= VITAL_RANGES[vital.name].max, { message: 'value out of range' });

/** A beacon as shared/web-vitals.ts describes it, each metric in its range and named once. */
const VitalsBeaconSchema = z
  .object({
    path: z.string().startsWith('/').max(512),
    width: z.number().int().min(1).max(10_000),
    metrics: z
      .array(Vital)
      .min(1)
      .max(VITAL_NAMES.length)
      .refine((metrics) => new Set(metrics.map((m) => m.name)).size === metrics.length, {
        message: 'a metric named twice',
      }),
  })
  .strict() satisfies z.ZodType<VitalsBeacon>;

export interface VitalsOptions {
  /** beacons per client IP per minute */
  rateLimit: number;
}

/**
 * `POST /_vitals`: a page view's field Core Web Vitals (client/runtime/web-vitals.ts sends them with
 * `navigator.sendBeacon`, `text/plain`). A beacon is read only if small, well formed, of known metrics within sane
 * ranges: then each metric is added to the histograms of its page's route id and the viewport's device class, and the
 * answer is 204. Nothing else is kept: no address, no path, no user agent. Junk is a 4xx and never counted.
 */
export const vitalsRoutes =
  (options: VitalsOptions): FastifyPluginAsync =>
  async (app) => {
    await app.register(rateLimit, {
      global: true,
      max: options.rateLimit,
      timeWindow: 60_000,
      keyGenerator: clientAddress,
    });
    // sendBeacon sends a string as text/plain (read as text by Fastify's own parser); JSON is read as JSON
    app.post<{ Body: unknown }>(VITALS_PATH, { bodyLimit: VITALS_MAX_BYTES }, async (request, reply) => {
      const body = typeof request.body === 'string' ? safeJson(request.body) : request.body;
      const beacon = VitalsBeaconSchema.safeParse(body);
      if (!beacon.success) return sendErrorJson(request, reply, 400, 'Not a Core Web Vitals beacon');
      const { path, width, metrics } = beacon.data;
      const labels = { route: routeIdOf(path, localeFromPath(path)), device: deviceOf(width) };
      for (const { name, value } of metrics) app.observeVital(name, value, labels);
      return reply.code(204).header('cache-control', CachePolicy.none).send();
    });
  };
