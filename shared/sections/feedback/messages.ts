import type { Messages } from '../../router/define.ts';

/** The feedback page uses the form's strings (`form.*`, shared/i18n/messages.ts): the modal needs them on every page. */
export const ru = {} as const;

export const en = {} satisfies Messages<typeof ru>;
