/**
 * The data lines of a CSV answer (not its `#` comment lines), each split into its fields at the commas outside
 * quotes, a quoted field unquoted and its doubled quotes made single (RFC 4180).
 */
export const csvRows = (text: string): string[][] =>
  text
    .split('\r\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
        .slice(0, -1)
        .map(([, field]) => (field!.startsWith('"') ? field!.slice(1, -1).replace(/""/g, '"') : field!)),
    );
