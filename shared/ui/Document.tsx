import type { ReactNode } from 'react';
import { APP_ROOT_ID, type Locale } from '../constants.ts';

export interface DocumentAssets {
  /** stylesheets of the client entry */
  styles: string[];
  /** the client entry module and its imports, for modulepreload */
  preloads: string[];
}

/** The HTML document around the app; the app itself mounts on #__nuxt (SPEC §9). */
export function Document({
  locale,
  assets,
  children,
}: {
  locale: Locale;
  assets: DocumentAssets;
  children: ReactNode;
}) {
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0c3550" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        {/* low, as React marks the entry's: the stylesheet and the LCP image come first, and the app's code (run
            only after the document is parsed) follows them */}
        {assets.preloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
        ))}
      </head>
      <body>
        <div id={APP_ROOT_ID}>{children}</div>
      </body>
    </html>
  );
}
