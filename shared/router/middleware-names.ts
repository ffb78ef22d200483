/** Names a route may list in `middleware` (implemented in middleware.server.ts). */
export const MIDDLEWARE_NAMES = ['canonical-page'] as const;
export type MiddlewareName = (typeof MIDDLEWARE_NAMES)[number];
