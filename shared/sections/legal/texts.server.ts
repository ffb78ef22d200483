import { privacyPolicy } from './privacy-policy.server.ts';
import { termsAndConditions } from './terms-and-conditions.server.ts';
import type { LegalDocument } from './types.ts';

export type { LegalDocument, LegalText } from './types.ts';

/** The legal pages by route id; their paths are `content/{id}`. */
export const legalDocuments = {
  'privacy-policy': privacyPolicy,
  'terms-and-conditions': termsAndConditions,
} as const satisfies Record<string, LegalDocument>;

export type LegalId = keyof typeof legalDocuments;
