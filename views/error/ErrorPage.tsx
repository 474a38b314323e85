// §2: 404 "not found" for unknown routes, otherwise the status (default 500) and message, with a home link.
import { Logo } from '../components/Logo.tsx';
import { usePage } from '../page-context.tsx';

export function ErrorPage({ status, message, homeHref }: { status: number; message: string; homeHref: string }) {
  const { t } = usePage();
  const notFound = status === 404;
  return (
    <div className="error-page">
      <Logo href={homeHref} />
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <h1 className="error-page__title">{notFound ? t('errorPage.notFoundTitle') : t('errorPage.title')}</h1>
      <p className="error-page__message">{notFound ? t('errorPage.notFoundMessage') : message}</p>
      <a className="button button--primary" href={homeHref}>
        {t('errorPage.home')}
      </a>
    </div>
  );
}
