/** The database's pages (locale-free paths): its list and the landing page of each file (ADR 0126). */
export const DATABASE_PATH = '/resources/database';
export const databaseFilePath = (slug: string) => `${DATABASE_PATH}/${slug}`;
