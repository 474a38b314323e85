import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Builds the islands' client bundle with a manifest the server reads (src/platform/assets.ts).
export default defineConfig(({ command }) => {
  if (command === 'build') {
    // The shipped bundle never depends on the caller's shell: a `NODE_ENV=development` left in
    // it would otherwise build React's development runtime (131 KB gzip of JS per page instead
    // of 71 KB) with this machine's file paths inside. `npm run dev` serves islands unbundled.
    process.env.NODE_ENV = 'production';
  }
  return {
    mode: command === 'build' ? 'production' : undefined,
    plugins: [react()],
    publicDir: false,
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      manifest: true,
      assetsDir: 'assets',
      sourcemap: false,
      rollupOptions: { input: 'islands/client.tsx' },
    },
  };
});
