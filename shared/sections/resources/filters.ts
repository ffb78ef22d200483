/** Filters of the file database, shared by its loader and its page. */

/** The select filters of the file database, in the order of the form. */
export const FILE_FILTERS = ['type', 'year', 'country', 'tag', 'language'] as const;
export type FileFilter = (typeof FILE_FILTERS)[number];

export interface FilterOption {
  value: string;
  label: string;
}
