import { SearchPage } from './SearchPage.tsx';

export const pages = {
  search: { Component: SearchPage },
};
