import { OfflinePage } from './OfflinePage.tsx';

export const pages = {
  offline: { Component: OfflinePage },
};
