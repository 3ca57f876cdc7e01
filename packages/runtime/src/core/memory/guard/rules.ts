/**
 * The guard's four rules over a shadow: each gives one dimension of the risk vector in [0, 1], the reasons
 * (rule, entries, one line) and what would repair it. Levels are fixed per finding so the same shadow always
 * gives the same vector (replaying a GUARD receipt's context gives its decision again).
 */
import type { Shadow } from './shadow.js'
import type { GuardReason, RepairSuggestion, RiskDimension, RiskVector, ShadowEntry, ShadowState, TrustClass } from './types.js'

export interface RuleSettings {
  /** Below this confidence an entry is low-confidence. */
  lowConfidence: number
  /** From this confidence up an entry is high-confidence. */
  highConfidence: number
  /** A dimension counts as a risk from this value up (repairs are suggested for what reaches it). */
  threshold: number
}

export interface RuleOutcome {
  risk: RiskVector
  reasons: GuardReason[]
  repairs: RepairSuggestion[]
}

/** Consistency: two conflicting entries in the closure, by how many of them are high-confidence (2, 1, 0). */
export const CONTRADICTION_RISK = [0.4, 0.7, 1] as const
/** A used entry that conflicts with a live entry outside the closure counts this fraction of a contradiction. */
export const CONTESTED_FACTOR = 0.45
/** Factuality: how weak an inference at ordinary confidence is as support. */
export const INFERENCE_WEAKNESS = 0.6
/** Factuality: an untrusted entry used directly. */
export const UNTRUSTED_DIRECT_RISK = 0.9
/** Safety: risk per finding severity. */
export const SEVERITY_RISK: Record<string, number> = { low: 0.3, medium: 0.6, high: 0.9, critical: 1 }
/** Dependency: risk per state of a used or depended-on entry. */
export const STATE_RISK: Record<ShadowState, number> = {
  live: 0,
  pending_review: 0.4,
  deleted: 0.8,
  expired: 0.9,
  not_yet_valid: 0.9,
  rejected: 1,
  rolled_back: 1,
  missing: 1,
  erased: 1,
}
const SAFETY_FAMILIES = new Set(['injection', 'code', 'secret'])
const TRUST_RANK: Record<TrustClass, number> = { trusted: 3, data: 2, inference: 1, untrusted: 0 }

export function evaluateRules(shadow: Shadow, settings: RuleSettings): RuleOutcome {
  const out: RuleOutcome = { risk: { consistency: 0, factuality: 0, safety: 0, dependency: 0 }, reasons: [], repairs: [] }
  consistency(shadow, settings, out)
  factuality(shadow, settings, out)
  safety(shadow, settings, out)
  dependency(shadow, out)
  return out
}

function raise(out: RuleOutcome, dim: RiskDimension, value: number): void {
  if (value > out.risk[dim]) out.risk[dim] = value
}

const round = (x: number): number => Math.round(x * 1000) / 1000

/** Whether the entry may count as a claim at all (something is known about it and it is not gone). */
const known = (e: ShadowEntry): boolean => e.source !== null

function consistency(shadow: Shadow, s: RuleSettings, out: RuleOutcome): void {
  const high = (e: ShadowEntry) => (e.confidence >= s.highConfidence ? 1 : 0)
  const seen = new Set<string>()
  const pair = (a: ShadowEntry, b: ShadowEntry) => (a.id < b.id ? `${a.id} ${b.id}` : `${b.id} ${a.id}`)
  for (const a of shadow.entries.values()) {
    for (const c of a.conflictsWith) {
      const inside = shadow.entries.get(c)
      const b = inside ?? shadow.peers.get(c)
      if (!b || seen.has(pair(a, b))) continue
      seen.add(pair(a, b))
      const level = CONTRADICTION_RISK[high(a) + high(b)]
      if (inside) {
        raise(out, 'consistency', level)
        const weaker = weakerOf(a, b)
        out.reasons.push({
          rule: 'consistency/contradiction',
          dimension: 'consistency',
          entries: [a.id, b.id],
          detail: `${a.id} (confidence ${a.confidence}) and ${b.id} (confidence ${b.confidence}) contradict each other`,
        })
        if (level >= s.threshold)
          out.repairs.push({ kind: 'verify', entry: weaker.id, detail: `verify ${weaker.id}: it contradicts ${other(weaker, a, b).id}` })
        if (!b.conflictsWith.includes(a.id))
          out.repairs.push({ kind: 'mark_conflicted', entries: [b.id, a.id], detail: `flag ${b.id} as conflicting with ${a.id}` })
      } else if (b.state === 'live' || b.state === 'pending_review') {
        // Contested: the other side is not used, but it is still on record as saying otherwise.
        raise(out, 'consistency', round(level * CONTESTED_FACTOR))
        out.reasons.push({
          rule: 'consistency/contested',
          dimension: 'consistency',
          entries: [a.id, b.id],
          detail: `${a.id} is contradicted by ${b.id}, which the action does not use`,
        })
      }
    }
  }
  unflaggedConflicts(shadow, s, out, seen, pair, high)
}

