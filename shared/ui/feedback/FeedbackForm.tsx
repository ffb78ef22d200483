import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FEEDBACK_FIELDS, FEEDBACK_PATH, type FeedbackField as Field, type FormErrorKey } from '../../feedback.ts';
import { feedbackOutcome, newIdempotencyKey } from './submission.ts';
import { LOCALE_INFO } from '../../locales.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../offline.ts';
import type { FeedbackType } from '../../schemas/feedback.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { reportError } from '../report.ts';
import { AppLink } from '../fast-paths/AppLink.tsx';

type Values = Record<Field, string>;
const EMPTY: Values = { name: '', email: '', feedback_type_id: '', message: '' };

/**
 * SPEC §4: idle → sending → success | failed; there is no way back to idle inside the form. `pending`: the device is
 * offline and the service worker keeps the submission, to send it when the device is online.
 */
export type FeedbackState = 'idle' | 'sending' | 'success' | 'pending' | 'failed';

/** The result's icon per final state. */
const RESULT_ICON = { success: '✓', pending: '↻', failed: '!' } as const;

type Validation = typeof import('./validation.ts');
let validation: Promise<Validation> | undefined;
/** The rules (zod) load with the form, not with the page: zod stays out of the first-load bundle. */
export const loadValidation = () =>
  (validation ??= import('./validation.ts').catch((err: unknown) => {
    // a failed load is tried again next time
    validation = undefined;
    throw err;
  }));

/**
 * Posts a submission as JSON with a new idempotency key (one per submission: the server, its outbox and the service
 * worker's re-sends deliver it once): how the answer reads, `failed` for one that is not ok.
 */
async function postFeedback(action: string, body: object): Promise<'success' | 'pending' | 'failed'> {
  const res = await fetch(action, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey(),
    },
    body: JSON.stringify(body),
  });
  // success, or pending: the service worker keeps it while the device is offline (202)
  return res.ok ? feedbackOutcome(await res.json()) : 'failed';
}

/** What a sent form shows in its place: taken, kept on the device to be sent later, or not taken. */
function FeedbackResult({ state }: { state: 'success' | 'pending' | 'failed' }) {
  const { t } = useI18n();
  return (
    <div className={`feedback-result feedback-result--${state}`} role="status" aria-live="polite">
      <span className="feedback-result__icon" aria-hidden="true">
        {RESULT_ICON[state]}
      </span>
      <h3 className="feedback-result__title">{t(`form.${state}.title`)}</h3>
      <p>{t(`form.${state}.text`)}</p>
    </div>
  );
}

/**
 * A required field: its label with the mark the form's legend explains (the control itself says it is required), its
 * control (`id`), a hint when it has one and its error when it has one (both the control's `aria-describedby`).
 */
function FormField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: FormErrorKey;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div className="form__field">
      <label htmlFor={id}>
        {label}
        {/* the mark of a required field: seen, not read out (the control is `required`, which a screen reader says) */}
        <span className="form__required" aria-hidden="true">
          {' *'}
        </span>
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="form__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form__error" role="alert">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/** Where the privacy policy is: a link in a new tab, so that what the visitor typed stays in the form. */
function PrivacyNote() {
  const { t } = useI18n();
  const [before = '', after = ''] = t('form.privacy').split('{link}');
  return (
    <p className="form__privacy">
      {before}
      <AppLink to="/content/privacy-policy" target="_blank" rel="noopener">
        {t('form.privacy.link')}
        <span className="visually-hidden"> {t('form.newTab')}</span>
      </AppLink>
      {after}
    </p>
  );
}

/**
 * The feedback form. Each field is validated when it loses focus or its value is committed (change), not on every
 * keystroke; a submit with invalid fields shows every error and sends nothing. Without JavaScript it is a plain
 * POST to the BFF, which answers with a redirect to the feedback page on success, and with the page itself (the form
 * refilled, the errors shown) on a failure.
 */
export interface FeedbackFormProps {
  /** the feedback topics, in their order (the layout data's: `position`) */
  types: FeedbackType[];
  initialState?: FeedbackState;
  /**
   * what the visitor typed before a failed plain (no-JavaScript) post: nothing typed is lost; or what a question
   * about an event or webinar starts with (its topic, its name)
   */
  initialValues?: Partial<Values>;
  /** the errors of that post, shown at once */
  initialErrors?: Partial<Record<Field, FormErrorKey>>;
}

