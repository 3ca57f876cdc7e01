/** The Bridge: promotes a stored tool result into the Decision pool only after every customs check, in order. */
import {
  OptionError,
  PlanReferenceError,
  ResultExpiredError,
  ResultMissingError,
  SchemaError,
  ScanRejectedError,
  SignatureError,
  ToolNotAllowedError,
  UnknownKeyError,
  WriteOnceError,
  type CustomsError,
} from '../../errors.js'
import { hexEqual } from '../../crypto/hash.js'
import { resultSigInput } from '../../crypto/values.js'
import type { Ledger } from '../ledger.js'
import type { ExecSlot } from '../state.js'
import { executionKey, type Receipt } from '../receipt.js'
import type { PlanRecord, PromoteRequest } from '../types.js'
import { ASYNC_PROBLEM, validateSync } from '../schema.js'
import { expiresAt, isExpired } from './execution.js'
import type { ScanResult } from '../../scan/types.js'
import { encodeMeta, findingsSummary } from '../memory/meta.js'
import { attemptBase, attribute, checkTexts, draft, encodeValue, MAX_NAME_LENGTH, refuse, safeText, type GateContext } from './gate.js'

/**
 * How the Bridge inspects a result's content before promoting it: `scan` for a fresh request (a reject refuses
 * with SCAN_REJECTED, a review files a pending promotion and returns its PROPOSE receipt), `approved` when a
 * reviewer approved the pending promotion (review.approve), `none` where no scanner is configured.
 */
export type BridgeInspection = { scan: (text: string) => ScanResult } | 'approved' | 'none'

export function promoteResult(
  { ledger, ring, rules, guard }: GateContext,
  req: PromoteRequest,
  inspection: BridgeInspection = 'none',
): Receipt {
  guard.ensureWritable('bridge.promote')
  const site = attribute(ledger)
  let tool: unknown, callId: unknown, to: unknown, planRef: unknown, actor: unknown
  try {
    ;({ tool, callId, to, planRef } = req ?? ({} as PromoteRequest))
    actor = req?.actor ?? rules.defaultActor
  } catch {
    // a request whose getters throw names nothing: refused below as a missing tool
  }
  const current = typeof to === 'string' ? ledger.state.decision.get(to) : undefined
  const base = attemptBase('decision', to, current, site, actor ?? rules.defaultActor, tool, callId)
  const bad = checkTexts(safeText(to), `tool:${safeText(tool)}`, [
    ['tool', tool, MAX_NAME_LENGTH],
    ['callId', callId, MAX_NAME_LENGTH],
    ['to', to, MAX_NAME_LENGTH],
    ['planRef', planRef, MAX_NAME_LENGTH],
    ['actor', actor, MAX_NAME_LENGTH, true],
  ])
  if (bad) refuse(ledger, bad, 'PROMOTE', base)
  if (typeof tool !== 'string' || typeof callId !== 'string' || typeof to !== 'string' || typeof planRef !== 'string')
    throw new Error('unreachable: checked above')
  if (!rules.tools.has(tool)) refuse(ledger, new ToolNotAllowedError(tool, to), 'PROMOTE', base)
  if (!Object.hasOwn(rules.schemas, to))
    refuse(ledger, new UnknownKeyError(to, `tool:${tool}`, 'bridge.target-registered'), 'PROMOTE', base)
  const slot = ledger.state.execution.get(executionKey(tool, callId))
  if (!slot) refuse(ledger, new ResultMissingError(tool, callId, to), 'PROMOTE', base)
  if (isExpired(slot, rules)) refuse(ledger, new ResultExpiredError(tool, callId, to, expiresAt(slot, rules)), 'PROMOTE', base)
  const planSlot = ledger.state.plans.get(planRef)
  const plan = planSlot ? (ledger.readValue(planSlot.commit, planSlot.seq) as PlanRecord | undefined) : undefined
  if (!plan) refuse(ledger, new PlanReferenceError(planRef, tool, callId, to, true), 'PROMOTE', base)
  if (!plan.references.some((r) => r.tool === tool && r.callId === callId))
    refuse(ledger, new PlanReferenceError(planRef, tool, callId, to, false), 'PROMOTE', base)
  // The result must be the one its STORE receipt signed for this very call, and the stored value must match
  // the commitment that signature covers (checked when the value was loaded from storage).
  const result = resultIfAuthentic(ledger, slot)
  if (result === undefined) refuse(ledger, new SignatureError(tool, callId, to), 'PROMOTE', base)
  const parsed = validateSync(rules.schemas[to], result.value)
  if (parsed.kind === 'async')
    refuse(ledger, new OptionError(`decision.schemas.${to}`, ASYNC_PROBLEM), 'PROMOTE', { ...base, new: slot.commit })
  if (parsed.kind === 'invalid')
    refuse(ledger, new SchemaError(to, `tool:${tool}`, parsed.issues, 'bridge.schema'), 'PROMOTE', { ...base, new: slot.commit })
  if (current && rules.writeOnce.has(to)) refuse(ledger, new WriteOnceError(to, `tool:${tool}`, current.seq), 'PROMOTE', base)
  if (typeof inspection === 'object') {
    // Last: a scan costs more than every check above, and a refused request must not be filed for review.
    const scanned = inspection.scan(scannableText(result.value))
    if (scanned.decision === 'reject')
      refuse(ledger, new ScanRejectedError(to, `tool:${tool}`, scanned.score, scanned.findings, 'bridge.scan'), 'PROMOTE', {
        ...base,
        new: slot.commit,
      })
    if (scanned.decision === 'review')
      return ledger.append(
        draft(
          base,
          'PROPOSE',
          base.new,
          encodeMeta({
            status: 'pending_review',
            planRef,
            score: scanned.score,
            ruleSet: scanned.ruleSet,
            findings: findingsSummary(scanned.findings),
            source: `tool:${tool}`,
          }),
        ),
      )
  }
  let text: string
  try {
    text = encodeValue(parsed.value, to, `tool:${tool}`, rules.maxValueBytes)
  } catch (e) {
    return refuse(ledger, e as CustomsError, 'PROMOTE', base)
  }
  const commit = ring.commit(text)
  return ledger.append(draft(base, 'PROMOTE', commit, `plan:${planRef}`), { commit, text })
}

