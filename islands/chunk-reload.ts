// A script chunk that fails to load (usually a deploy replaced it) reloads the page,
// at most once a minute so a real outage does not loop (§4, §9).
const KEY = 'hatsumei:chunk-reload-at';
const MIN_INTERVAL_MS = 60_000;

export function reloadAfterChunkFailure(error: unknown): void {
  console.error(error);
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (Date.now() - last < MIN_INTERVAL_MS) return;
  sessionStorage.setItem(KEY, String(Date.now()));
  window.location.reload();
}

window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadAfterChunkFailure((event as Event & { payload?: unknown }).payload);
});
