import type { ApiPort } from '../../api/api-port.ts';
import { parseAbout, type FeedbackAbout } from '../../feedback-about.ts';
import { eventAbout } from '../events-jobs/loaders.server.ts';
import { webinarAbout } from '../study/loaders.server.ts';

/**
 * The event or webinar `?about=` names, read from the content API in the request's locale: null for a parameter that
 * is not a kind and a slug, and for a slug the content API does not know (the form is then a plain one).
 */
export async function resolveAbout(api: ApiPort, param: string | null): Promise<FeedbackAbout | null> {
  const about = parseAbout(param);
  if (!about) return null;
  const { kind, slug } = about;
  if (kind === 'event') {
    const found = await api.find('eventItem', { params: { slug } });
    return found?.data.slug === slug ? eventAbout(found.data, api.locale) : null;
  }
  const found = await api.find('webinar', { params: { slug } });
  return found?.data.slug === slug ? webinarAbout(found.data, api.locale) : null;
}
