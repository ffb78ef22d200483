import type { PageMap } from '../../page-map.ts';
import { AboutPage } from './AboutPage.tsx';
import { LegalPage } from './LegalPage.tsx';
import { TeamPage } from './TeamPage.tsx';

export const pages: PageMap = {
  about: { Component: AboutPage },
  'about-team': { Component: TeamPage },
  'privacy-policy': { Component: LegalPage },
  'terms-and-conditions': { Component: LegalPage },
};
