/** «Спросить об участии» on an event page: the feedback modal started about the event, as the feedback page is. */
import { describe, expect, it } from 'vitest';
import { browserAvailable, openPage } from '../helpers/browser.ts';
import { pinnedClock } from '../helpers/clock.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();
// the event is upcoming at the pinned time, so its page offers «Спросить об участии» (it has no registration form)
const slug = 'winter-school-remote-sensing-snow-ice-2027';

describe.runIf(run)('asking about an event (Chromium)', () => {
  const site = servedSite({ clock: pinnedClock });

  it('opens the modal with the topic chosen and the message begun with the event, as the page without JavaScript', async () => {
    const { page, context, watch } = await openPage(site.browser, `${site.origin}/news/events/${slug}`);
    const ask = page.getByRole('button', { name: 'Спросить об участии' });
    expect(await ask.getAttribute('href')).toBe(`/feedback?about=event:${slug}`);
    await ask.click();
    const dialog = page.locator('[role="dialog"][aria-modal="true"]');
    await dialog.waitFor();
    expect(page.url()).toBe(`${site.origin}/news/events/${slug}`);
    const inModal = {
      topic: await dialog.getByLabel('Тема').inputValue(),
      message: await dialog.getByLabel('Сообщение').inputValue(),
    };
    expect(inModal).toEqual({
      topic: '1',
      message:
        'Вопрос о мероприятии «Зимняя школа «Дистанционное зондирование снега и льда»» (25–29\u00a0января 2027\u00a0г.):\n',
    });
    expect(await dialog.locator('.form__note').textContent()).toBe(
      'Мы ответим на адрес электронной почты, который вы укажете.',
    );
    // the link's own page (where it leads without JavaScript) starts the form the same way
    await page.keyboard.press('Escape');
    await page.goto(`${site.origin}/feedback?about=event:${slug}`);
    const form = page.locator('main form');
    expect({
      topic: await form.getByLabel('Тема').inputValue(),
      message: await form.getByLabel('Сообщение').inputValue(),
    }).toEqual(inModal);
    expect(watch.problems).toEqual([]);
    await context.close();
  });
});
