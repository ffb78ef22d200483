import type { SectionMessages } from '../section.ts';

export const messages = { ru: {}, en: {} } satisfies SectionMessages;
