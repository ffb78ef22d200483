import type { LoaderFunctionArgs } from 'react-router';
import { formatDate } from '../../i18n/format.server.ts';
import { apiContext } from '../../router/context.ts';
import { privacyPolicy } from './privacy-policy.server.ts';
import { termsAndConditions } from './terms-and-conditions.server.ts';
import type { LegalDocument } from './types.ts';

/** The legal pages by route id; their paths are `content/{id}`. */
const legalDocuments = {
  'privacy-policy': privacyPolicy,
  'terms-and-conditions': termsAndConditions,
} as const satisfies Record<string, LegalDocument>;

/**
 * A legal page: the text kept in the repository (this folder) in the request's locale. No upstream call (the locale
 * is known from the request context), so the page can be prerendered and still renders when the upstream is down.
 */
const legalLoader =
  (id: keyof typeof legalDocuments) =>
  async ({ context }: LoaderFunctionArgs) => {
    const { locale } = context.get(apiContext);
    const text = legalDocuments[id][locale];
    return { id, ...text, updatedText: formatDate(locale, text.updatedAt) };
  };
export const privacyPolicyLoader = legalLoader('privacy-policy');
export const termsAndConditionsLoader = legalLoader('terms-and-conditions');

export const loaders = {
  'privacy-policy': privacyPolicyLoader,
  'terms-and-conditions': termsAndConditionsLoader,
};