export function FeedbackForm({ types, initialState = 'idle', initialValues, initialErrors }: FeedbackFormProps) {
  const { t, locale } = useI18n();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>({ ...EMPTY, ...initialValues });
  const [errors, setErrors] = useState<Partial<Record<Field, FormErrorKey>>>(initialErrors ?? {});
  const [state, setState] = useState<FeedbackState>(initialState);
  const action = `${LOCALE_INFO[locale].basename}${FEEDBACK_PATH}`;

  // the rules load when the visitor first focuses the form (a few ms on a warm connection); checks wait for them
  const validate = (field: Field, value: string) => {
    loadValidation().then(
      (rules) => setErrors((prev) => ({ ...prev, [field]: rules.fieldError(field, value) })),
      (err: unknown) => reportError('feedback validation failed to load', err),
    );
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'sending') return;
    let loaded: Validation;
    try {
      loaded = await loadValidation();
    } catch (err) {
      reportError('feedback validation failed to load', err);
      setState('failed');
      return;
    }
    const found: Partial<Record<Field, FormErrorKey>> = {};
    for (const f of FEEDBACK_FIELDS) found[f] = loaded.fieldError(f, values[f]);
    setErrors(found);
    const firstInvalid = FEEDBACK_FIELDS.find((f) => found[f]);
    if (firstInvalid) {
      form.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setState('sending');
    let outcome: 'success' | 'pending' | 'failed' = 'failed';
    try {
      outcome = await postFeedback(action, { ...values, feedback_type_id: Number(values.feedback_type_id), locale });
    } catch (err) {
      reportError('feedback post failed', err);
    }
    // the form is reset after every attempt
    setValues(EMPTY);
    setErrors({});
    setState(outcome);
  }

  if (state === 'success' || state === 'pending' || state === 'failed') return <FeedbackResult state={state} />;

  const fieldProps = (field: Field) => {
    const error = errors[field];
    return {
      id: `${id}-${field}`,
      name: field,
      value: values[field],
      required: true,
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby':
        [field === 'email' ? `${id}-${field}-hint` : '', error ? `${id}-${field}-error` : '']
          .filter(Boolean)
          .join(' ') || undefined,
      onChange: (e: { target: { value: string } }) => {
        const value = e.target.value;
        setValues((prev) => ({ ...prev, [field]: value }));
        // a select commits its value on change; text fields are checked when they lose focus
        if (field === 'feedback_type_id') validate(field, value);
      },
      onBlur: (e: { target: { value: string } }) => validate(field, e.target.value),
    };
  };

  return (
    <form
      ref={form}
      className="form"
      method="post"
      action={action}
      noValidate
      onSubmit={submit}
      onFocus={() => void loadValidation().catch(() => {})}
      aria-busy={state === 'sending'}
    >
      <input type="hidden" name="locale" value={locale} />
      <p className="form__legend">{t('form.requiredLegend')}</p>
      <FormField id={`${id}-name`} label={t('form.name')} error={errors.name}>
        <input type="text" autoComplete="name" {...fieldProps('name')} />
      </FormField>
      <FormField id={`${id}-email`} label={t('form.email')} hint={t('form.emailHint')} error={errors.email}>
        <input type="email" autoComplete="email" inputMode="email" {...fieldProps('email')} />
      </FormField>
      <FormField id={`${id}-feedback_type_id`} label={t('form.topic')} error={errors.feedback_type_id}>
        <select {...fieldProps('feedback_type_id')}>
          <option value="">{t('form.topicPlaceholder')}</option>
          {types.map((type) => (
            <option key={type.id} value={type.id}>
              {type.title}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={`${id}-message`} label={t('form.message')} error={errors.message}>
        <textarea rows={5} {...fieldProps('message')} />
      </FormField>
      <button type="submit" className="button form__submit" disabled={state === 'sending'}>
        {state === 'sending' ? <span className="spinner" role="status" aria-label={t('form.sending')} /> : null}
        {t('form.submit')}
      </button>
      <p className="form__note">{t('form.next')}</p>
      <PrivacyNote />
    </form>
  );
}
