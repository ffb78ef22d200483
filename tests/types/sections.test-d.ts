import type { ComponentType } from 'react';
import { describe, expectTypeOf, it } from 'vitest';
import type { MessageKey } from '../../shared/i18n/messages.ts';
import type { Translate } from '../../shared/i18n/translate.ts';
import { defineSection, type Loader, type Messages } from '../../shared/router/define.ts';
import type { RouteId } from '../../shared/router/route-tree.ts';

/**
 * The guarantees shared/sections/README.md names, checked by the compiler (project `types`,
 * tests/types/compile.test.ts):
 * each `@ts-expect-error` below fails the run when the line it marks compiles.
 */
const Component: ComponentType = () => null;
const loader: Loader = async () => ({});
const routes = [
  { id: 'glossary-list', path: 'glossary' },
  { id: 'glossary-term', path: 'glossary/:slug' },
] as const;
const messages = async () => ({ ru: { 'glossary.title': 'Глоссарий' }, en: { 'glossary.title': 'Glossary' } });

describe('the section registry, in types', () => {
  it('derives RouteId from every section’s literal route ids, and only those', () => {
    expectTypeOf<'news-list'>().toExtend<RouteId>();
    expectTypeOf<'news-detail'>().toExtend<RouteId>();
    expectTypeOf<'strings:news'>().toExtend<RouteId>();
    expectTypeOf<'news-archive'>().not.toExtend<RouteId>();
    expectTypeOf<string>().not.toExtend<RouteId>();
  });

  it('accepts a section whose pages and loaders cover its route ids exactly', () => {
    const section = defineSection({
      name: 'glossary',
      routes,
      messages,
      pages: async () => ({ pages: { 'glossary-list': { Component }, 'glossary-term': { Component } } }),
      loaders: async () => ({ loaders: { 'glossary-list': loader, 'glossary-term': loader } }),
    });
    expectTypeOf(section.routes[0].id).toEqualTypeOf<'glossary-list'>();
    expectTypeOf(section.name).toEqualTypeOf<'glossary'>();
  });

  it('refuses a section with a page or loader missing for one of its routes', () => {
    defineSection({
      name: 'glossary',
      routes,
      messages,
      // @ts-expect-error the glossary-term page is missing
      pages: async () => ({ pages: { 'glossary-list': { Component } } }),
      loaders: async () => ({ loaders: { 'glossary-list': loader, 'glossary-term': loader } }),
    });
    defineSection({
      name: 'glossary',
      routes,
      messages,
      pages: async () => ({ pages: { 'glossary-list': { Component }, 'glossary-term': { Component } } }),
      // @ts-expect-error the glossary-term loader is missing
      loaders: async () => ({ loaders: { 'glossary-list': loader } }),
    });
  });

  it('makes English messages have exactly the Russian keys', () => {
    type Ru = { readonly 'glossary.title': 'Глоссарий'; readonly 'glossary.term': 'Термин' };
    expectTypeOf({ 'glossary.title': 'Glossary', 'glossary.term': 'Term' }).toExtend<Messages<Ru>>();
    // @ts-expect-error glossary.term is missing in English
    const missing: Messages<Ru> = { 'glossary.title': 'Glossary' };
    // @ts-expect-error glossary.extra is not a Russian key
    const extra: Messages<Ru> = { 'glossary.title': 'Glossary', 'glossary.term': 'Term', 'glossary.extra': 'x' };
    void missing;
    void extra;
  });

  it('lets t() take the keys of the dictionaries only', () => {
    expectTypeOf<Translate>().parameter(0).toEqualTypeOf<MessageKey>();
    expectTypeOf<'news.title'>().toExtend<MessageKey>();
    expectTypeOf<'news.no-such-key'>().not.toExtend<MessageKey>();
  });
});
