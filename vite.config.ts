import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Builds the islands' client bundle with a manifest the server reads (src/platform/assets.ts).
export default defineConfig({
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
});
