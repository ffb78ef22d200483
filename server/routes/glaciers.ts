import type { FastifyPluginAsync } from 'fastify';

/**
 * `GET /api/glaciers?bounds=south,west,north,east`: the glaciers inside the visible box of the interactive map,
 * through the cached upstream client (the browser never calls the upstream). To be completed with the map.
 */
export const glacierRoutes: FastifyPluginAsync = async () => {};
