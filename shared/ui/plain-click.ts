import type { MouseEvent } from 'react';

/**
 * A plain left click: the one a page may take over (open a lightbox, navigate in the router). A modified click
 * (new tab, new window, download) or one already handled is left to the browser.
 */
export const isPlainLeftClick = (event: MouseEvent): boolean =>
  !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
