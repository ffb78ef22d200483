import type { ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from './Breadcrumbs.tsx';

/** Breadcrumbs, the page's one <h1>, and an optional lead line (count, intro). */
export function PageHeader({ title, crumbs, lead }: { title: string; crumbs: Crumb[]; lead?: ReactNode }) {
  return (
    <>
      <Breadcrumbs items={crumbs} />
      <header className="page__head">
        <h1>{title}</h1>
        {lead ? <div className="page__count">{lead}</div> : null}
      </header>
    </>
  );
}
