// The app's routes as its router holds them, for tests that must cover every one (never a hand-picked list).
import type { Express } from 'express';

export interface AppRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every route of the app, nested routers included (feature routers use full paths). */
export function appRoutes(app: Express): AppRoute[] {
  const routes: AppRoute[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) routes.push({ method: method as AppRoute['method'], path: layer.route.path });
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return routes;
}
