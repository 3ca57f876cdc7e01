/**
 * `memory-customs/ai-sdk`: the Vercel AI SDK (`ai`) adapter.
 *
 * `customsTools(tools, customs, options)` wraps a tool map (`tool({ description, inputSchema, execute })`) so that
 * every executed tool's result lands in the Execution pool under the SDK's `toolCallId`, signed as any stored
 * result; with `{ guard }` each call is checked by the shadow guardrail first (through `guardTools`), and a refused
 * call throws `GuardHaltError`, which `generateText`/`streamText` turn into a `tool-error` part that the model's
 * next step sees as the tool's error output. `recordStepPlan` makes a plan of a step's tool calls and
 * `promoteToolResult` promotes one of them through the Bridge.
 *
 * Typed structurally: nothing is imported from `ai` (not even types), so the entry adds no dependency; it fits any
 * AI SDK whose tools have `execute(input, { toolCallId })` and whose steps list `toolResults` with
 * `toolName`/`toolCallId`. Tested against `ai` 6.
 *
 * Attribution: tool results are written after the SDK awaited the model, long after the user's line returned,
 * when no probed call is on the stack. So the site of the probed call that *wrapped* the tools (`customsTools(...)`
 * named in the plugin's `targets`) is captured at wrap time and every receipt the wrapped tools write (STORE,
 * GUARD, REFUSED) is made under it with the probe's `runAtSite`. The receipt's `tool` and `call` fields name the
 * SDK call that wrote it.
 */
import { GuardHaltError, OptionError } from '../errors.js'
import { guardTools, wrapExecutes, type GuardableTool, type GuardToolsOptions } from '../guard-tools.js'
import { currentSite, markReceipted, runAtSite } from '../probe.js'
import type { GuardCheckInput, GuardResult } from '../core/memory/guard/types.js'
import type { Receipt } from '../core/receipt.js'
import type { SharedCustoms, WriteReceipt } from '../core/surface.js'

export { guardTools, GuardHaltError }
export type { GuardableTool, GuardedCustoms, GuardToolsOptions } from '../guard-tools.js'

/** The part of a Customs the tool wrapper uses: the Execution pool, and the guard when `options.guard` is given. */
export interface ToolCustoms {
  execution: { store(tool: string, callId: string, result: unknown): WriteReceipt }
  guard?: { check(input: GuardCheckInput): Promise<GuardResult> }
}

export interface CustomsToolsOptions {
  /**
   * Check every call with `customs.guard.check` before it runs (the options of `guardTools`: `kinds`, `uses`,
   * `contextId`, `redirect`, `onCheck`). Without it the tools run unchecked and their results are still stored.
   */
  guard?: GuardToolsOptions
}

/**
 * The same tool map, each `execute` wrapped: (with `guard`) `customs.guard.check` runs first and a `halt` (or
 * `redirect`) throws `GuardHaltError` before the tool runs; after the tool returns, its result is stored with
 * `customs.execution.store(toolName, toolCallId, result)` and returned unchanged to the SDK. An `undefined` result
 * is stored as `null` (what the SDK sends the model for it); a result the store refuses (not JSON data, too large)
 * leaves a REFUSED receipt and reaches the SDK as the tool's error. Tools without `execute` (client-side tools)
 * are passed through.
 *
 * Receipts are attributed to the site of this call when it runs inside a probed call (list `customsTools` in the
 * plugin's `targets`); wrap the tools inline in the `generateText({ tools: customsTools(...) })` call so that site is
 * the agent's own line.
 */
export function customsTools<T extends Record<string, GuardableTool>>(
  tools: T,
  customs: ToolCustoms,
  options: CustomsToolsOptions = {},
): T {
  checkArguments(tools, customs, options)
  const site = currentSite()
  // The receipts this call is responsible for are written later under its site, so the probe must not also
  // record the call itself as an unreceipted (observed) write.
  if (site) markReceipted()
  const store = (tool: string, callId: string, result: unknown): WriteReceipt =>
    runAtSite(site, () => customs.execution.store(tool, callId, result === undefined ? null : result))

  if (options.guard !== undefined) {
    const guard = customs.guard as NonNullable<ToolCustoms['guard']>
    const attributed = {
      guard: { check: (input: GuardCheckInput) => runAtSite(site, () => guard.check(input)) },
      // guardTools ignores what store returns; a follower tab's receipt is pending, which its type does not say.
      execution: { store: (tool: string, callId: string, result: unknown) => store(tool, callId, result) as Receipt },
    }
    try {
      return guardTools(tools, attributed, options.guard)
    } catch (e) {
      throw renamed(e)
    }
  }

  return wrapExecutes(tools, (name, tool, execute) => async (args: never, callOptions: { toolCallId: string }) => {
    const value = await execute.call(tool, args, callOptions)
    store(name, callOptions?.toolCallId, value)
    return value
  })
}

/** What `recordStepPlan` reads from a step: the AI SDK's `StepResult` (from `onStepFinish` or `result.steps`). */
export interface StepLike {
  stepNumber?: number
  toolResults: ReadonlyArray<ToolCallRef>
}

/** A tool call as the AI SDK names it (`ToolCall`, `ToolResult`, a `tool-result` part). */
export interface ToolCallRef {
  toolName: string
  toolCallId: string
}

export interface RecordStepPlanOptions {
  /** Only calls of these tools are referenced (default: every call of the step that returned a result). */
  tools?: readonly string[]
  /** For the RECORD_PLAN receipt; default the store's actor. */
  actor?: string
  /** For the RECORD_PLAN receipt; default `ai-sdk:step-<stepNumber>`. */
  reason?: string
}

