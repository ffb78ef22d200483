import type { TagRef } from '../schemas/common.ts';

export function TagList({ tags }: { tags: TagRef[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tags">
      {tags.map((tag) => (
        <li key={tag.id} className="tag">
          {tag.title}
        </li>
      ))}
    </ul>
  );
}
