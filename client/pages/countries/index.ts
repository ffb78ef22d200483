import type { PageMap } from '../../page-map.ts';
import { CountryPage } from './CountryPage.tsx';

export const pages: PageMap = {
  'country-profile': { Component: CountryPage },
};
