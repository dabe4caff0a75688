import { defineConfig } from 'vite';

// The page is static: `vite build` writes dist/, `vite preview` serves it on localhost. Two
// pages: index.html (国际军棋 and 陸戰棋) and siguo.html (四國軍棋).
export default defineConfig({
  base: './',
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: { input: { index: 'index.html', siguo: 'siguo.html' } },
  },
  worker: { format: 'es' },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
