import { CountriesPage } from './CountriesPage.tsx';
import { CountryPage } from './CountryPage.tsx';

export const pages = {
  countries: { Component: CountriesPage },
  'country-profile': { Component: CountryPage },
};
