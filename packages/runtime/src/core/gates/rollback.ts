/** The write side of rollback: the planned changes become COMPENSATE receipts and one ROLLBACK receipt. */
import { canonicalize } from '../canonical.js'
import type { Receipt } from '../receipt.js'
import { checkRollbackOptions, computeRollback, type RollbackOptions, type RollbackResult, type RollbackTarget } from '../rollback.js'
import { toMs } from '../time.js'
import { lifecycleRemovals } from '../memory/rollback.js'
import { attribute, checkTexts, MAX_NAME_LENGTH, MAX_REASON_LENGTH, safeText, type GateContext } from './gate.js'

/**
 * Restores earlier state by appending one COMPENSATE receipt per changed key and one ROLLBACK receipt; it
 * never deletes. The diff is computed and the receipts are appended in one synchronous step, so a write
 * issued while a rollback is running (from another async task) is never interleaved with it: it lands
 * after the ROLLBACK receipt and is kept.
 */
export function rollbackNow({ ledger, rules, guard }: GateContext, target: RollbackTarget, options: RollbackOptions = {}): RollbackResult {
  checkRollbackOptions(options)
  if (options.dryRun) guard.ensureOpen('rollback')
  else guard.ensureWritable('rollback')
  const bad = checkTexts(null, 'rollback', [
    ['actor', options.actor, MAX_NAME_LENGTH, true],
    ['reason', options.reason, MAX_REASON_LENGTH, true],
  ])
  if (bad) throw bad
  const site = attribute(ledger)
  const plan = computeRollback(target, {
    state: ledger.state,
    versions: ledger.versions,
    headSeq: ledger.headSeq,
    idx: ledger.idx,
    lookup: ledger.lookup,
    toMs,
    onProgress: options.onProgress,
  })
  const toSeq = typeof plan.describe.toSeq === 'number' ? plan.describe.toSeq : null
  const cascade = options.cascade === true
  const removals = lifecycleRemovals(ledger.state.lifecycle, target, toSeq, { cascade })
  const diff = [
    ...plan.changes.map((c) => ({
      pool: c.pool,
      key: c.key,
      before: ledger.readValue(c.beforeCommit),
      after: ledger.readValue(c.afterCommit),
    })),
    ...removals.map((r) => ({ pool: r.pool, key: r.key, before: ledger.readValue(r.commit), after: undefined })),
  ]
  if (options.dryRun) return { dryRun: true, diff, receipts: [], target: plan.describe }
  const actor = options.actor ?? rules.defaultActor
  const receipts: Receipt[] = []
  for (const c of plan.changes)
    receipts.push(
      ledger.append({
        op: 'COMPENSATE',
        pool: c.pool,
        key: c.key,
        old: c.beforeCommit,
        new: c.afterCommit,
        site,
        tool: c.tool,
        call: c.call,
        reason: `restore@${c.restoreSeq}`,
        actor: safeText(actor),
      }),
    )
  for (const r of removals)
    receipts.push(
      ledger.append({
        op: 'DELETE',
        pool: r.pool,
        key: r.key,
        old: r.commit,
        new: null,
        site,
        tool: r.tool,
        call: r.call,
        reason: '{"why":"rollback"}',
        actor: safeText(actor),
      }),
    )
  receipts.push(
    ledger.append({
      op: 'ROLLBACK',
      pool: null,
      key: null,
      old: null,
      new: null,
      site,
      tool: null,
      call: null,
      reason: canonicalize({
        changed: plan.changes.length + removals.length,
        ...(cascade ? { cascade: true } : {}),
        reason: options.reason ?? null,
        target: plan.describe,
      }),
      actor: safeText(actor),
    }),
  )
  ledger.counters.rollbacks++
  return { dryRun: false, diff, receipts, target: plan.describe }
}
