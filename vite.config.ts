// Vite build of the PWA (client + service worker) and the Vitest projects (server, client).
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { initialJsReport } from './scripts/initial-js-report.ts';
import { LongWalksFirst } from './tests/sequencer.ts';
import { preloadScreen, screenChunkGroup } from './scripts/preload-screen.ts';

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@client': fileURLToPath(new URL('./src/client', import.meta.url)),
  '@server': fileURLToPath(new URL('./src/server', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  plugins: [
    react(),
    tailwindcss(),
    initialJsReport('src/client/app/login-page.tsx'),
    preloadScreen('src/client/app/login-page.tsx'),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Sistema de Maquinarias y Almacén',
        short_name: 'Maquinarias',
        description: 'Gestión de maquinaria pesada, mantenimiento y almacén de la oficina municipal',
        lang: 'es-PE',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f8fafc',
        theme_color: '#1e3a5f',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: { globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest}'], maximumFileSizeToCacheInBytes: 4_000_000 },
      devOptions: { enabled: false },
    }),
  ],
  // The export worker (src/client/lib/export-worker.ts) loads the PDF and Excel builders on demand.
  worker: { format: 'es' },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    reportCompressedSize: true,
    // The login page's modules beyond the entry travel as one chunk (scripts/preload-screen.ts).
    rolldownOptions: {
      output: { codeSplitting: { groups: [screenChunkGroup('login-kit', 'src/client/main.tsx', 'src/client/app/login-page.tsx')] } },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:5201' } },
  test: {
    // Two test files at a time (the project's machines have 2 cores); the e2e specs stay one at a time.
    maxWorkers: 2,
    sequence: { sequencer: LongWalksFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/shared/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files run side by side (maxWorkers below): each has its own database (a clone of the template) and
          // its own DATA_DIR (helpers.ts), and nothing listens on a fixed port.
          pool: 'forks',
          // Each of the two processes runs its files one after another without reloading the app's modules or
          // PGlite's compiled WebAssembly: a new process per file spent more on that than most files on their tests.
          // A file that mocks a module loads the app again under its mock (security/login-and-tokens.test.ts).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/client/setup.ts'],
          testTimeout: 45_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.spec.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          pool: 'forks',
        },
      },
    ],
  },
});
