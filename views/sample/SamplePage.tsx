// /sample: an overview of the product's features, drawn with the shared UI pieces.
import { usePage } from '../page-context.tsx';
import { PageHeader } from '../components/PageHeader.tsx';

const FEATURES = ['simple', 'detail', 'priorart', 'creation', 'edit', 'history'] as const;

export function SamplePage() {
  const { t } = usePage();
  return (
    <div className="page">
      <PageHeader title={t('sample.title')} lead={t('sample.lead')} />
      <div className="card-grid">
        {FEATURES.map((feature) => (
          <article key={feature} className="card">
            <h2 className="card__title">{t(`sample.features.${feature}.title`)}</h2>
            <p className="card__body">{t(`sample.features.${feature}.body`)}</p>
          </article>
        ))}
      </div>
      <section className="panel">
        <h2 className="panel__title">{t('sample.ranks.title')}</h2>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('sample.ranks.rank')}</th>
              <th scope="col">{t('sample.ranks.meaning')}</th>
            </tr>
          </thead>
          <tbody>
            {(['A', 'B', 'C', 'D'] as const).map((rank) => (
              <tr key={rank}>
                <td>
                  <span className={`rank rank--${rank.toLowerCase()}`}>{rank}</span>
                </td>
                <td>{t(`sample.ranks.${rank}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
