import { defineConfig } from 'vite'
import memoryCustoms from 'unplugin-memory-customs/vite'
// The agent's plugin options: same root, include and targets as its esbuild and webpack builds, so the
// receipts in the page name the same `src/...:line` as the Node demo's.
import { memoryCustomsOptions } from '../agent/memory-customs.config.mjs'

export default defineConfig({
  root: import.meta.dirname,
  // Served from any path (the test serves dist/ from a throwaway static server).
  base: './',
  plugins: [memoryCustoms(memoryCustomsOptions)],
  build: { target: 'es2022', sourcemap: true, outDir: 'dist', emptyOutDir: true },
  server: { host: '127.0.0.1', fs: { allow: ['../..'] } },
})
