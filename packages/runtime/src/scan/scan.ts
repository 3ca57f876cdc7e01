/**
 * `scan()`: chunk the candidate, run every applicable rule on every chunk, merge and score the findings.
 *
 * Pure, synchronous and deterministic (no clock, no randomness, no I/O); never throws on any string. A rule that
 * throws or returns malformed hits is reported as a finding of that rule (`rule failed: …`, medium, scored at
 * weight 1) so a broken rule sends candidates to review instead of letting them through or crashing the caller.
 */
import { chunkText } from './chunk'
import { resolveRules, resolveThresholds, ScanOptionError } from './options'
import { BUILTIN_RULES, RULESET_VERSION } from './rules/index'
import { decide, trustScore, type WeightedFinding } from './score'
import type { Chunk, Finding, Rule, RuleHit, ScanInput, ScanOptions, ScanResult, Severity } from './types'

/**
 * The longest prefix scanned, in UTF-16 code units (1 MiB). Memory candidates are sentences to pages; anything
 * longer is either a dump or an attempt to hide something past what a scanner reads. The rest is not scanned and
 * a medium `injection/unscanned-tail` finding says so, which sends the candidate to review at least.
 */
export const MAX_SCAN_LENGTH = 1 << 20

/** The id of the finding that reports an input longer than `MAX_SCAN_LENGTH`. */
export const UNSCANNED_TAIL_RULE = 'injection/unscanned-tail'

/** Evidence longer than this is cut: it goes into receipts and reports, where a sentence is enough. */
const MAX_EVIDENCE_LENGTH = 200

const SEVERITY_RANK: Readonly<Record<Severity, number>> = { low: 0, medium: 1, high: 2, critical: 3 }

function clip(evidence: string): string {
  return evidence.length > MAX_EVIDENCE_LENGTH ? `${evidence.slice(0, MAX_EVIDENCE_LENGTH - 1)}…` : evidence
}

function errorMessage(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error)
  } catch {
    return 'unprintable error'
  }
}

/** Where to cut an over-long text: at MAX_SCAN_LENGTH, one earlier if that would split a surrogate pair. */
function scanLength(text: string): number {
  if (text.length <= MAX_SCAN_LENGTH) return text.length
  const before = text.charCodeAt(MAX_SCAN_LENGTH - 1)
  return before >= 0xd800 && before <= 0xdbff ? MAX_SCAN_LENGTH - 1 : MAX_SCAN_LENGTH
}

/**
 * A rule's hit as a finding, offsets clamped into the scanned text and made non-empty; `null` when the hit is not
 * a hit at all (then the rule counts as failed).
 */
function toFinding(hit: RuleHit, rule: Rule, length: number): Finding | null {
  if (typeof hit !== 'object' || hit === null) return null
  const { start, end, severity, evidence, sensitive } = hit
  if (!Number.isFinite(start) || !Number.isFinite(end) || !(severity in SEVERITY_RANK) || typeof evidence !== 'string') {
    return null
  }
  let from = Math.min(Math.max(Math.floor(Math.min(start, end)), 0), length)
  let to = Math.min(Math.max(Math.ceil(Math.max(start, end)), 0), length)
  if (to <= from) {
    if (from < length) to = from + 1
    else from = Math.max(0, to - 1)
  }
  const finding: Finding = { family: rule.family, rule: rule.id, start: from, end: to, severity, evidence: clip(evidence) }
  if (sensitive === true) finding.sensitive = true
  return finding
}

function failure(rule: Rule, chunk: Chunk, reason: string): WeightedFinding {
  return {
    finding: {
      family: rule.family,
      rule: rule.id,
      start: chunk.start,
      end: Math.max(chunk.end, chunk.start + 1),
      severity: 'medium',
      evidence: clip(`rule failed: ${reason}`),
    },
    weight: 1,
  }
}

