import { OFFLINE_PATH } from '../../offline.ts';
import { defineSection } from '../../router/define.ts';

/**
 * The page the service worker shows for a page not kept on the device while the reader is offline. A static document
 * (`clientApp: false`): the worker serves it at any URL, where the client app's router would not match it. Not
 * prerendered: that would put its strings into every page's layout dictionary, for a page no navigation reaches.
 */
export default defineSection({
  name: 'offline',
  routes: [{ id: 'offline', path: OFFLINE_PATH.slice(1), clientApp: false }],
  messages: () => import('./messages.ts'),
  pages: () => import('./pages.ts'),
  loaders: () => import('./loaders.server.ts'),
});
