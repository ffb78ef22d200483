import type { LoaderFunctionArgs } from 'react-router';
import { apiContext } from '../../context.ts';
import { legalDocuments, type LegalId } from '../../legal/index.ts';
import type { RouteDef } from '../table.ts';

/** About the project: title, image, body and the notice about sample content. */
export async function aboutLoader({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const about = await api.get('aboutProject');
  return { about: about.data };
}
export type AboutData = Awaited<ReturnType<typeof aboutLoader>>;

/** The team, in the editors' order (`position`). */
export async function teamLoader({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const team = await api.get('team');
  return { members: [...team.data].sort((a, b) => a.position - b.position) };
}
export type TeamData = Awaited<ReturnType<typeof teamLoader>>;

/**
 * A legal page: the text kept in the repository (shared/legal/) in the request's locale. No upstream call (the locale
 * is known from the request context), so the page can be prerendered and still renders when the upstream is down.
 */
const legalLoader =
  (id: LegalId) =>
  async ({ context }: LoaderFunctionArgs) => {
    const { locale } = context.get(apiContext);
    return { id, ...legalDocuments[id][locale] };
  };
export const privacyPolicyLoader = legalLoader('privacy-policy');
export const termsAndConditionsLoader = legalLoader('terms-and-conditions');
export type LegalData = Awaited<ReturnType<ReturnType<typeof legalLoader>>>;

/** Pages whose loaders never call the upstream (paths without the locale prefix). */
export const PRERENDERED_PATHS = ['/content/privacy-policy', '/content/terms-and-conditions'];

export const routes: RouteDef[] = [
  { id: 'about', path: 'about', loader: aboutLoader },
  { id: 'about-team', path: 'about/team', loader: teamLoader },
  { id: 'privacy-policy', path: 'content/privacy-policy', loader: privacyPolicyLoader },
  { id: 'terms-and-conditions', path: 'content/terms-and-conditions', loader: termsAndConditionsLoader },
];
