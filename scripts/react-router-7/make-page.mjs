// Our rendered page, as the React Router 7 comparator renders it: the <body> (scripts left out) as a JSON element
// tree the route turns back into React elements on every request, and the page's hydration data as its loader's data.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'parse5';

// HTML attribute names React spells otherwise
const RENAME = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  autocomplete: 'autoComplete',
  fetchpriority: 'fetchPriority',
  srcset: 'srcSet',
  crossorigin: 'crossOrigin',
  hreflang: 'hrefLang',
  datetime: 'dateTime',
  enctype: 'encType',
  novalidate: 'noValidate',
  spellcheck: 'spellCheck',
  inputmode: 'inputMode',
  enterkeyhint: 'enterKeyHint',
  'stroke-width': 'strokeWidth',
  'stroke-linecap': 'strokeLinecap',
  'stroke-linejoin': 'strokeLinejoin',
  'fill-rule': 'fillRule',
  'clip-rule': 'clipRule',
};

const styleObject = (value) =>
  Object.fromEntries(
    value
      .split(';')
      .filter((d) => d.includes(':'))
      .map((d) => {
        const [name, ...rest] = d.split(':');
        return [name.trim().replace(/-([a-z])/g, (_, c) => c.toUpperCase()), rest.join(':').trim()];
      }),
  );

function toTree(node) {
  if (node.nodeName === '#text') return node.value;
  if (node.nodeName === '#comment' || node.nodeName === 'script' || node.nodeName === 'template') return null;
  const props = {};
  for (const { name, value } of node.attrs) {
    if (name === 'nonce') continue;
    if (name === 'style') props.style = styleObject(value);
    else props[RENAME[name] ?? name] = value;
  }
  return [node.tagName, props, node.childNodes.map(toTree).filter((c) => c !== null && c !== '')];
}

/** Writes app/page-tree.json and app/page-data.json of `dir` from our page's HTML; returns the element count. */
export function writePage(html, dir) {
  // StaticRouterProvider's script: the data's JSON as a string literal, parsed in the browser
  const marker = 'window.__staticRouterHydrationData = JSON.parse(';
  const start = html.indexOf(marker);
  if (start === -1) throw new Error('the page has no hydration data');
  const literal = html.slice(start + marker.length, html.indexOf(');</script>', start));
  const hydration = JSON.parse(JSON.parse(literal));
  const body = parse(html)
    .childNodes.find((n) => n.nodeName === 'html')
    .childNodes.find((n) => n.nodeName === 'body');
  const tree = body.childNodes.map(toTree).filter((c) => c !== null && c !== '');
  writeFileSync(join(dir, 'app', 'page-tree.json'), JSON.stringify(tree));
  writeFileSync(join(dir, 'app', 'page-data.json'), JSON.stringify(hydration.loaderData));
  let elements = 0;
  const count = (n) => {
    if (typeof n === 'string') return;
    elements += 1;
    n[2].forEach(count);
  };
  tree.forEach(count);
  return elements;
}
