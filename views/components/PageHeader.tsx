/** The title and lead line every page of the default layout opens with. */
export function PageHeader({ title, lead }: { title: string; lead: string }) {
  return (
    <header className="page__header">
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">{lead}</p>
    </header>
  );
}
