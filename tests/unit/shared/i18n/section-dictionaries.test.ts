/**
 * No page shows a raw key (ADR 0081): a page carries the layout's dictionary and its own section's only, so every key
 * the code of a page can show must be in one of those two. Read from the sources: the files a section's pages import
 * (its own, shared components, other sections' modules), and those the layout imports.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../../server/paths.ts';
import type { Locale } from '../../../../shared/constants.ts';
import { bundledMessages, layoutMessages, sectionMessages } from '../../../../shared/i18n/messages.ts';
import { sectionsInLayout } from '../../../../shared/router/route-tree.ts';
import { sections } from '../../../../shared/sections/registry.ts';

const root = paths().root;

/** Files reached from `entries` by relative imports (lazy ones too); not server modules, dictionaries or the registry. */
function imported(entries: string[]): string[] {
  const seen = new Set<string>();
  const stack = entries.map((e) => join(root, e));
  while (stack.length > 0) {
    const file = stack.pop()!;
    const imports = seen.has(file)
      ? []
      : [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+\.tsx?)['"]/g)];
    seen.add(file);
    for (const [, spec] of imports) {
      const target = normalize(join(dirname(file), spec!));
      const skip = /\.server\.ts$|messages\.ts$|section\.ts$|registry\.ts$|route-tree\.ts$|client\/routes\.ts$/;
      if (existsSync(target) && !skip.test(target)) stack.push(target);
    }
  }
  return [...seen];
}

/** The keys a file can show: key literals, and every key under a `prefix.${…}` template or a key-stem literal. */
function keysIn(file: string, all: readonly string[]): string[] {
  const source = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const [, literal] of source.matchAll(/['`]([a-zA-Z]+\.[\w.${}-]+)['`]/g)) {
    const stem = literal!.split('${')[0]!;
    for (const key of all)
      if (key === literal || (literal!.includes('${') && key.startsWith(stem)) || key.startsWith(`${literal}.`))
        found.add(key);
  }
  return [...found];
}

const missing = (files: string[], all: readonly string[], carried: Readonly<Record<string, string>>) =>
  files.flatMap((file) =>
    keysIn(file, all)
      .filter((key) => !(key in carried))
      .map((key) => `${relative(root, file)}: ${key}`),
  );

describe.each<Locale>(['ru', 'en'])('the strings a page carries (%s)', (locale) => {
  it("the layout's code shows only the layout's keys", async () => {
    const all = Object.keys(await bundledMessages(locale));
    expect(missing(imported(['shared/ui/Root.tsx']), all, await layoutMessages(locale))).toEqual([]);
  });

  it.each(sections.filter((s) => !sectionsInLayout.includes(s)).map((s) => [s.name, s] as const))(
    "%s: its pages show only the layout's keys and its section's (own and borrowed)",
    async (name, section) => {
      const all = Object.keys(await bundledMessages(locale));
      const carried = { ...(await layoutMessages(locale)), ...(await sectionMessages(section, locale)) };
      expect(missing(imported([`shared/sections/${name}/pages.ts`]), all, carried)).toEqual([]);
      // a borrowed prefix names keys that exist
      for (const prefix of section.borrows ?? [])
        expect(
          all.some((key) => key.startsWith(prefix)),
          prefix,
        ).toBe(true);
    },
  );

  it('a section with prerendered pages has its strings in the layout dictionary (its payloads are made without the upstream)', async () => {
    const layout = await layoutMessages(locale);
    for (const section of sectionsInLayout) {
      expect(section.routes.some((r) => 'prerender' in r && r.prerender)).toBe(true);
      expect(Object.keys((await section.messages())[locale]).every((key) => key in layout)).toBe(true);
    }
  });
});
