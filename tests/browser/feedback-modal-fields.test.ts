/**
 * The footer's feedback modal (with JavaScript): the required fields marked from the start with the legend of the mark,
 * why the address is asked, the privacy policy linked, and each field checked when it is left or changed, not while
 * typing. How the dialog behaves, sends and fails: tests/browser/chrome.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { browserAvailable, tabPool } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();

describe.runIf(run)('the feedback modal’s fields (Chromium)', () => {
  const site = servedSite();
  const tabs = tabPool(() => site.browser);

  it('marks the required fields, says why it asks for the address, links the policy; validates a field when it is left or changed, not while typing', async () => {
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
    const hint = 'Адрес нужен только для ответа на ваше сообщение: для рассылок мы его не используем.';
    expect(await described()).toBe(hint);
    const policy = form.getByRole('link', { name: 'политике конфиденциальности (откроется в новой вкладке)' });
    expect(await policy.getAttribute('href')).toBe('/content/privacy-policy');
    expect(await policy.getAttribute('target')).toBe('_blank');

    // a field left empty is marked, its error in its description
    const name = dialog.getByRole('textbox', { name: 'Имя', exact: true });
    await name.focus();
    await name.blur();
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await name.getAttribute('aria-describedby');
    expect(await page.locator(`#${describedBy?.replace(/:/g, '\\:')}`).textContent()).toBe('Обязательное поле');
    // not while typing; on blur, the error under the field and in its description beside the hint
    await email.pressSequentially('not-an-email');
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    await email.blur();
    await expect.poll(described).toBe(`${hint} | Введите корректный адрес электронной почты`);
    // submitting with invalid fields sends nothing
    watch.clear();
    await dialog.locator('.form__submit').click();
    expect(await dialog.locator('.form__error').count()).toBe(4);
    expect(watch.requests.filter((r) => r.method() === 'POST')).toHaveLength(0);
    expect(watch.problems).toEqual([]);
    await context.close();
  });
});
