import type React from 'react';
import { Form, useLocation } from 'react-router';
import { AppLink } from './fast-paths/AppLink.tsx';
import { useI18n } from '../i18n/use-i18n.ts';

export interface FilterField {
  name: string;
  label: string;
  /** the value in the URL now ('' when unset) */
  value: string;
  options: { value: string; label: string }[];
}

/**
 * Filters as a GET form: reflected in the URL, crawlable, working without JavaScript; with JavaScript, react-router
 * submits it as a client navigation (one payload). Changing a filter goes back to page 1.
 */
export function FilterForm({
  fields,
  search,
  collapsible = false,
}: {
  fields: FilterField[];
  search?: { name: string; value: string; label: string };
  /**
   * the select fields behind one "Filters" disclosure (`<details>`, no script needed) on narrow screens, open when a
   * filter is set; wide screens show them as a row (chrome.css)
   */
  collapsible?: boolean;
}) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const active = fields.some((f) => f.value) || !!search?.value;
  const chosen = fields.filter((f) => f.value).length;
  const selects = fields.map((field) => (
    <label key={field.name} className="filters__field">
      <span>{field.label}</span>
      <select name={field.name} defaultValue={field.value}>
        <option value="">{t('filters.all')}</option>
        {field.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  ));
  return (
    <Form method="get" className="filters" role="search" aria-label={t('filters.label')} onSubmit={dropEmptyFields}>
      {search ? (
        <label className="filters__field filters__field--wide">
          <span>{search.label}</span>
          <input type="search" name={search.name} defaultValue={search.value} />
        </label>
      ) : null}
      {collapsible ? (
        <details className="filters__more" open={chosen > 0}>
          <summary className="filters__summary">
            {t('filters.label')}
            {chosen > 0 ? <span className="filters__chosen"> ({chosen})</span> : null}
          </summary>
          <div className="filters__fields">{selects}</div>
        </details>
      ) : (
        selects
      )}
      <div className="filters__actions">
        <button type="submit" className="button">
          {t('filters.apply')}
        </button>
        {active ? (
          <AppLink to={pathname} className="filters__reset">
            {t('filters.reset')}
          </AppLink>
        ) : null}
      </div>
    </Form>
  );
}

/** Leave unset filters out of the URL (`?type=` is noise): disabled controls are not submitted. */
function dropEmptyFields(event: React.FormEvent<HTMLFormElement>) {
  const controls = [...event.currentTarget.elements].filter(
    (el): el is HTMLInputElement | HTMLSelectElement =>
      (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) && el.name !== '' && el.value === '',
  );
  controls.forEach((el) => (el.disabled = true));
  setTimeout(() => controls.forEach((el) => (el.disabled = false)));
}
