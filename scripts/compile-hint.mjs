/**
 * V8's explicit compile hint (Chrome 136+; a comment to other engines): as a file's first line, V8 compiles every
 * function of the file on a background thread while it streams in (ADR 0117). The build puts it on the first-load
 * chunk (vite.config.ts); `scripts/start-up.mjs` takes it out to measure what it does.
 */
export const COMPILE_HINT_LINE = '//# allFunctionsCalledOnLoad\n';