/**
 * The stored result of a tool call when its signature holds, else undefined. Format 2: the STORE receipt's
 * `sig` must be the HMAC of (tool, call, commitment, seq), so a result stored for another call, or a swapped
 * record, never passes. Format 1 (before migration): the record's own HMAC over its bytes.
 */
export function resultIfAuthentic(ledger: Ledger, slot: ExecSlot): { value: unknown } | undefined {
  let text: string | undefined
  try {
    text = ledger.values.text(slot.commit, slot.origin)
  } catch {
    return undefined // ValueIntegrityError: the stored value does not match its commitment
  }
  if (text === undefined) return undefined
  const origin = ledger.idx.originRow(slot.origin)
  if (origin && origin.hash.length !== 64) {
    // A format-2 STORE receipt: its `sig` binds this tool call to this commitment at this seq.
    if (origin.sig === null || origin.new !== slot.commit) return undefined
    const stored = { sig: origin.sig }
    if (!hexEqual(stored.sig, ledger.ring.sign(resultSigInput(slot.tool, slot.call, slot.commit, slot.origin)))) return undefined
  } else {
    const sig = ledger.values.legacySignature(slot.commit)
    if (sig === undefined || !hexEqual(sig, ledger.ring.legacy.sign(text))) return undefined
  }
  return { value: JSON.parse(text) as unknown }
}

/**
 * The text of a tool result the scanner reads: every string in it, one per line (a JSON-escaped dump would hide
 * an instruction behind `\n` and quotes), then the keys and other leaves (numbers can be card numbers).
 */
export function scannableText(value: unknown): string {
  const strings: string[] = []
  const other: string[] = []
  const walk = (v: unknown, depth: number): void => {
    if (depth > 64) return
    if (typeof v === 'string') strings.push(v)
    else if (typeof v === 'number' || typeof v === 'boolean') other.push(String(v))
    else if (Array.isArray(v)) for (const x of v) walk(x, depth + 1)
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        other.push(k)
        walk(x, depth + 1)
      }
  }
  walk(value, 0)
  return [...strings, ...other].join('\n')
}
