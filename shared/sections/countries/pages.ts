import { CountryPage } from './CountryPage.tsx';

export const pages = {
  'country-profile': { Component: CountryPage },
};
