/** "—" for sighted readers, words for screen readers (an empty table cell or fact). */
export function NoValue({ text }: { text: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{text}</span>
    </>
  );
}
