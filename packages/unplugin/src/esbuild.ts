import { createEsbuildPlugin, type UnpluginInstance } from 'unplugin'
import { unpluginFactory } from './adapter/factory'
import type { Options } from './types'

/** esbuild build script: put it FIRST in `plugins`. esbuild runs only the first `onLoad` that returns contents for a file, so a TypeScript-loading plugin registered before it would win and nothing would be instrumented. */
const plugin: UnpluginInstance<Options | undefined>['esbuild'] = createEsbuildPlugin(unpluginFactory)

export default plugin
