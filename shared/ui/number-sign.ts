/**
 * A text as it is set on the page where a number follows its sign (`№ 139`, `No. 139`, as in glacier names): a
 * no-break space between them, so a line never ends on the sign and starts on the number.
 */
export const keepNumberSign = (text: string) => text.replace(/(№|No\.) (?=\d)/g, '$1\u00a0');
