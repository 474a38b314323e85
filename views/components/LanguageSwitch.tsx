// Switches the interface language by writing the language cookie (/language), then
// comes back to the same page. Plain links: it works before any script has loaded.
import { LANGUAGES } from '../../src/platform/i18n.ts';
import { usePage } from '../page-context.tsx';

export function LanguageSwitch() {
  const { lang, t, url } = usePage();
  return (
    <nav className="language-switch" aria-label={t('language.label')}>
      {LANGUAGES.map((code) =>
        code === lang ? (
          <span key={code} className="language-switch__item is-current" aria-current="true" lang={code}>
            {t(`language.${code}`)}
          </span>
        ) : (
          <a key={code} className="language-switch__item" href={`/language?lng=${code}&next=${encodeURIComponent(url)}`} lang={code} hrefLang={code}>
            {t(`language.${code}`)}
          </a>
        ),
      )}
    </nav>
  );
}
