import { useLocation } from 'react-router';
import { AppLink } from '../fast-paths/AppLink.tsx';

export const isExternal = (url: string) => /^https?:\/\//.test(url);

/** An item is active when the current path contains its url (SPEC §2). */
export const isActive = (pathname: string, url: string) => (url === '/' ? pathname === '/' : pathname.includes(url));

/** A menu link: router link inside the site (locale kept by the basename), new tab outside it. */
export function MenuLink({
  url,
  title,
  className,
  onClick,
}: {
  url: string;
  title: string;
  className?: string;
  onClick?: () => void;
}) {
  const { pathname } = useLocation();
  if (isExternal(url)) {
    return (
      <a className={className} href={url} target="_blank" rel="noopener noreferrer" onClick={onClick}>
        {title}
      </a>
    );
  }
  const current = pathname === url;
  return (
    <AppLink
      className={`${className ?? ''}${isActive(pathname, url) ? ' is-active' : ''}`}
      to={url}
      aria-current={current ? 'page' : undefined}
      onClick={onClick}
    >
      {title}
    </AppLink>
  );
}
