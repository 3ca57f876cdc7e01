import type { Options } from 'unplugin-memory-customs'

/** The agent package directory: the plugin's `root`, so sites are named `src/...`. */
export declare const agentRoot: string
/** Plugin options shared by the esbuild, webpack and Vite builds of the agent. */
export declare const memoryCustomsOptions: Options
