import { defineConfig } from 'vite';

// The page is static: `vite build` writes dist/, `vite preview` serves it on localhost.
export default defineConfig({
  base: './',
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
  worker: { format: 'es' },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
