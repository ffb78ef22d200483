import { AboutPage } from './AboutPage.tsx';
import { TeamPage } from './TeamPage.tsx';

export const pages = {
  about: { Component: AboutPage },
  'about-team': { Component: TeamPage },
};