/** Two live memories in the closure with one namespace and key that are not flagged as conflicting. */
function unflaggedConflicts(
  shadow: Shadow,
  s: RuleSettings,
  out: RuleOutcome,
  seen: Set<string>,
  pair: (a: ShadowEntry, b: ShadowEntry) => string,
  high: (e: ShadowEntry) => number,
): void {
  const byKey = new Map<string, ShadowEntry[]>()
  for (const e of shadow.entries.values()) {
    if (e.kind !== 'memory' || e.key === null || e.state !== 'live') continue
    const k = `${e.ns.join('\u001e')}\u001f${e.key}`
    const list = byKey.get(k)
    if (list) list.push(e)
    else byKey.set(k, [e])
  }
  for (const list of byKey.values()) {
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const [a, b] = [list[i], list[j]]
        if (seen.has(pair(a, b))) continue
        seen.add(pair(a, b))
        raise(out, 'consistency', CONTRADICTION_RISK[high(a) + high(b)])
        out.reasons.push({
          rule: 'consistency/unflagged-conflict',
          dimension: 'consistency',
          entries: [a.id, b.id],
          detail: `${a.id} and ${b.id} hold two values for key "${a.key}" and are not marked as conflicting`,
        })
        out.repairs.push({ kind: 'mark_conflicted', entries: [a.id, b.id], detail: `mark ${a.id} and ${b.id} as conflicting` })
      }
  }
}

const other = (x: ShadowEntry, a: ShadowEntry, b: ShadowEntry) => (x === a ? b : a)

/** The side to check first: lower confidence, then lower source trust. */
function weakerOf(a: ShadowEntry, b: ShadowEntry): ShadowEntry {
  if (a.confidence !== b.confidence) return a.confidence < b.confidence ? a : b
  return TRUST_RANK[a.trust] <= TRUST_RANK[b.trust] ? a : b
}

/** How weak an entry is as support, in [0, 1]: 0 for a sound one. */
function weakness(e: ShadowEntry, s: RuleSettings): number {
  if (!known(e)) return 0
  let w = 0
  if (e.trust === 'untrusted') w = 1
  if (e.confidence < s.lowConfidence) w = Math.max(w, 1 - e.confidence)
  if (e.trust === 'inference') w = Math.max(w, INFERENCE_WEAKNESS)
  return round(w)
}

/** What a conclusion resting on `e` may be trusted at: its confidence, at most `lowConfidence` when its source is weak. */
function strength(e: ShadowEntry, s: RuleSettings): number {
  return e.trust === 'untrusted' || e.trust === 'inference' ? Math.min(e.confidence, s.lowConfidence) : e.confidence
}

function factuality(shadow: Shadow, s: RuleSettings, out: RuleOutcome): void {
  const weakBelow = weakSupports(shadow, s)
  for (const e of shadow.entries.values()) {
    if (!known(e) || e.confidence < s.highConfidence) continue
    const below = weakBelow(e.id)
    if (!below) continue
    const { weakest, worst } = below
    const named = worst === weakest ? [weakest] : [weakest, worst]
    const level = weakness(worst, s)
    raise(out, 'factuality', level)
    out.reasons.push({
      rule: 'factuality/weak-support',
      dimension: 'factuality',
      entries: [e.id, ...named.map((x) => x.id)],
      detail: `${e.id} (confidence ${e.confidence}) rests on ${named.map(describeWeak).join(' and ')}`,
    })
    if (level >= s.threshold) {
      out.repairs.push({
        kind: 'downgrade',
        entry: e.id,
        confidence: strength(weakest, s),
        detail: `lower ${e.id}'s confidence to ${strength(weakest, s)}, that of its weakest support ${weakest.id}`,
      })
      for (const x of named) out.repairs.push({ kind: 'verify', entry: x.id, detail: `verify ${x.id} (${describeWeak(x)})` })
    }
  }
  for (const id of shadow.roots) {
    const e = shadow.entries.get(id)!
    if (!known(e)) continue
    const level = e.trust === 'untrusted' ? UNTRUSTED_DIRECT_RISK : e.confidence < s.lowConfidence ? round(1 - e.confidence) : 0
    if (!level) continue
    raise(out, 'factuality', level)
    out.reasons.push({
      rule: e.trust === 'untrusted' ? 'factuality/untrusted-source' : 'factuality/low-confidence',
      dimension: 'factuality',
      entries: [e.id],
      detail: `the action uses ${describeWeak(e)}`,
    })
    if (level >= s.threshold) out.repairs.push({ kind: 'verify', entry: e.id, detail: `verify ${e.id} (${describeWeak(e)})` })
  }
}

