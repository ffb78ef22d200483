import { DetailFact } from '../DetailPage.tsx';

/** A fact-list entry naming people (speakers, hosts); nothing when there are none. */
export function PeopleFact({ label, people }: { label: string; people: string[] }) {
  if (people.length === 0) return null;
  return (
    <DetailFact label={label}>
      <ul className="media-people">
        {people.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </DetailFact>
  );
}
