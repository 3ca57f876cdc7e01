/**
 * The plugin options shared by every build of the agent (esbuild, webpack, Vite), so their site tables
 * are identical: files are named relative to this package, and `plans.record` (the planner's output,
 * which promotions must point to) is audited like the runtime's other writes.
 */
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

export const agentRoot = dirname(fileURLToPath(import.meta.url))

export const memoryCustomsOptions = {
  root: agentRoot,
  targets: [{ callee: '*.plans.record', keyIndex: 0, valueIndex: 1 }],
}
