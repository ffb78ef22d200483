export function EmptyState({ children }: { children: string }) {
  return <p className="empty">{children}</p>;
}
