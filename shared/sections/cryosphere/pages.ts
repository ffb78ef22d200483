import { CryosphereItemPage } from './CryosphereItemPage.tsx';
import { CryosphereSubpagePage } from './CryosphereSubpagePage.tsx';

export const pages = {
  'cryosphere-subpage': { Component: CryosphereSubpagePage },
  'cryosphere-item': { Component: CryosphereItemPage },
};
