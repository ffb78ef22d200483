import { LegalPage } from './LegalPage.tsx';

export const pages = {
  'privacy-policy': { Component: LegalPage },
  'terms-and-conditions': { Component: LegalPage },
};
