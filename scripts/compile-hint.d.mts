/** V8's explicit compile hint as a file's first line (ADR 0117). */
export declare const COMPILE_HINT_LINE: string;
