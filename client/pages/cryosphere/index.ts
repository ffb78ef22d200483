import type { PageMap } from '../../page-map.ts';
import { CryosphereItemPage } from './CryosphereItemPage.tsx';
import { CryosphereSubpagePage } from './CryosphereSubpagePage.tsx';

export const pages: PageMap = {
  'cryosphere-subpage': { Component: CryosphereSubpagePage },
  'cryosphere-item': { Component: CryosphereItemPage },
};
