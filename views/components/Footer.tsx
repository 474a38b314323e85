import { usePage } from '../page-context.tsx';

export function Footer() {
  const { t, links } = usePage();
  const items = [
    { href: links.privacyPolicy, label: t('footer.privacyPolicy') },
    { href: links.termsOfUse, label: t('footer.termsOfUse') },
    { href: links.contact, label: t('footer.contact') },
    { href: links.operatingCompany, label: t('footer.operatingCompany') },
  ];
  return (
    <footer className="footer">
      <ul className="footer__links">
        {items.map((item) => (
          <li key={item.href}>
            <a href={item.href} target="_blank" rel="noopener noreferrer">
              {item.label}
            </a>
          </li>
        ))}
      </ul>
      <p className="footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
