// The thin bar at the top while the next page loads (§9: throttle 200 ms, duration 5 s).
const THROTTLE_MS = 200;
const DURATION_MS = 5000;

export function startPageProgress(): void {
  const bar = document.getElementById('page-progress');
  if (!bar) return;
  let timer: number | undefined;

  const show = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => {
      bar.style.transition = 'none';
      bar.style.width = '0';
      bar.classList.add('is-active');
      void bar.offsetWidth; // restart the transition
      bar.style.transition = `width ${DURATION_MS}ms cubic-bezier(0.1, 0.7, 0.3, 1)`;
      bar.style.width = '90%';
    }, THROTTLE_MS);
  };
  const hide = () => {
    window.clearTimeout(timer);
    bar.classList.remove('is-active');
    bar.style.width = '0';
  };

  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link || link.target || link.hasAttribute('download') || link.origin !== window.location.origin) return;
    if (link.pathname === window.location.pathname && link.search === window.location.search && link.hash) return;
    show();
  });
  document.addEventListener('submit', (event) => {
    if (!event.defaultPrevented) show();
  });
  window.addEventListener('pageshow', hide);
  window.addEventListener('hatsumei:navigation-start', show);
}
