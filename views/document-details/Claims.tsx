// The claims tab of /document-details: each claim with its number, independent or dependent, the claims it refers
// to as links, and the search's words marked.
import type { Claim } from '../../src/document-details/service.ts';
import type { Highlighter } from '../../src/search/highlight.ts';
import { usePage } from '../page-context.tsx';
import { Marked, NS } from './format.tsx';

export function Claims({ claims, highlight }: { claims: Claim[]; highlight?: Highlighter | null }) {
  const { t, lang } = usePage();
  if (claims.length === 0) return <p className="docsection__empty">{t('noClaims', NS)}</p>;
  const independent = claims.filter((claim) => claim.refersTo.length === 0).length;
  return (
    <>
      <p className="docsection__meta">{t('claimCount', { ...NS, count: claims.length, independent })}</p>
      <ol className="docclaims">
        {claims.map((claim) => {
          const dependent = claim.refersTo.length > 0;
          return (
            <li
              key={claim.number}
              id={`claim-${claim.number}`}
              className={`docclaim ${dependent ? 'docclaim--dependent' : 'docclaim--independent'}`}
              data-claim={claim.number}
              data-dependent={dependent ? 'true' : 'false'}
            >
              <div className="docclaim__head">
                <span className="docclaim__number">{t('claimLabel', { ...NS, number: claim.number })}</span>
                <span className={`docclaim__badge ${dependent ? 'docclaim__badge--dependent' : 'docclaim__badge--independent'}`}>
                  {dependent ? t('dependent', NS) : t('independent', NS)}
                </span>
                {dependent && (
                  <span className="docclaim__refers">
                    {t('refersTo', { ...NS, count: claim.refersTo.length, numbers: new Intl.ListFormat(lang === 'ja' ? 'ja' : 'en', { type: 'conjunction' }).format(claim.refersTo.map(String)) })}
                    {' '}
                    {claim.refersTo.slice(0, 3).map((n) => (
                      <a key={n} href={`#claim-${n}`} className="docclaim__ref">
                        #{n}
                      </a>
                    ))}
                  </span>
                )}
              </div>
              <p className="docclaim__text">
                <Marked text={claim.text} highlight={highlight} />
              </p>
            </li>
          );
        })}
      </ol>
    </>
  );
}
