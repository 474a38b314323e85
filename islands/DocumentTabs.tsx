// The tab bar of the document details page. The sections themselves are server-rendered
// outside the island (anchor-addressable, all visible without JavaScript); once hydrated,
// this shows one section at a time, follows the address's #hash, and carries the open tab
// along the previous/next links so paging through results keeps the reader on the same tab.
import { useCallback, useEffect, useState } from 'react';
import { useT } from './i18n.tsx';

export interface DocumentTab {
  id: string;
  label: string;
  count?: number;
}

export interface DocumentTabsProps {
  tabs: DocumentTab[];
  /** Selector of the element holding the sections (each `section[data-tab=id]`). */
  container: string;
}

export default function DocumentTabs({ tabs, container }: DocumentTabsProps) {
  const t = useT();
  const [active, setActive] = useState(tabs[0]?.id ?? '');
  // Before hydration (and without JavaScript) the tabs are plain in-page links, all reachable by Tab.
  const [ready, setReady] = useState(false);

  const apply = useCallback(
    (id: string) => {
      const root = document.querySelector<HTMLElement>(container);
      if (!root) return;
      root.classList.add('docdetail--tabbed');
      for (const section of root.querySelectorAll<HTMLElement>('[data-tab]')) section.hidden = section.dataset.tab !== id;
      for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-keep-tab]')) {
        const url = new URL(link.href, location.href);
        url.hash = id === tabs[0]?.id ? '' : id;
        link.href = url.pathname + url.search + url.hash;
      }
    },
    [container, tabs],
  );

  // A tab's own id, or a place inside one (#p0012, #claim-3: where a claim chart's evidence points): its tab.
  const fromHash = useCallback(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (tabs.some((tab) => tab.id === id)) return id;
    const section = id ? document.getElementById(id)?.closest<HTMLElement>('[data-tab]') : null;
    return section && tabs.some((tab) => tab.id === section.dataset.tab) ? section.dataset.tab : undefined;
  }, [tabs]);
  const showPlace = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    const place = id && !tabs.some((tab) => tab.id === id) ? document.getElementById(id) : null;
    place?.scrollIntoView({ block: 'center' });
  };

  useEffect(() => {
    setReady(true);
    const initial = fromHash() ?? tabs[0]?.id;
    if (initial) {
      setActive(initial);
      apply(initial);
      showPlace();
    }
    const onHash = () => {
      const id = fromHash();
      if (id) {
        setActive(id);
        apply(id);
        showPlace();
      }
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [apply, fromHash, tabs]);

  const select = (id: string) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setActive(id);
    apply(id);
    history.replaceState(history.state, '', id === tabs[0]?.id ? location.pathname + location.search : `#${id}`);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = tabs.findIndex((tab) => tab.id === active);
    const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    if (!next) return;
    event.preventDefault();
    setActive(next.id);
    apply(next.id);
    history.replaceState(history.state, '', next.id === tabs[0]?.id ? location.pathname + location.search : `#${next.id}`);
    document.getElementById(`doctab-${next.id}`)?.focus();
  };

  return (
    <nav className="doctabs" aria-label={t('document.tabsLabel')}>
      <div className="doctabs__list" role="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <a
            key={tab.id}
            id={`doctab-${tab.id}`}
            href={`#${tab.id}`}
            role="tab"
            aria-selected={tab.id === active}
            aria-controls={tab.id}
            tabIndex={ready && tab.id !== active ? -1 : undefined}
            className={`doctabs__tab${tab.id === active ? ' is-active' : ''}`}
            onClick={select(tab.id)}
          >
            {tab.label}
            {tab.count !== undefined && <span className="doctabs__count">{tab.count}</span>}
          </a>
        ))}
      </div>
    </nav>
  );
}
