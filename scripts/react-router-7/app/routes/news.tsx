import { createElement, type ReactNode } from 'react';
import { useLoaderData } from 'react-router';
// written by make-page.mjs from our /en/news page (scripts/bench-rr7.mjs)
import data from '../page-data.json';
import tree from '../page-tree.json';

type Node = string | [string, Record<string, unknown>, Node[]];

// one React element per element of our page, made on every render as components make theirs
const render = (node: Node, key?: number): ReactNode =>
  typeof node === 'string'
    ? node
    : createElement(node[0], { ...node[1], key }, ...node[2].map((child, i) => render(child, i)));

export function meta() {
  return [{ title: 'News — Cryosphere of Central Asia' }, { name: 'description', content: 'News' }];
}

// the page's data from memory, as our server has it from its warm upstream cache; serialized into the page by
// react-router as ours is
export async function loader() {
  return data;
}

export default function News() {
  const loaded = useLoaderData<typeof loader>();
  return <>{loaded && (tree as Node[]).map((node, i) => render(node, i))}</>;
}
