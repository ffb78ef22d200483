import { createContext } from 'react-router';
import type { ApiPort } from './api/api-port.ts';

/** Router context key through which loaders reach the upstream (house style rule 14). */
export const apiContext = createContext<ApiPort>();

declare module 'react-router' {
  interface Future {
    // Loaders receive a RouterContextProvider (we pass one to staticHandler.query()).
    v8_middleware: true;
  }
}
