import { HomePage } from './HomePage.tsx';

export const pages = {
  home: { Component: HomePage },
};
