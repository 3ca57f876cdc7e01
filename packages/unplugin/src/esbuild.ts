import { createEsbuildPlugin } from 'unplugin'
import { unpluginFactory } from './adapter/factory'

/** esbuild build script: put it FIRST in `plugins`. esbuild runs only the first `onLoad` that returns contents for a file, so a TypeScript-loading plugin registered before it would win and nothing would be instrumented. */
export default createEsbuildPlugin(unpluginFactory)
