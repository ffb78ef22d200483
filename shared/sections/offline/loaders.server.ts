/**
 * The offline page has nothing of its own to load: its strings come with its section's strings route and the header
 * and footer with the layout's data, so it calls the upstream for nothing beyond what the layout does.
 */
export async function offlineLoader() {
  return null;
}

export const loaders = {
  offline: offlineLoader,
};
