import type { PageMap } from '../../page-map.ts';

export const pages: PageMap = {};
