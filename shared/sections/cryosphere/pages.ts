import { CryosphereItemPage } from './CryosphereItemPage.tsx';
import { CryosphereOverviewPage } from './CryosphereOverviewPage.tsx';
import { CryosphereSubpagePage } from './CryosphereSubpagePage.tsx';

export const pages = {
  'cryosphere-overview': { Component: CryosphereOverviewPage },
  'cryosphere-subpage': { Component: CryosphereSubpagePage },
  'cryosphere-item': { Component: CryosphereItemPage },
};
