import type { Locale } from '../../constants.ts';

/**
 * A legal page kept in the repository (not in the CMS), so it renders, and can be prerendered, without the upstream.
 * `html` is trusted markup written here (no user or CMS input).
 */
export interface LegalText {
  title: string;
  /** one sentence for the meta description */
  description: string;
  /** ISO date (YYYY-MM-DD) of the last change of the text */
  updatedAt: string;
  html: string;
}

export type LegalDocument = Record<Locale, LegalText>;
