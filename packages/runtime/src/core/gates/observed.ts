/** Probed writes on objects the runtime does not own: an OBSERVED_WRITE receipt commits to the value, never stores it. */
import type { SiteMeta } from '../../probe.js'
import { canonicalize } from '../canonical.js'
import { siteOf } from '../receipt.js'
import { safeText, type GateContext, MAX_REASON_LENGTH } from './gate.js'

export interface ObservedWrite {
  site: SiteMeta
  key: string | null
  value: unknown
  hasValue: boolean
}

/** Never throws into the user's call: failures are counted in `health().observedWriteErrors`. */
export function observeWrite({ ledger, ring, rules, guard }: GateContext, write: ObservedWrite): void {
  try {
    if (guard.closed) return
    if (guard.damage) {
      ledger.counters.observeErrors++
      return
    }
    let commit: string | null = null
    if (write.hasValue) {
      let text: string
      try {
        text = canonicalize(write.value, { maxLength: rules.maxValueBytes })
      } catch {
        const v = write.value
        text = canonicalize({
          $unserializable:
            v === null
              ? 'null'
              : Array.isArray(v)
                ? 'array'
                : typeof v === 'object'
                  ? (Object.getPrototypeOf(v)?.constructor?.name ?? 'object')
                  : typeof v,
        })
      }
      commit = ring.commit(text)
    }
    ledger.append({
      op: 'OBSERVED_WRITE',
      pool: 'observed',
      key: safeText(write.key),
      old: null,
      new: commit,
      site: siteOf({
        file: safeText(write.site.file, MAX_REASON_LENGTH) ?? '',
        line: write.site.line,
        column: write.site.column,
        fn: safeText(write.site.fn),
      }),
      tool: null,
      call: null,
      reason: safeText(write.site.callee ?? null, MAX_REASON_LENGTH),
      actor: rules.defaultActor,
    })
  } catch {
    ledger.counters.observeErrors++
  }
}
