/**
 * The feedback form as the server renders it (the page without JavaScript; the modal renders the same component,
 * tests/browser/feedback-modal-fields.test.ts opens it): the required fields marked from the start with a legend of the
 * mark, why it asks for an e-mail address, where the answer goes, and a link to the privacy policy.
 */
import { describe, expect, it } from 'vitest';
import { en, ru } from '../../../shared/i18n/messages.ts';
import { startTestApp } from '../../helpers/app.ts';
import { esc, LOCALES, mainOf, prefix } from '../../helpers/html.ts';

const { app } = await startTestApp();
const MESSAGES = { ru, en } as const;

const formOf = (html: string) => /<form class="form"[\s\S]*?<\/form>/.exec(mainOf(html))?.[0] ?? '';
/** The control of each field (input, select or textarea) by its name. */
const controlOf = (form: string, name: string) =>
  new RegExp(`<(input|select|textarea)[^>]*name="${name}"[^>]*>`).exec(form)?.[0] ?? '';
const FIELDS = ['name', 'email', 'feedback_type_id', 'message'] as const;

describe('the feedback form', () => {
  it('says in natural words what the mark means, why the address is asked, and where the policy is', () => {
    expect(ru['form.requiredLegend']).toBe('Поля, отмеченные звёздочкой (*), обязательны для заполнения.');
    expect(en['form.requiredLegend']).toBe('Fields marked with an asterisk (*) are required.');
    expect(ru['form.emailHint']).toBe(
      'Адрес нужен только для ответа на ваше сообщение: для рассылок мы его не используем.',
    );
    expect(en['form.emailHint']).toBe('We use it only to reply to your message, never for newsletters.');
    expect(ru['form.next']).toBe('Мы ответим на адрес электронной почты, который вы укажете.');
    expect(en['form.next']).toBe('We will reply to the e-mail address you give.');
  });

  for (const locale of LOCALES) {
    const m = MESSAGES[locale];

    it(`${prefix(locale) || '/'}feedback marks every field required from the start, the legend before them, says why it asks for the address and where the answer goes, and links the privacy policy`, async () => {
      const html = (await app.inject({ url: `${prefix(locale)}/feedback` })).body;
      const form = formOf(html);
      const legend = form.indexOf(`<p class="form__legend">${esc(m['form.requiredLegend'])}</p>`);
      expect(legend).toBeGreaterThan(0);
      for (const [field, label] of [
        ['name', m['form.name']],
        ['email', m['form.email']],
        ['feedback_type_id', m['form.topic']],
        ['message', m['form.message']],
      ] as const) {
        // the mark is seen, not read out: the control's own `required` says it
        const marked = `>${esc(label)}<span class="form__required" aria-hidden="true"> *</span></label>`;
        expect(form.indexOf(marked), field).toBeGreaterThan(legend);
        expect(controlOf(form, field), field).toContain(' required=""');
      }
      // the checks stay the form's own (on blur and change, and the server's without JavaScript)
      expect(form).toMatch(/^<form class="form" noValidate=""/);
      // why it asks for the address, beside the field
      const hint = new RegExp(`<p id="([^"]+)" class="form__hint">${esc(m['form.emailHint'])}</p>`).exec(form);
      expect(hint).not.toBeNull();
      expect(controlOf(form, 'email')).toContain(`aria-describedby="${hint![1]}"`);
      expect(controlOf(form, 'name')).not.toContain('aria-describedby');
      // where the answer goes
      expect(mainOf(html)).toContain(`<p class="form__note">${esc(m['form.next'])}</p>`);
      // the privacy policy of its locale, in a new tab
      const [before, after] = m['form.privacy'].split('{link}');
      const policy = `${prefix(locale)}/content/privacy-policy`;
      expect(form).toContain(
        `<p class="form__privacy">${esc(before!)}<a rel="noopener" href="${policy}" target="_blank" data-discover="true">` +
          `${esc(m['form.privacy.link'])}<span class="visually-hidden"> <!-- -->${esc(m['form.newTab'])}</span></a>${esc(after!)}</p>`,
      );
      expect((await app.inject({ url: policy })).statusCode).toBe(200);
    });
  }

  it('describes the address by its hint and its error after a plain post with a wrong one', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/en/feedback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Aigerim',
        email: 'not-an-address',
        feedback_type_id: '1',
        message: 'Hi',
        locale: 'en',
      }).toString(),
    });
    expect(res.statusCode).toBe(400);
    const form = formOf(res.body);
    const email = controlOf(form, 'email');
    const [, hintId, errorId] = /aria-describedby="(\S+-hint) (\S+-error)"/.exec(email) ?? [];
    expect(form).toContain(`<p id="${hintId}" class="form__hint">`);
    expect(form).toContain(`<p id="${errorId}" class="form__error" role="alert">`);
    for (const field of FIELDS) expect(controlOf(form, field), field).toContain(' required=""');
  });
});
