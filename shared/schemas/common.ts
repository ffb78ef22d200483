import { z } from 'zod';

/** An image served by the content API's media path. */
export const ImageSchema = z.object({
  url: z.string(),
  alt: z.string().default(''),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type Image = z.infer<typeof ImageSchema>;

/** What every entry of the content API has: its id, the slug of its page and its title (a tag, a category, …). */
export const TagRefSchema = z.object({ id: z.number().int(), slug: z.string(), title: z.string() });
export type TagRef = z.infer<typeof TagRefSchema>;
/** An entry that has a page of its own and a card in lists: a `TagRefSchema` with its excerpt. */
export const EntrySchema = TagRefSchema.extend({ excerpt: z.string() });

export const PaginationMetaSchema = z.object({
  current_page: z.number().int().positive(),
  per_page: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  last_page: z.number().int().positive(),
});
export type PaginationMeta = z.infer<typeof PaginationMetaSchema>;

export const PaginationLinksSchema = z.object({
  first: z.string().nullable(),
  last: z.string().nullable(),
  prev: z.string().nullable(),
  next: z.string().nullable(),
});

/** The one list envelope every paginated call uses. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: PaginationMetaSchema, links: PaginationLinksSchema });
export type Paginated<T> = { data: T[]; meta: PaginationMeta; links: z.infer<typeof PaginationLinksSchema> };

/** Entries that have a `position` (the editors' order: menus, partners, slides, topics), in that order, copied. */
export const byPosition = <T extends { position: number }>(items: readonly T[]) =>
  [...items].sort((a, b) => a.position - b.position);

/** Non-paginated lists: `{ data: [...] }`. */
export const dataList = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

/** Single resources: `{ data: {...} }`. */
export const dataItem = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** Error body of the content API (404, 422). */
export const ApiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
