/**
 * `guardTools`: wraps a tool map in the AI SDK's shape so every `execute` is checked by the shadow guardrail
 * first and its result stored in the Execution pool after. Typed structurally (no `ai` import): any object of
 * tools with an optional `execute(args, { toolCallId })` fits, and the wrapped map has the same type.
 */
import { GuardHaltError, OptionError } from './errors.js'
import type { ActionKind, GuardCheckInput, GuardResult } from './core/memory/guard/types.js'
import type { Receipt } from './core/receipt.js'

/** The part of a tool the wrapper uses; everything else on it is kept as it is. */
export interface GuardableTool {
  // Method syntax on purpose: its parameters are checked bivariantly, so a tool whose options type has more
  // fields (the AI SDK's ToolCallOptions: messages, abortSignal) still fits.
  execute?(args: never, options: { toolCallId: string }): unknown
  /** Whatever else the tool carries (description, input schema…), kept as it is. */
  [field: string]: unknown
}

/** The part of a Customs the wrapper uses (a root handle, or one from `customs.as(principal)` that has a guard). */
export interface GuardedCustoms {
  guard: { check(input: GuardCheckInput): Promise<GuardResult> }
  execution: { store(tool: string, callId: string, result: unknown): Receipt }
}

export interface GuardToolsOptions {
  /** Action kind per tool name; a tool not listed is `call_tool:write` (the strictest default row). */
  kinds?: Record<string, ActionKind>
  /** The entry ids a call rests on (memory ids, `w:<session>/<name>`, `decision:<key>`), from its name and args. */
  uses?: (toolName: string, args: unknown) => string[]
  /** The rendered context the agent is acting on (`ctx_<seq>`), if any. */
  contextId?: () => string | undefined
  /** What a `redirect` does: throw GuardHaltError (default), or let the call proceed like a `warn`. */
  redirect?: 'halt' | 'proceed'
  /** Called with every check's result before the call runs or is stopped (a `warn` carries `message`). */
  onCheck?: (toolName: string, result: GuardResult) => void
}

/**
 * The same tools, each `execute` guarded: `customs.guard.check({ action, tool, uses, contextId })` first; `halt`
 * (and `redirect`, unless `redirect: 'proceed'`) throws GuardHaltError, which the agent loop sees as the tool's
 * error; otherwise the tool runs and its result is stored with `execution.store(name, toolCallId, result)`.
 * Tools without `execute` are passed through.
 */
export function guardTools<T extends Record<string, GuardableTool>>(tools: T, customs: GuardedCustoms, options: GuardToolsOptions = {}): T {
  checkOptions(tools, customs, options)
  return wrapExecutes(tools, (name, tool, execute) => {
    return async (args: never, callOptions: { toolCallId: string }) => {
      const result = await customs.guard.check({
        action: options.kinds?.[name] ?? 'call_tool:write',
        tool: name,
        callId: typeof callOptions?.toolCallId === 'string' ? callOptions.toolCallId : undefined,
        uses: options.uses?.(name, args) ?? [],
        contextId: options.contextId?.(),
      })
      options.onCheck?.(name, result)
      if (result.decision === 'halt' || (result.decision === 'redirect' && options.redirect !== 'proceed'))
        throw new GuardHaltError(name, result)
      const value = await execute.call(tool, args, callOptions)
      customs.execution.store(name, callOptions.toolCallId, value)
      return value
    }
  })
}

type Execute = NonNullable<GuardableTool['execute']>

/**
 * The same tool map with each `execute` replaced by `wrap(name, tool, execute)`; tools without `execute` (provider-run
 * tools) are passed through. Shared by the guard wrapper and the framework adapters.
 */
export function wrapExecutes<T extends Record<string, GuardableTool>>(
  tools: T,
  wrap: (name: string, tool: GuardableTool, execute: Execute) => Execute,
): T {
  const out: Record<string, GuardableTool> = {}
  for (const [name, tool] of Object.entries(tools)) {
    const execute = tool.execute
    out[name] = typeof execute === 'function' ? { ...tool, execute: wrap(name, tool, execute) } : tool
  }
  return out as T
}

function checkOptions(tools: unknown, customs: GuardedCustoms, options: GuardToolsOptions): void {
  if (typeof tools !== 'object' || tools === null) throw new OptionError('guardTools tools', 'must be an object of tools')
  if (typeof customs?.guard?.check !== 'function' || typeof customs?.execution?.store !== 'function')
    throw new OptionError('guardTools customs', 'must be a Customs (or a handle) with guard.check and execution.store')
  if (typeof options !== 'object' || options === null) throw new OptionError('guardTools options', 'must be an object')
  for (const f of ['uses', 'contextId', 'onCheck'] as const)
    if (options[f] !== undefined && typeof options[f] !== 'function') throw new OptionError(`guardTools options.${f}`, 'must be a function')
  if (options.kinds !== undefined) {
    if (typeof options.kinds !== 'object' || options.kinds === null)
      throw new OptionError('guardTools options.kinds', 'must be an object: tool name -> action kind')
    for (const [tool, kind] of Object.entries(options.kinds))
      if (typeof kind !== 'string' || !kind) throw new OptionError(`guardTools options.kinds.${tool}`, 'must be a non-empty action kind')
  }
  if (options.redirect !== undefined && options.redirect !== 'halt' && options.redirect !== 'proceed')
    throw new OptionError('guardTools options.redirect', "must be 'halt' or 'proceed'")
}
