import type { PageMap } from '../../page-map.ts';
import { SearchPage } from './SearchPage.tsx';

export const pages: PageMap = {
  search: { Component: SearchPage },
};
