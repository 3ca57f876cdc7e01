import { createRollupPlugin, type UnpluginInstance } from 'unplugin'
import { unpluginFactory } from './adapter/factory'
import type { Options } from './types'

/** `rollup.config.js`: Rollup has no `enforce`, so put it FIRST in `plugins`, before the TypeScript plugin (e.g. rollup-plugin-esbuild), or recorded lines point at transpiled code. */
const plugin: UnpluginInstance<Options | undefined>['rollup'] = createRollupPlugin(unpluginFactory)

export default plugin
