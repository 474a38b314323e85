// The one client entry: hydrates every [data-island] element on the page.
import { hydrateRoot } from 'react-dom/client';
import '../views/styles.css';
import { createBundleTranslate, IslandI18nProvider } from './i18n.tsx';
import { islandLoaders, type IslandName } from './registry.ts';
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

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = element.dataset.island as IslandName;
  const load = islandLoaders[name];
  if (!load) continue;
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

startPageProgress();
