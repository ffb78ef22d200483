/**
 * Client-side error reporting: logged to the console for developers (and a place to hook telemetry into).
 * The only console use in client/, kept in one place.
 */
export function reportError(message: string, err: unknown): void {
  // eslint-disable-next-line no-console
  console.warn(`[portal] ${message}`, err);
}
