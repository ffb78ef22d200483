/** The Network Information API's view of the connection (Chromium's `navigator.connection`), field by field. */
export interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** What a navigator (a window's, or the service worker's) says of its connection; undefined where it says nothing. */
export function currentConnection(from: object = navigator): NetworkInformation | undefined {
  const connection = 'connection' in from ? from.connection : undefined;
  if (typeof connection !== 'object' || connection === null) return undefined;
  return {
    saveData: 'saveData' in connection && connection.saveData === true,
    effectiveType:
      'effectiveType' in connection && typeof connection.effectiveType === 'string'
        ? connection.effectiveType
        : undefined,
  };
}

/**
 * A metered connection: the reader asked to save data, or it is slow (2g). Then nothing is fetched ahead: no
 * prefetch (SPEC §9), no worker kit beyond the first-load assets, image renditions at density 1.
 */
export function isMetered(connection: NetworkInformation | undefined): boolean {
  if (!connection) return false;
  return connection.saveData === true || /(^|-)2g$/.test(connection.effectiveType ?? '');
}
