// Server side of an island: render the component now, and mark its element so the
// client entry hydrates it with the same props.
import type { ComponentType } from 'react';
import { IslandI18nProvider } from '../islands/i18n.tsx';
import type { IslandName, IslandProps } from '../islands/registry.ts';
import { ISLAND_STRINGS } from '../islands/strings.ts';
import { scriptJson } from '../src/platform/script-json.ts';
import { usePage } from './page-context.tsx';

const loadedIslands = new Map<string, ComponentType<never>>();

/** Islands, and the parts they load apart (islands/lazy-part.tsx), are imported once at start so rendering stays synchronous. */
export async function preloadIslands(): Promise<void> {
  const { islandLoaders } = await import('../islands/registry.ts');
  for (const [name, load] of Object.entries(islandLoaders)) loadedIslands.set(name, (await load()).default as ComponentType<never>);
  const { preloadParts } = await import('../islands/lazy-part.tsx');
  await preloadParts();
}

/**
 * `propsInScript`: the props go in a <script type="application/json"> just before the island
 * instead of its data-props attribute, whose HTML escaping of every quote (&quot;) made the claim
 * chart's props ~45% larger (251 KB escaped vs 175 KB of JSON, 30 × 4 chart, bench/priorart-pages).
 */
export function Island<N extends IslandName>({ name, props, propsInScript = false }: { name: N; props: IslandProps<N>; propsInScript?: boolean }) {
  const page = usePage();
  const Component = loadedIslands.get(name) as ComponentType<IslandProps<N>> | undefined;
  if (!Component) throw new Error(`Island ${name} is not loaded`);
  page.islandsUsed.add(name);
  // Only the island's own namespaces, as in the browser: a key outside them shows on the server too.
  const t = (key: string, values?: Record<string, string | number>) => page.t(key, { ns: [...ISLAND_STRINGS[name]], ...values });
  const island = (
    <IslandI18nProvider value={t}>
      <Component {...(props as IslandProps<N> & object)} />
    </IslandI18nProvider>
  );
  if (!propsInScript) {
    return (
      <div data-island={name} data-props={JSON.stringify(props)}>
        {island}
      </div>
    );
  }
  return (
    <>
      <script type="application/json" data-island-props={name} dangerouslySetInnerHTML={{ __html: scriptJson(props) }} />
      <div data-island={name} data-props-script="">
        {island}
      </div>
    </>
  );
}
