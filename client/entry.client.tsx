import '@vitejs/plugin-react/preamble';
import './styles/index.css';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { APP_CONFIG_GLOBAL, type AppConfig } from '../shared/app-config.ts';
import { APP_ROOT_ID } from '../shared/constants.ts';
import { LOCALE_INFO } from '../shared/locales.ts';
import { AppConfigProvider } from './app-config.tsx';
import { routes } from './routes.tsx';
import { createPayloadClient } from './runtime/payload-client.ts';
import { reportError } from './runtime/report.ts';

declare global {
  interface Window {
    [APP_CONFIG_GLOBAL]: AppConfig;
  }
}

const config = window[APP_CONFIG_GLOBAL];
const payloads = createPayloadClient(config.buildId);

// hydration data comes from window.__staticRouterHydrationData, written by the server before this module
const router = createBrowserRouter(routes, {
  basename: LOCALE_INFO[config.locale].basename || '/',
  dataStrategy: payloads.dataStrategy,
});

/** Marks the document once React has hydrated it (tests and diagnostics wait for it). */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return children;
}

const container = document.getElementById(APP_ROOT_ID);
if (!container) throw new Error(`#${APP_ROOT_ID} is missing`);

hydrateRoot(
  container,
  <StrictMode>
    <AppConfigProvider value={config}>
      <Hydrated>
        <RouterProvider router={router} />
      </Hydrated>
    </AppConfigProvider>
  </StrictMode>,
  {
    onRecoverableError: (err) => reportError('recoverable render error', err),
  },
);
