/** The page (path and query) a back or forward went to, until its navigation asks for its payload. */
let traversedTo: string | undefined;

// each back or forward is noted from the time the payload client's chunk is there (react-router's own popstate
// listener may have started its navigation already)
if (typeof window !== 'undefined' && typeof window.addEventListener === 'function')
  window.addEventListener('popstate', () => {
    traversedTo = window.location.pathname + window.location.search;
  });

/**
 * Whether the navigation to `page` is a back or forward. A link's navigation changes the address once its data is
 * there, so the address already being `page` means a traversal, or a link to the page shown: the popstate event tells
 * them apart, and it has been dispatched to every listener before the next task.
 */
export async function isTraversal(page: string): Promise<boolean> {
  if (typeof window === 'undefined' || window.location.pathname + window.location.search !== page) {
    traversedTo = undefined;
    return false;
  }
  if (traversedTo !== page) await new Promise((resolve) => setTimeout(resolve, 0));
  const traversal = traversedTo === page;
  traversedTo = undefined;
  return traversal;
}
