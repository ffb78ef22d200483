import about from './about/section.ts';
import countries from './countries/section.ts';
import cryosphere from './cryosphere/section.ts';
import eventsJobs from './events-jobs/section.ts';
import feedback from './feedback/section.ts';
import home from './home/section.ts';
import legal from './legal/section.ts';
import multimedia from './multimedia/section.ts';
import news from './news/section.ts';
import offline from './offline/section.ts';
import resources from './resources/section.ts';
import search from './search/section.ts';
import study from './study/section.ts';

/**
 * THE registry: every section of the site, one line each. The server's route table, the browser's lazy route map,
 * the bundled dictionaries and the route ids are all derived from this list (see README.md beside it).
 * Order does not matter for matching (react-router ranks static segments above dynamic ones).
 */
export const sections = [
  home,
  news,
  eventsJobs,
  multimedia,
  resources,
  study,
  countries,
  cryosphere,
  about,
  legal,
  search,
  feedback,
  offline,
] as const;

export type Section = (typeof sections)[number];
export type SectionName = Section['name'];
