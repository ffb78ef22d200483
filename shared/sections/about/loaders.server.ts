import type { LoaderFunctionArgs } from 'react-router';
import { apiContext } from '../../router/context.ts';
import { byPosition } from '../../schemas/common.ts';

/** About the project: title, image, body and the notice about sample content. */
export async function aboutLoader({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const about = await api.get('aboutProject');
  return { about: about.data };
}

/** The team, in the editors' order (`position`). */
export async function teamLoader({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const team = await api.get('team');
  return { members: byPosition(team.data) };
}

export const loaders = {
  about: aboutLoader,
  'about-team': teamLoader,
};