function describeWeak(e: ShadowEntry): string {
  return `${e.id} (${e.trust}${e.source ? ` source ${e.source}` : ''}, confidence ${e.confidence})`
}

/** Among an entry's transitive dependencies with weakness > 0: the one a conclusion may trust least, and the weakest. */
interface WeakBelow {
  /** Lowest strength (what a downgrade lowers the conclusion to); ties to the smaller id. */
  weakest: ShadowEntry
  /** Highest weakness (what sets the risk). */
  worst: ShadowEntry
}

/**
 * For each entry, its weakest transitive supports; memoized over the closure, so a check is linear in the
 * closure's entries and edges. A cycle contributes nothing past the entry it returns to.
 */
function weakSupports(shadow: Shadow, s: RuleSettings): (id: string) => WeakBelow | null {
  const memo = new Map<string, WeakBelow | null>()
  const inProgress = new Set<string>()
  const weaker = (a: ShadowEntry, b: ShadowEntry) => {
    const d = strength(a, s) - strength(b, s)
    return d < 0 || (d === 0 && a.id < b.id) ? a : b
  }
  const worse = (a: ShadowEntry, b: ShadowEntry) => {
    const d = weakness(a, s) - weakness(b, s)
    return d > 0 || (d === 0 && a.id < b.id) ? a : b
  }
  const visit = (id: string): WeakBelow | null => {
    const done = memo.get(id)
    if (done !== undefined) return done
    const e = shadow.entries.get(id)
    if (!e || inProgress.has(id)) return null
    inProgress.add(id)
    let weakest: ShadowEntry | null = null
    let worst: ShadowEntry | null = null
    for (const d of e.deps) {
      const dep = shadow.entries.get(d)
      if (!dep) continue
      if (weakness(dep, s) > 0) {
        weakest = weakest ? weaker(weakest, dep) : dep
        worst = worst ? worse(worst, dep) : dep
      }
      const below = visit(d)
      if (below) {
        weakest = weakest ? weaker(weakest, below.weakest) : below.weakest
        worst = worst ? worse(worst, below.worst) : below.worst
      }
    }
    inProgress.delete(id)
    const found = weakest && worst ? { weakest, worst } : null
    memo.set(id, found)
    return found
  }
  return visit
}

/** `rule@start-end:severity` -> family and severity (other shapes are not findings this rule reads). */
function parseFinding(summary: string): { family: string; severity: string } | null {
  const at = summary.lastIndexOf('@')
  const colon = summary.lastIndexOf(':')
  if (at < 0 || colon < at) return null
  const slash = summary.indexOf('/')
  if (slash < 0 || slash > at) return null
  return { family: summary.slice(0, slash), severity: summary.slice(colon + 1) }
}

function safety(shadow: Shadow, s: RuleSettings, out: RuleOutcome): void {
  const byFamily = new Map<string, { level: number; entries: string[] }>()
  for (const e of shadow.entries.values()) {
    let entryLevel = 0
    for (const f of e.findings) {
      const p = parseFinding(f)
      if (!p || !SAFETY_FAMILIES.has(p.family)) continue
      const level = SEVERITY_RISK[p.severity] ?? SEVERITY_RISK.medium
      entryLevel = Math.max(entryLevel, level)
      const fam = byFamily.get(p.family) ?? { level: 0, entries: [] }
      fam.level = Math.max(fam.level, level)
      if (!fam.entries.includes(e.id)) fam.entries.push(e.id)
      byFamily.set(p.family, fam)
    }
    if (!entryLevel) continue
    raise(out, 'safety', entryLevel)
    if (entryLevel >= s.threshold && e.kind === 'memory' && e.state !== 'pending_review' && e.state !== 'rejected')
      out.repairs.push({ kind: 'quarantine', entry: e.id, detail: `send ${e.id} to review: it has ${e.findings.join(', ')}` })
  }
  for (const [family, { level, entries }] of byFamily)
    out.reasons.push({
      rule: `safety/${family}`,
      dimension: 'safety',
      entries,
      detail: `${entries.join(', ')} ${entries.length === 1 ? 'has' : 'have'} ${family} findings (up to risk ${level})`,
    })
}

function dependency(shadow: Shadow, out: RuleOutcome): void {
  const byState = new Map<ShadowState, string[]>()
  for (const e of shadow.entries.values()) {
    if (e.state === 'live') continue
    raise(out, 'dependency', STATE_RISK[e.state])
    const list = byState.get(e.state)
    if (list) list.push(e.id)
    else byState.set(e.state, [e.id])
  }
  for (const [state, entries] of byState) {
    const words = state.replace(/_/g, ' ')
    out.reasons.push({
      rule: `dependency/${state.replace(/_/g, '-')}`,
      dimension: 'dependency',
      entries,
      detail: `the action rests on ${entries.length === 1 ? 'an entry' : 'entries'} ${words}: ${entries.join(', ')}`,
    })
  }
}
