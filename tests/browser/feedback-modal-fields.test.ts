/**
 * The footer's feedback modal (with JavaScript): the required fields marked from the start with the legend of the mark,
 * why the address is asked, the privacy policy linked, and the checks on blur as before.
 */
import { describe, expect, it } from 'vitest';
import { browserAvailable, tabPool } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();

describe.runIf(run)('the feedback modal’s fields (Chromium)', () => {
  const site = servedSite();
  const tabs = tabPool(() => site.browser);

  it('marks the required fields, says why it asks for the address and links the policy; checks on blur', async () => {
    const { page, context, watch } = await tabs.open(`${site.origin}/about`);
    await page.locator('.site-footer').getByRole('button', { name: 'Обратная связь' }).click();
    const dialog = page.locator('[role="dialog"][aria-modal="true"]');
    const form = dialog.locator('form');
    await form.waitFor();
    expect(await form.locator('.form__legend').textContent()).toBe(
      'Поля, отмеченные звёздочкой (*), обязательны для заполнения.',
    );
    const fields = await form.locator('input:not([type="hidden"]), select, textarea').evaluateAll((controls) =>
      controls.map((c) => ({
        name: c.getAttribute('name'),
        required: (c as HTMLInputElement).required,
        mark: c.closest('.form__field')?.querySelector('label .form__required[aria-hidden="true"]')?.textContent,
      })),
    );
    expect(fields).toEqual(
      ['name', 'email', 'feedback_type_id', 'message'].map((name) => ({ name, required: true, mark: ' *' })),
    );
    // the accessible name is the label without the mark
    const email = dialog.getByRole('textbox', { name: 'Электронная почта', exact: true });
    const described = () =>
      email.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' | '),
      );
    expect(await described()).toBe(
      'Адрес нужен только для ответа на ваше сообщение: для рассылок мы его не используем.',
    );
    const policy = form.getByRole('link', { name: 'политике конфиденциальности (откроется в новой вкладке)' });
    expect(await policy.getAttribute('href')).toBe('/content/privacy-policy');
    expect(await policy.getAttribute('target')).toBe('_blank');
    // the checks as before: on blur, the error under the field and in its description beside the hint
    await email.fill('not-an-address');
    await email.blur();
    await expect
      .poll(described)
      .toBe(
        'Адрес нужен только для ответа на ваше сообщение: для рассылок мы его не используем. | Введите корректный адрес электронной почты',
      );
    expect(watch.problems).toEqual([]);
    await context.close();
  });
});
