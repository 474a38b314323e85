// Which script and style files a page links. Production: Vite's manifest from
// `npm run build`. Development: Vite's dev server (hot reload) in middleware mode.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import { islandSourcePath, ON_VIEW_ISLANDS, type IslandName } from '../../islands/registry.ts';
import { projectRoot } from './config.ts';

export const CLIENT_ENTRY = 'islands/client.tsx';
export const clientBuildDir = path.join(projectRoot, 'dist', 'client');

export interface PageAssetLinks {
  /** Raw HTML for <head>: styles, preloads and (in development) Vite's client. */
  head: string;
  entryScript: string;
}

export interface AssetResolver {
  linksFor(islands: Iterable<string>): PageAssetLinks;
  /** Inline scripts need a CSP allowance only in development (Vite's refresh preamble). */
  needsInlineScripts: boolean;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

export class MissingBuildError extends Error {}

export function manifestAssets(): AssetResolver {
  const manifestFile = path.join(clientBuildDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new MissingBuildError(`Client assets are not built (${manifestFile} is missing). Run \`npm run build\` first.`);
  }
  const manifest: Record<string, ManifestChunk> = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new MissingBuildError(`The Vite manifest has no entry for ${CLIENT_ENTRY}. Run \`npm run build\`.`);

  // Static imports of a chunk, transitively: what the browser will fetch anyway.
  const staticClosure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const child of manifest[key]?.imports ?? []) staticClosure(child, seen);
    return seen;
  };
  const entryClosure = staticClosure(CLIENT_ENTRY);
  const css = new Set<string>();
  for (const key of entryClosure) for (const file of manifest[key]?.css ?? []) css.add(file);
  const styleLinks = [...css].map((file) => `<link rel="stylesheet" href="/${file}">`).join('');
  const cache = new Map<string, PageAssetLinks>();

  return {
    needsInlineScripts: false,
    linksFor(islands) {
      const names = [...new Set(islands)].sort();
      const cacheKey = names.join(',');
      const cached = cache.get(cacheKey);
      if (cached) return cached;
      const preload = new Set<string>();
      for (const key of entryClosure) if (key !== CLIENT_ENTRY) preload.add(manifest[key]!.file);
      const islandCss = new Set<string>();
      for (const name of names) {
        // An island hydrated on view: its styles now (its server rendering shows), its scripts when the browser reaches it.
        const onView = ON_VIEW_ISLANDS.has(name as IslandName);
        for (const key of staticClosure(islandSourcePath(name as IslandName))) {
          const chunk = manifest[key];
          if (!chunk) continue;
          if (!onView) preload.add(chunk.file);
          for (const file of chunk.css ?? []) if (!css.has(file)) islandCss.add(file);
        }
      }
      const links: PageAssetLinks = {
        head:
          styleLinks +
          [...islandCss].map((file) => `<link rel="stylesheet" href="/${file}">`).join('') +
          [...preload].map((file) => `<link rel="modulepreload" href="/${file}">`).join(''),
        entryScript: `/${entry.file}`,
      };
      cache.set(cacheKey, links);
      return links;
    },
  };
}

export async function devServerAssets(vite: ViteDevServer): Promise<AssetResolver> {
  // Let Vite write its own head (client + React refresh preamble) into an empty page.
  const html = await vite.transformIndexHtml('/', '<!doctype html><html><head></head><body></body></html>');
  const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
  return {
    needsInlineScripts: true,
    linksFor: () => ({ head, entryScript: `/${CLIENT_ENTRY}` }),
  };
}
