import type { teamLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import type { TeamMember } from '../../schemas/resources.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';

function TeamCard({ member }: { member: TeamMember }) {
  return (
    <li className="team-card">
      {member.photo ? (
        <img
          className="team-card__photo"
          src={member.photo.url}
          alt={member.photo.alt}
          width={member.photo.width}
          height={member.photo.height}
          loading="lazy"
        />
      ) : (
        <span className="team-card__photo team-card__photo--empty" aria-hidden="true">
          {member.name.charAt(0)}
        </span>
      )}
      <div className="team-card__body">
        <h2 className="team-card__name">{member.name}</h2>
        <p className="team-card__role">{member.role}</p>
        {member.organization ? <p className="team-card__org">{member.organization}</p> : null}
        {member.bio ? <p className="team-card__bio">{member.bio}</p> : null}
      </div>
    </li>
  );
}

export function TeamPage() {
  const { members } = useLoaderData<typeof teamLoader>();
  const { t } = useI18n();
  return (
    <div className="container page team">
      <Seo title={t('team.title')} description={t('team.description')} />
      <PageHeader
        title={t('team.title')}
        crumbs={[{ title: t('about.crumb'), to: '/about' }, { title: t('team.title') }]}
        lead={t('team.lead')}
      />
      {members.length === 0 ? (
        <EmptyState>{t('team.empty')}</EmptyState>
      ) : (
        <ul className="team__list">
          {members.map((member) => (
            <TeamCard key={member.id} member={member} />
          ))}
        </ul>
      )}
    </div>
  );
}
