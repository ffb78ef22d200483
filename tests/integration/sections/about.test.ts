/** shared/sections/about: the about and team pages. */
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../helpers/app.ts';
import { content } from '../../helpers/content.ts';
import { esc, LOCALES, mainOf, prefix } from '../../helpers/html.ts';

const { get, mainAt } = await startTestApp();

describe('about pages', () => {
  it.each(LOCALES)('renders the about page from its content (%s)', async (locale) => {
    const res = await get(`${prefix(locale)}/about`);
    expect(res.statusCode).toBe(200);
    const main = mainOf(res.body);
    expect(res.body).toContain(`<title>${esc(content.about.title[locale])} — `);
    expect(main).toContain(`<h1>${esc(content.about.title[locale])}</h1>`);
    expect(main).toContain('class="notice"');
    expect(main).toContain(esc(content.about.sample_notice[locale]));
    expect(main).toContain('class="rich-text"');
    expect(main).toContain(`href="${prefix(locale)}/about/team"`);
  });

  it.each(LOCALES)('shows a card for each team member, in position order (%s)', async (locale) => {
    const main = await mainAt(`${prefix(locale)}/about/team`);
    const team = [...content.team].sort((a, b) => a.position - b.position);
    const positions = team.map((m) => main.indexOf(`>${esc(m.name[locale])}</h2>`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const member of team) {
      expect(main).toContain(esc(member.role[locale]));
      expect(main).toContain(esc(member.organization[locale]));
      expect(main).toContain(esc(member.bio[locale]));
    }
    expect(main.match(/class="team-card__photo"/g)).toHaveLength(team.length);
    expect(main).toContain(`href="${prefix(locale)}/about"`);
  });
});
