import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { LOCALE_INFO } from '../../locales.ts';
import { useI18n } from '../../i18n/use-i18n.ts';

/**
 * SPEC §2 search bar: text input, a clear button shown only when the trimmed text is non-empty, and submit. The
 * placeholder says 'start to enter' while focused and 'search' otherwise. Submitting trims; empty does nothing;
 * otherwise it goes to /search?q={text} in the current locale, clears the box and tells the owner (to close).
 * Without JavaScript it is a GET form to /search.
 */
export function SearchBar({
  onSubmitted,
  autoFocus = false,
  idPrefix,
}: {
  onSubmitted?: () => void;
  autoFocus?: boolean;
  idPrefix: string;
}) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    setText('');
    input.current?.blur();
    onSubmitted?.();
    navigate(`/search?q=${encodeURIComponent(q)}`);
  };

  return (
    <form
      role="search"
      action={`${LOCALE_INFO[locale].basename}/search`}
      method="get"
      className="search-bar"
      onSubmit={submit}
      aria-label={t('header.search')}
    >
      <label htmlFor={`${idPrefix}-q`} className="visually-hidden">
        {t('header.search')}
      </label>
      <input
        ref={input}
        id={`${idPrefix}-q`}
        type="search"
        name="q"
        className="search-bar__input"
        value={text}
        autoFocus={autoFocus}
        autoComplete="off"
        placeholder={focused ? t('header.startToEnter') : t('header.searchPlaceholder')}
        onChange={(e) => setText(e.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
      {text.trim() ? (
        <button
          type="button"
          className="search-bar__clear"
          aria-label={t('header.searchClear')}
          onClick={() => {
            setText('');
            input.current?.focus();
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
      <button type="submit" className="search-bar__submit" aria-label={t('header.searchSubmit')}>
        <SearchIcon />
      </button>
    </form>
  );
}

export function SearchIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
