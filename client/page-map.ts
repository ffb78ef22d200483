import type { ComponentType } from 'react';

/** Components of routes by route id; client/routes.tsx attaches them to the shared route table. */
export type PageMap = Record<string, { Component: ComponentType; ErrorBoundary?: ComponentType }>;
