import type { SectionName } from '../sections/registry.ts';

/**
 * The ids of the routes every page has above or beside its own: the root layout, the 404 route and each section's
 * strings route (ADR 0081). A leaf: what a page renders (`useI18n`) reads them without reaching the section registry,
 * whose sections import their pages.
 */
export const ROOT_ROUTE_ID = 'root';
export const NOT_FOUND_ROUTE_ID = 'not-found';

/** The pathless route above a section's routes whose data is the section's dictionary (ADR 0081). */
export type StringsRouteId = `strings:${SectionName}`;

export const stringsRouteId = (name: SectionName): StringsRouteId => `strings:${name}`;
export const isStringsRouteId = (id: string): id is StringsRouteId => id.startsWith('strings:');