/** Runs one rule over the chunks it applies to; the first failure stops it (one failure finding per rule). */
function runRule(rule: Rule, input: ScanInput, out: WeightedFinding[]): void {
  const kinds = rule.appliesTo ? new Set(rule.appliesTo) : null
  for (const chunk of input.chunks) {
    if (kinds && !kinds.has(chunk.kind)) continue
    let hits: unknown
    try {
      hits = rule.check(chunk, input)
    } catch (error) {
      out.push(failure(rule, chunk, errorMessage(error)))
      return
    }
    if (!Array.isArray(hits)) {
      out.push(failure(rule, chunk, 'check() did not return an array'))
      return
    }
    for (const hit of hits) {
      const finding = toFinding(hit as RuleHit, rule, input.text.length)
      if (!finding) {
        out.push(failure(rule, chunk, 'check() returned a malformed hit'))
        return
      }
      out.push({ finding, weight: rule.weight })
    }
  }
}

function byPosition(a: WeightedFinding, b: WeightedFinding): number {
  const x = a.finding
  const y = b.finding
  return x.start - y.start || x.end - y.end || (x.rule < y.rule ? -1 : x.rule > y.rule ? 1 : 0)
}

/** Merges overlapping findings of the same rule: the union of their spans, the strongest severity and evidence. */
function mergeOverlapping(findings: WeightedFinding[]): WeightedFinding[] {
  findings.sort(byPosition)
  const open = new Map<string, WeightedFinding>()
  const merged: WeightedFinding[] = []
  for (const current of findings) {
    const previous = open.get(current.finding.rule)
    if (previous && current.finding.start < previous.finding.end) {
      const into = previous.finding
      const from = current.finding
      into.end = Math.max(into.end, from.end)
      if (SEVERITY_RANK[from.severity] > SEVERITY_RANK[into.severity]) {
        into.severity = from.severity
        into.evidence = from.evidence
      }
      if (from.sensitive) into.sensitive = true
      previous.weight = Math.max(previous.weight, current.weight)
      continue
    }
    open.set(current.finding.rule, current)
    merged.push(current)
  }
  return merged
}

function ruleSetName(userIds: readonly string[], disabled: readonly string[]): string {
  return [RULESET_VERSION, ...disabled.map((id) => `-${id}`), ...userIds.map((id) => `+user:${id}`)].join('')
}

/**
 * Scans a memory candidate: chunks it, runs the built-in rules (minus `options.disable`) and `options.rules` on
 * the chunks they apply to, and scores the findings (see docs/scanning.md for the contract).
 *
 * @param text the candidate; only its first `MAX_SCAN_LENGTH` UTF-16 units are scanned.
 * @returns score in [0, 1], decision, findings sorted by start (offsets into `text`), chunks, rule-set name.
 * @throws TypeError when `text` is not a string; ScanOptionError when an option is invalid.
 */
export function scan(text: string, options: ScanOptions = {}): ScanResult {
  if (typeof text !== 'string') throw new TypeError(`scan(text): text must be a string, got ${text === null ? 'null' : typeof text}`)
  if (typeof options !== 'object' || options === null) throw new ScanOptionError('options', 'must be an object')
  const thresholds = resolveThresholds(options.thresholds)
  const { rules, userIds, disabled } = resolveRules(BUILTIN_RULES, options)
  const length = scanLength(text)
  const scanned = length === text.length ? text : text.slice(0, length)
  const chunks = chunkText(scanned).map((chunk) => Object.freeze(chunk))
  const input: ScanInput = Object.freeze({ text: scanned, chunks: Object.freeze(chunks.slice()) })
  const weighted: WeightedFinding[] = []
  for (const rule of rules) runRule(rule, input, weighted)
  if (length < text.length) {
    weighted.push({
      finding: {
        family: 'injection',
        rule: UNSCANNED_TAIL_RULE,
        start: length,
        end: text.length,
        severity: 'medium',
        evidence: `${text.length - length} characters after the first ${MAX_SCAN_LENGTH} were not scanned`,
      },
      weight: 1,
    })
  }
  const merged = mergeOverlapping(weighted)
  const score = trustScore(merged)
  const findings = merged.map((entry) => entry.finding)
  const sensitive = findings.some((finding) => finding.sensitive === true)
  return { score, decision: decide(score, thresholds, sensitive), findings, chunks, ruleSet: ruleSetName(userIds, disabled) }
}
