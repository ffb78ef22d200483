/**
 * The formatted dates and figures a document was rendered with, by key (`date en 2025-07-14`). The server records
 * what each render formats and writes it into the document (FORMAT_SEED_ID); the browser reads it before it hydrates,
 * so hydration shows the same text without creating an Intl formatter: the first one of a page loads the locale's
 * data, tens of milliseconds on a phone. Anything not in it (a later navigation) is formatted as usual.
 */

/** The id of the document's `<script type="application/json">` with the formatted text. */
export const FORMAT_SEED_ID = '__formats';

type Recorder = (key: string, text: string) => void;

let recorder: Recorder | undefined;
const seeded = new Map<string, string>();

/**
 * On the server: where each formatted text goes (the current render's record, or nowhere outside a render). Returns
 * the recorder it replaces.
 */
export function setFormatRecorder(record: Recorder | undefined): Recorder | undefined {
  const before = recorder;
  recorder = record;
  return before;
}

/**
 * In the browser, before hydration: the text the document was rendered with (the JSON of FORMAT_SEED_ID's script). A
 * seed that does not parse, or any value in it that is not a string, is left out: that text is formatted as usual.
 */
export function seedFormats(json: string): void {
  let texts: unknown;
  try {
    texts = JSON.parse(json);
  } catch {
    return;
  }
  if (typeof texts !== 'object' || texts === null) return;
  for (const [key, text] of Object.entries(texts)) if (typeof text === 'string') seeded.set(key, text);
}

/** The text of `key`: as the document has it when it was seeded, else `format()`'s (recorded on the server). */
export function formatted(key: string, format: () => string): string {
  const known = seeded.get(key);
  if (known !== undefined) return known;
  const text = format();
  recorder?.(key, text);
  return text;
}
