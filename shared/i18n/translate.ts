import type { MessageKey } from './messages.ts';

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** A translator over a dictionary; unknown keys fall back to the key itself so gaps are visible, not blank. */
export function createTranslate(dictionary: Readonly<Record<string, string>>): Translate {
  return (key, vars) => {
    const text = dictionary[key] ?? key;
    if (!vars) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
  };
}
