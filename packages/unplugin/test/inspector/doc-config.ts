// docs/inspector.md's webpack-dev-server / Rspack dev server config, as a user copies it, loaded the way their
// config file would be (an ES module next to the fixture app), and the page the fixture app is served in.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

export const fixture = resolve(import.meta.dirname, '..', 'fixtures', 'inspector-app')

/** The fixture app's page: its bundle, `main.js`. */
export const APP_HTML = '<!doctype html><html lang="en"><meta charset="utf-8"><title>app</title><script src="main.js"></script></html>'

export interface DocConfig {
  plugins: unknown[]
  devServer: { setupMiddlewares(middlewares: unknown[], devServer: { options: { port: number | string } }): unknown[] }
}

/** The Rspack block of docs/inspector.md, or (as the doc says) the same with the webpack entry. */
export async function inspectorDocConfig(bundler: 'rspack' | 'webpack' = 'rspack'): Promise<DocConfig> {
  const doc = readFileSync(resolve(import.meta.dirname, '../../../../docs/inspector.md'), 'utf8')
  const block = [...doc.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.includes('setupMiddlewares'))
  if (!block) throw new Error('docs/inspector.md has no setupMiddlewares config')
  const text = bundler === 'rspack' ? block : block.replace("'unplugin-memory-customs/rspack'", "'unplugin-memory-customs/webpack'")
  if (!text.includes(`from 'unplugin-memory-customs/${bundler}'`))
    throw new Error(`docs/inspector.md's config does not import unplugin-memory-customs/${bundler}`)
  const file = join(fixture, `.doc-config-${bundler}-${process.pid}.mjs`)
  writeFileSync(file, text)
  try {
    return (await import(pathToFileURL(file).href)).default as DocConfig
  } finally {
    rmSync(file)
  }
}
