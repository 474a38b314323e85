import { usePage } from '../page-context.tsx';

export function Logo({ href = '/', width = 168 }: { href?: string; width?: number }) {
  const { t } = usePage();
  return (
    <a className="logo" href={href}>
      <img src="/logo.svg" alt={t('brand')} width={width} height={Math.round((width * 30) / 132)} />
    </a>
  );
}
