import { createRollupPlugin } from 'unplugin'
import { unpluginFactory } from './adapter/factory'

/** `rollup.config.js`: Rollup has no `enforce`, so put it FIRST in `plugins`, before the TypeScript plugin (e.g. rollup-plugin-esbuild), or recorded lines point at transpiled code. */
export default createRollupPlugin(unpluginFactory)
