import { AsyncLocalStorage } from 'node:async_hooks';
import { setFormatRecorder } from '../../shared/i18n/format-seed.ts';

/** What a render formatted, by key: the seed its document carries (shared/i18n/format-seed.ts). */
export type FormatRecord = Map<string, string>;

/** The record of the render running in this async context (its loaders' continuations and React's work included). */
const current = new AsyncLocalStorage<FormatRecord>();
setFormatRecorder((key, text) => current.getStore()?.set(key, text));

/** Run `render` with `record` as the place for what it formats. */
export const recordingFormats = <T>(record: FormatRecord, render: () => T): T => current.run(record, render);

/**
 * What a synchronous render formats, kept apart (a reused fragment replays it with `replayFormats`) and added to the
 * current render's record.
 */
export function formatsOf<T>(render: () => T): { value: T; formats: Array<[string, string]> } {
  const own: FormatRecord = new Map();
  const value = current.run(own, render);
  const formats = [...own];
  replayFormats(formats);
  return { value, formats };
}

/** Add what a reused fragment formatted when it was made to the current render's record. */
export function replayFormats(formats: ReadonlyArray<[string, string]>): void {
  const record = current.getStore();
  if (record) for (const [key, text] of formats) record.set(key, text);
}
