import { ResourcesPage } from './ResourcesPage.tsx';
import { DatabasePage } from './DatabasePage.tsx';
import { DatasetPage } from './DatasetPage.tsx';
import { MethodsPage } from './MethodsPage.tsx';
import { ToolsPage } from './ToolsPage.tsx';
import { WgmsPage } from './WgmsPage.tsx';

export const pages = {
  resources: { Component: ResourcesPage },
  'resources-database': { Component: DatabasePage },
  'resources-database-file': { Component: DatasetPage },
  'resources-monitoring-methods': { Component: MethodsPage },
  'resources-tools': { Component: ToolsPage },
  'resources-tools-wgms': { Component: WgmsPage },
};