/**
 * Records plan `planId` referencing the tool calls of one AI SDK step that returned a result (`step.toolResults`;
 * calls that failed or were stopped by the guard are not referenced), so that a later `promoteToolResult` may
 * rely on them. Returns the RECORD_PLAN receipt, or `null` (nothing written) when the step has no such call.
 * Use it in `onStepFinish`, or on `result.steps[i]` after the run.
 */
export function recordStepPlan(
  customs: Pick<SharedCustoms, 'plans'>,
  planId: string,
  step: StepLike,
  options: RecordStepPlanOptions = {},
): WriteReceipt | null {
  if (typeof customs?.plans?.record !== 'function') throw new OptionError('recordStepPlan customs', 'must be a Customs (plans.record)')
  if (typeof step !== 'object' || step === null || !Array.isArray(step.toolResults))
    throw new OptionError('recordStepPlan step', 'must be an AI SDK step result (an object with a toolResults array)')
  if (typeof options !== 'object' || options === null) throw new OptionError('recordStepPlan options', 'must be an object')
  const only = options.tools
  if (only !== undefined && (!Array.isArray(only) || only.some((t) => typeof t !== 'string')))
    throw new OptionError('recordStepPlan options.tools', 'must be an array of tool names')
  const references: Array<{ tool: string; callId: string }> = []
  step.toolResults.forEach((r, i) => {
    if (!isCallRef(r)) throw new OptionError(`recordStepPlan step.toolResults[${i}]`, 'must have a string toolName and toolCallId')
    if (!only || only.includes(r.toolName)) references.push({ tool: r.toolName, callId: r.toolCallId })
  })
  if (!references.length) return null
  const reason = options.reason ?? (typeof step.stepNumber === 'number' ? `ai-sdk:step-${step.stepNumber}` : 'ai-sdk:step')
  return customs.plans.record(planId, { references }, { actor: options.actor, reason })
}

export interface PromoteToolResultOptions {
  /** The Decision key the result is promoted into (it needs a schema; the tool must be in `bridge.tools`). */
  to: string
  /** A recorded plan that references this call (`recordStepPlan`). */
  planRef: string
  /** For the PROMOTE receipt; default the store's actor. */
  actor?: string
}

/**
 * Promotes the stored result of an AI SDK tool call (a `ToolResult` of `step.toolResults`, or any
 * `{ toolName, toolCallId }`) into the Decision pool through the Bridge: `customs.bridge.promote({ tool: toolName,
 * callId: toolCallId, to, planRef })`, with every Bridge check (allow-list, plan reference, signature, schema).
 * Returns the PROMOTE receipt; a refusal throws the Bridge's typed error after its REFUSED receipt.
 */
export function promoteToolResult(
  customs: Pick<SharedCustoms, 'bridge'>,
  call: ToolCallRef,
  options: PromoteToolResultOptions,
): WriteReceipt {
  if (typeof customs?.bridge?.promote !== 'function')
    throw new OptionError('promoteToolResult customs', 'must be a Customs (bridge.promote)')
  if (!isCallRef(call))
    throw new OptionError('promoteToolResult call', 'must be an AI SDK tool call or result (string toolName and toolCallId)')
  if (typeof options !== 'object' || options === null)
    throw new OptionError('promoteToolResult options', 'must be an object with to and planRef')
  for (const field of ['to', 'planRef'] as const)
    if (typeof options[field] !== 'string' || !options[field])
      throw new OptionError(`promoteToolResult options.${field}`, 'must be a non-empty string')
  return customs.bridge.promote({
    tool: call.toolName,
    callId: call.toolCallId,
    to: options.to,
    planRef: options.planRef,
    actor: options.actor,
  })
}

function isCallRef(v: unknown): v is ToolCallRef {
  const r = v as ToolCallRef | null
  return typeof r === 'object' && r !== null && typeof r.toolName === 'string' && typeof r.toolCallId === 'string'
}

function checkArguments(tools: unknown, customs: ToolCustoms, options: CustomsToolsOptions): void {
  if (typeof tools !== 'object' || tools === null || Array.isArray(tools))
    throw new OptionError('customsTools tools', 'must be an object of AI SDK tools (name -> tool)')
  if (typeof customs?.execution?.store !== 'function')
    throw new OptionError('customsTools customs', 'must be a Customs (or an object with execution.store)')
  if (typeof options !== 'object' || options === null) throw new OptionError('customsTools options', 'must be an object')
  if (options.guard !== undefined && typeof customs.guard?.check !== 'function')
    throw new OptionError('customsTools customs', 'has no guard.check, which options.guard needs (pass the root Customs)')
  for (const [name, tool] of Object.entries(tools)) {
    if (typeof tool !== 'object' || tool === null) throw new OptionError(`customsTools tools.${name}`, 'must be a tool object')
    const execute = (tool as GuardableTool).execute
    if (execute !== undefined && typeof execute !== 'function')
      throw new OptionError(`customsTools tools.${name}.execute`, 'must be a function')
    // A generator `execute` streams preliminary results; the wrapper awaits one final value to store, and an
    // async wrapper would hide the iterable from the SDK. Refused here rather than broken at the first call.
    if (typeof execute === 'function' && /^(Async)?GeneratorFunction$/.test(execute.constructor?.name ?? ''))
      throw new OptionError(`customsTools tools.${name}.execute`, 'is a generator (streamed tool output), which customsTools does not wrap')
  }
}

/** guardTools names its own arguments; a caller of customsTools passed them as `customsTools options.guard`. */
function renamed(e: unknown): unknown {
  if (!(e instanceof OptionError) || !e.option.startsWith('guardTools options')) return e
  const option = e.option.replace('guardTools options', 'customsTools options.guard')
  const problem = e.message.slice(`memory-customs: ${e.option} `.length)
  return new OptionError(option, problem)
}
