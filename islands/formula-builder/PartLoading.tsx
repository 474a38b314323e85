// What a part of the formula forms loaded apart (islands/lazy-part.tsx) shows for the moment its chunk takes.
import { useT } from '../i18n.tsx';

export function PartLoading() {
  const t = useT();
  return (
    <p className="fb-hint" role="status" data-testid="part-loading">
      {t('formulaBuilder.loading')}
    </p>
  );
}
