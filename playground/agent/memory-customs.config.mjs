/**
 * The plugin options shared by every build of the agent (esbuild, webpack, Vite), so their site tables
 * are identical: files are named relative to this package. The runtime's own APIs (`decision.commit`,
 * `execution.store`, `plans.record`, `bridge.promote`) are instrumented by default.
 */
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

export const agentRoot = dirname(fileURLToPath(import.meta.url))

export const memoryCustomsOptions = {
  root: agentRoot,
  // Only the agent's own code: bundlers that follow workspace links would otherwise hand the plugin the
  // runtime's own dist files by their real path.
  include: ['src/**/*.ts'],
  // Calls of the AgentMemory wrappers (`this.deps.memory.storeToolResult(...)`) match the memory heuristics,
  // but the write happens inside the wrapper, whose runtime call is instrumented: one probe per write.
  excludeCallees: ['memory.*'],
}
