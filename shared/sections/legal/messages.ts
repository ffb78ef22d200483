import type { Messages } from '../../router/define.ts';

export const ru = {
  'legal.updated': 'Последнее изменение',
} as const;

export const en = {
  'legal.updated': 'Last updated',
} satisfies Messages<typeof ru>;
