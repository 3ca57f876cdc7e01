/**
 * How the runtime's build carries sql.js (see src/core/sql-wasm.ts for the run-time half).
 *
 * - The glue is sql.js's environment-neutral build (`dist/sql-wasm-browser.js`: no `require`, no `__dirname`),
 *   bundled into the runtime's dist instead of imported from the `sql.js` package at run time. sql.js's default
 *   build, bundled by webpack for Node, crashed with `Cannot set properties of undefined (setting 'exports')`.
 * - The glue is turned into a plain ES module on the way in: its CommonJS/AMD export tail becomes
 *   `export default initSqlJs`, and its `module = undefined;` (which only silences emscripten code that the neutral
 *   build does not contain) goes. Left in, that reassignment made webpack's minifier (terser) conclude that
 *   `typeof module === 'object'` is false and drop the export, so a minified bundle had no `initSqlJs`.
 * - The wasm that belongs to this glue is copied beside the chunks as `dist/sql-wasm.wasm` (the runtime finds it
 *   with `new URL('./sql-wasm.wasm', import.meta.url)`), with sql.js's MIT licence.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'rolldown'
import type { UserConfig } from 'tsdown'

const GLUE = 'sql.js/dist/sql-wasm-browser.js'
const glueFile = createRequire(import.meta.url).resolve(GLUE)
const sqlJsFile = (path: string) => join(dirname(glueFile), '..', path)

const SILENCE_MODULE = /^[ \t]*module = undefined;[ \t]*$/m
const EXPORT_TAIL = /^if \(typeof exports === 'object' && typeof module === 'object'\)\{[\s\S]*$/m

/** sql.js's neutral glue as an ES module; fails the build if a new sql.js changed the lines it rewrites. */
export function glueAsEsModule(code: string): string {
  if (!SILENCE_MODULE.test(code) || !EXPORT_TAIL.test(code)) {
    throw new Error(
      `${GLUE} no longer has the \`module = undefined;\` line and the CommonJS export tail that the runtime's ` +
        'build rewrites into an ES module: check build/sql-js.ts against this sql.js version',
    )
  }
  return `${code.replace(SILENCE_MODULE, '').replace(EXPORT_TAIL, 'export default initSqlJs\n')}`
}

const glueToEsm: Plugin = {
  name: 'memory-customs:sql-js-glue',
  load: {
    filter: { id: /sql-wasm-browser\.js$/ },
    handler(id) {
      if (id !== glueFile) return null
      return { code: glueAsEsModule(readFileSync(id, 'utf8')), moduleType: 'js' }
    },
  },
}

/** The tsdown options that bundle the glue and ship the wasm; spread into the ESM build's config. */
export const sqlJsBuild: Pick<UserConfig, 'deps' | 'plugins' | 'copy'> = {
  // The only package code in the ESM build; anything else showing up in the bundle fails the build.
  deps: { alwaysBundle: [GLUE], onlyBundle: ['sql.js'] },
  plugins: [glueToEsm],
  copy: [
    { from: sqlJsFile('dist/sql-wasm-browser.wasm'), to: 'dist', rename: 'sql-wasm.wasm' },
    { from: sqlJsFile('LICENSE'), to: 'dist', rename: 'sql.js-LICENSE' },
  ],
}
