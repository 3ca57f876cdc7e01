// Builds the inspector UI (src/inspector/ui, Preact) into dist/inspector/inspector.js + inspector.css: one script
// and one stylesheet that the dev page serves and the static report inlines. Preact is bundled (a devDependency),
// nothing is fetched at run time. Run by `npm run build` after tsdown (whose clean empties dist/ first).
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/**
 * The script exports nothing (it boots from its mount element), but the package exports it: a declaration that says
 * so keeps type checkers and `attw` from reporting an untyped entry point.
 */
const declaration = {
  name: 'memory-customs-inspector-declaration',
  generateBundle(this: { emitFile(file: { type: 'asset'; fileName: string; source: string }): void }) {
    this.emitFile({
      type: 'asset',
      fileName: 'inspector.d.ts',
      source: '// The inspector UI: a script that renders into #memory-customs-inspector; it exports nothing.\nexport {}\n',
    })
  },
}

export default defineConfig({
  publicDir: false,
  plugins: [declaration],
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: here('./dist/inspector'),
    emptyOutDir: true,
    target: 'es2020',
    minify: true,
    sourcemap: false,
    reportCompressedSize: false,
    // A classic script (IIFE): it runs inlined in the report's HTML as well as from a <script src>.
    lib: {
      entry: here('./src/inspector/ui/main.tsx'),
      formats: ['iife'],
      name: 'MemoryCustomsInspector',
      fileName: () => 'inspector.js',
      cssFileName: 'inspector',
    },
  },
})
