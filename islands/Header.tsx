// The header of the default and admin layouts: a tab per enabled feature, the contact
// dialog button, the account button, the menu (GPT usage for managers, news, FAQ, logout), and a compact header
// that slides in once the page is scrolled past 236 px (§2, §9).
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest, loginPath, type Area } from './api.ts';
import { Dialog } from './Dialog.tsx';
import { useT } from './i18n.tsx';

export const COMPACT_HEADER_THRESHOLD_PX = 236;

export interface HeaderTab {
  key: string;
  href: string;
  active: boolean;
}

export interface HeaderProps {
  area: Area;
  homeHref: string;
  tabs: HeaderTab[];
  accountName: string | null;
  /** The account's profile image, if any; else the initial is shown. */
  accountImage?: string | null;
  accountHref: string;
  newsHref: string;
  /** Users: notices not opened yet, shown on the menu button and its news entry. */
  newsUnread?: number;
  faqUrl: string;
  /** Only managers see the GPT usage entry. */
  gptUsageHref: string | null;
  /** Pre-fill of the contact dialog: the signed-in account's name and email. */
  contactName?: string | null;
  contactEmail?: string | null;
}

// The contact dialog's code loads when it is first wanted (hover, focus or click), not with every page.
const loadContactDialog = () => import('./ContactDialog.tsx');
const ContactDialog = lazy(loadContactDialog);

function ContactButton({ compact, onOpen }: { compact: boolean; onOpen: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      className="header__contact"
      onClick={onOpen}
      onPointerEnter={() => void loadContactDialog()}
      onFocus={() => void loadContactDialog()}
      title={t('contact.open')}
      aria-label={t('contact.open')}
      aria-haspopup="dialog"
      data-testid="contact-button"
    >
      <svg className="header__contact-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M4 7l8 6 8-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {!compact && <span className="header__contact-label">{t('contact.open')}</span>}
    </button>
  );
}

function Tabs({ tabs, area }: { tabs: HeaderTab[]; area: Area }) {
  const t = useT();
  return (
    <nav className="header__tabs" aria-label={t('header.tabsLabel')}>
      {tabs.map((tab) => (
        <a key={tab.key} href={tab.href} className={`header__tab${tab.active ? ' is-active' : ''}`} aria-current={tab.active ? 'page' : undefined}>
          {t(`header.tabs.${area}.${tab.key}`)}
        </a>
      ))}
    </nav>
  );
}

function LogoutDialog({ area }: { area: Area }) {
  const t = useT();
  const [done, setDone] = useState(false);
  // §4: the dialog calls logout when it is shown; OK then leaves for the sign-in page.
  useEffect(() => {
    apiRequest(area, '/logout')
      .catch(() => undefined)
      .finally(() => setDone(true));
  }, [area]);
  return (
    <Dialog size="small" title={t('logout.title')} okLabel={t('dialogs.ok')} okDisabled={!done} onOk={() => window.location.assign(loginPath(area))} testId="logout-dialog">
      <p>{done ? t('logout.done') : t('logout.inProgress')}</p>
    </Dialog>
  );
}

function Menu(props: HeaderProps & { onLogout: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const unread = props.newsUnread ?? 0;
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className="menu" ref={root}>
      <button type="button" className="menu__button" aria-expanded={open} aria-haspopup="menu" aria-label={t('header.menu')} onClick={() => setOpen(!open)}>
        <span className="menu__bars" aria-hidden="true" />
        {unread > 0 && (
          <span className="menu__badge" data-testid="news-unread-badge" title={t('notice.unreadCount', { count: unread })}>
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <ul className="menu__list" role="menu">
          {props.gptUsageHref && (
            <li role="none">
              <a role="menuitem" href={props.gptUsageHref}>
                {t('header.gptUsage')}
              </a>
            </li>
          )}
          <li role="none">
            <a role="menuitem" href={props.newsHref}>
              {t('header.news')}
              {unread > 0 && (
                <span className="menu__count" data-testid="news-unread-count" aria-label={t('notice.unreadCount', { count: unread })}>
                  {unread}
                </span>
              )}
            </a>
          </li>
          <li role="none">
            <a role="menuitem" href={props.faqUrl} target="_blank" rel="noopener noreferrer">
              {t('header.faq')} <span aria-hidden="true">↗</span>
            </a>
          </li>
          {props.accountName !== null && (
            <li role="none">
              <button
                role="menuitem"
                type="button"
                onClick={() => {
                  setOpen(false);
                  props.onLogout();
                }}
              >
                {t('header.logout')}
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

function Bar(props: HeaderProps & { compact: boolean; onLogout: () => void; onContact: () => void }) {
  const t = useT();
  return (
    <div className="header__inner">
      <a className="header__logo" href={props.homeHref}>
        <img src="/logo.svg" alt={t('brand')} width={props.compact ? 104 : 132} height={props.compact ? 24 : 30} />
        {props.area === 'manage' && <span className="header__area">{t('header.manageArea')}</span>}
      </a>
      <Tabs tabs={props.tabs} area={props.area} />
      <div className="header__actions">
        {props.accountName !== null && <ContactButton compact={props.compact} onOpen={props.onContact} />}
        {props.accountName !== null && (
          <a className="header__account" href={props.accountHref} title={t('header.account')}>
            {props.accountImage ? (
              <img className="header__avatar header__avatar--image" src={props.accountImage} alt="" width={30} height={30} />
            ) : (
              <span className="header__avatar" aria-hidden="true">
                {props.accountName.slice(0, 1)}
              </span>
            )}
            {!props.compact && <span className="header__account-name">{props.accountName}</span>}
          </a>
        )}
        <Menu {...props} />
      </div>
    </div>
  );
}

export default function Header(props: HeaderProps) {
  const [compact, setCompact] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  useEffect(() => {
    const onScroll = () => setCompact(window.scrollY > COMPACT_HEADER_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  const startLogout = () => setLoggingOut(true);
  // Once opened, the contact dialog stays mounted so closing it keeps what was typed.
  const [contactMounted, setContactMounted] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const openContact = () => {
    setContactMounted(true);
    setContactOpen(true);
  };
  const closeContact = useCallback(() => setContactOpen(false), []);
  return (
    <>
      <header className="header">
        <Bar {...props} compact={false} onLogout={startLogout} onContact={openContact} />
      </header>
      <div className={`header header--compact${compact ? ' is-visible' : ''}`} aria-hidden={!compact} data-testid="compact-header">
        {compact && <Bar {...props} compact onLogout={startLogout} onContact={openContact} />}
      </div>
      {loggingOut && <LogoutDialog area={props.area} />}
      {contactMounted && (
        <Suspense fallback={null}>
          <ContactDialog
            area={props.area}
            defaultName={props.contactName ?? ''}
            defaultEmail={props.contactEmail ?? ''}
            open={contactOpen}
            onClose={closeContact}
          />
        </Suspense>
      )}
    </>
  );
}
