import type { RouteDef } from '../table.ts';

export const routes: RouteDef[] = [];
