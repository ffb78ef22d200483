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

/** `make(a, b)` made once per pair of objects (while both are held), not once per call. */
export function oncePerPair<A extends object, B extends object, R>(make: (a: A, b: B) => R): (a: A, b: B) => R {
  const byFirst = new WeakMap<A, WeakMap<B, R>>();
  return (a, b) => {
    let bySecond = byFirst.get(a);
    if (!bySecond) {
      bySecond = new WeakMap();
      byFirst.set(a, bySecond);
    }
    let made = bySecond.get(b);
    if (made === undefined) {
      made = make(a, b);
      bySecond.set(b, made);
    }
    return made;
  };
}
