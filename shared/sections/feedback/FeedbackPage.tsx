import type { feedbackLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import { aboutValues } from '../../feedback-about.ts';
import { FeedbackForm } from '../../ui/feedback/FeedbackForm.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n, useRootData } from '../../i18n/use-i18n.ts';

/** The feedback form as a page: where the footer button leads without JavaScript, and where a plain post returns. */
export function FeedbackPage() {
  const { status, values, errors, about } = useLoaderData<typeof feedbackLoader>();
  const { t } = useI18n();
  const types = useRootData()?.feedbackTypes ?? [];
  return (
    <div className="container page page--narrow">
      <Seo title={t('form.title')} />
      <PageHeader title={t('form.title')} crumbs={[{ title: t('form.title') }]} />
      {status === 'invalid' ? (
        <div className="notice notice--warning" role="alert">
          <strong>{t('form.invalid.title')}</strong> {t('form.invalid.text')}
        </div>
      ) : null}
      {status === 'failed' ? (
        <div className="notice notice--warning" role="alert">
          <strong>{t('form.failed.title')}</strong> {t('form.failed.text')}
        </div>
      ) : null}
      {status === 'success' ? (
        <FeedbackForm key={status} types={types} initialState={status} />
      ) : (
        // after a failed plain post the form comes back with what the visitor typed, and what to correct; a question
        // about an event or webinar starts with its topic and the item's name
        <FeedbackForm types={types} initialValues={about ? aboutValues(about, t) : values} initialErrors={errors} />
      )}
    </div>
  );
}
