// The one client entry: hydrates every [data-island] element on the page.
import { hydrateRoot } from 'react-dom/client';
import '../views/styles.css';
import { createBundleTranslate, IslandI18nProvider } from './i18n.tsx';
import { islandLoaders, ON_VIEW_ISLANDS, type IslandName } from './registry.ts';
import { reloadAfterChunkFailure } from './chunk-reload.ts';
import { startPageProgress } from './page-progress.ts';

function readI18nBundle(): Record<string, unknown> {
  const element = document.getElementById('island-i18n');
  try {
    return element?.textContent ? JSON.parse(element.textContent) : {};
  } catch {
    return {};
  }
}

const translate = createBundleTranslate(readI18nBundle(), document.documentElement.lang || 'ja');

function hydrate(element: HTMLElement) {
  const load = islandLoaders[element.dataset.island as IslandName];
  // Large props come in the <script type="application/json"> just before the island (views/Island.tsx).
  const script = element.dataset.propsScript !== undefined ? element.previousElementSibling : null;
  const props = JSON.parse((script ? script.textContent : element.dataset.props) || '{}');
  load()
    .then(({ default: Island }) => {
      const Component = Island as React.ComponentType<Record<string, unknown>>;
      hydrateRoot(
        element,
        <IslandI18nProvider value={translate}>
          <Component {...props} />
        </IslandI18nProvider>,
      );
      element.dataset.hydrated = 'true';
    })
    .catch(reloadAfterChunkFailure);
}

// Islands of ON_VIEW_ISLANDS wait until they are within 200 px of the viewport (a section
// scrolled to, a tab opened); their server rendering shows meanwhile.
const nearView =
  typeof IntersectionObserver === 'undefined'
    ? null
    : new IntersectionObserver(
        (entries, observer) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            observer.unobserve(entry.target);
            hydrate(entry.target as HTMLElement);
          }
        },
        { rootMargin: '200px 0px' },
      );

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = element.dataset.island as IslandName;
  if (!islandLoaders[name]) continue;
  if (nearView && ON_VIEW_ISLANDS.has(name)) nearView.observe(element);
  else hydrate(element);
}

startPageProgress();
