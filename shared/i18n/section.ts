/** A section's UI strings: the same keys in both locales. */
export interface SectionMessages {
  ru: Record<string, string>;
  en: Record<string, string>;
}
