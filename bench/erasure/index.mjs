// Erasure bench (issue 10, "Erasure"): what crypto-shredding costs. A value written for a subject against the same
// write without one, and `forget({ subject })` against tombstoning the same entries, in one run. No target is set by
// the issue: the rows are figures with their baselines.

import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundleRuntimeSource } from '../lib/bundle-source.mjs'
import { runNode } from '../lib/child.mjs'
import { count, ms, ratio, us } from '../lib/format.mjs'
import { failedRow, row } from '../lib/verdict.mjs'

const here = fileURLToPath(new URL('.', import.meta.url))

/** The store and the erasure module from source (forgetSubject is reached below the facade, as its tests do). */
async function bundle(repoRoot, outDir) {
  return bundleRuntimeSource(repoRoot, join(outDir, 'erasure-bundle.mjs'), [
    `export { createCustoms } from './index.ts'`,
    `export { createMemoryKeyProvider } from './keys/memory.ts'`,
    `export { createNodeFileKeyProvider } from './keys/node-file.ts'`,
    `export { internalsOf } from './core/internals.ts'`,
    `export { forgetSubject } from './core/memory/erasure.ts'`,
    `export { encodeMeta } from './core/memory/meta.ts'`,
  ])
}

export async function runErasure({ quick, log, repoRoot }) {
  const subjects = quick ? 200 : 1_000
  const base = {
    id: 'erasure',
    title: 'Erasure by crypto-shredding (issue 10)',
    notes: [],
    method:
      'From `packages/runtime/src` bundled with esbuild. Writes: memories written as `memories.propose` writes them ' +
      '(a PROPOSE receipt and its value through `ledger.append`, timed), in batches of 200 each followed by an ' +
      'untimed `flush()` (sealing costs the same with either key) on an in-memory store; a subject write uses one ' +
      'of 100 subjects whose keys already exist ' +
      '(the steady state), the baseline is the same write without a subject; batches alternate; figures are per ' +
      `write. Key stores: a store of ${count(subjects * 10)} memories of ${count(subjects)} subjects (10 each), ` +
      'with the in-memory key store and backend, and with key files and a file store. In it, first the first write ' +
      `of each of ${quick ? 20 : 60} new subjects (its key saved at the flush, with every other subject key) against a write ` +
      'without a subject, each flushed alone; then ' +
      '`forgetSubject` of one subject (the key set saved without its key, then the FORGET receipt) and `flush()`, ' +
      "against appending DELETE tombstones for another subject's 10 memories and `flush()`, interleaved (with key " +
      "files each key-set save is an fsync'd atomic rename of a file holding every subject key).",
  }
  const names = [
    'subject write p50 ÷ plain write p50',
    'subject write p50 (`ledger.append` with its value)',
    'new subject: first write + flush p50, memory key store',
    'new subject: first write + flush p50, key files + file store',
    'forget p50, memory key store',
    'forget p50 ÷ tombstone p50, memory key store',
    'forget p50, key files + file store',
    'forget p95, key files + file store',
    'forget p50 ÷ tombstone p50, key files + file store',
  ]
  // Inside the package, so the bundle's external imports (sql.js, @noble/*) resolve from its node_modules.
  const dir = mkdtempSync(join(repoRoot, 'packages/runtime/.bench-erasure-'))
  try {
    const file = await bundle(repoRoot, dir)
    const { result: r } = await runNode(join(here, 'node-case.mjs'), [file, ...(quick ? ['--quick'] : [])], {
      cwd: repoRoot,
      timeoutMs: 10 * 60_000,
    })
    log(
      `  write: subject p50 ${us(r.subjectWrite.p50)}, plain p50 ${us(r.plainWrite.p50)}; forget p50 ` +
        `${ms(r.memoryKeys.forget.p50)} (memory), ${ms(r.fileKeys.forget.p50)} (files)`,
    )
    base.notes.push(
      `${r.writeSamples} write batches of ${r.batch} per kind; ${r.forgets} forgets and ${r.forgets} tombstonings per key ` +
        `store, each of ${r.perSubject} memories, among ${count(r.subjects)} subjects.`,
      `Tombstone p50: ${ms(r.memoryKeys.tombstone.p50)} (memory), ${ms(r.fileKeys.tombstone.p50)} (files).`,
    )
    return {
      ...base,
      rows: [
        row({ name: names[0], value: r.subjectWrite.p50 / r.plainWrite.p50, format: ratio, note: `plain p50 ${us(r.plainWrite.p50)}` }),
        row({
          name: names[1],
          value: r.subjectWrite.p50,
          format: us,
          // A batch that also takes a state snapshot is slow either way: compare both p95s.
          note: `p95 ${us(r.subjectWrite.p95)} (plain ${us(r.plainWrite.p95)})`,
        }),
        row({
          name: names[2],
          value: r.memoryKeys.newSubject.p50,
          format: ms,
          note: `plain write + flush p50 ${ms(r.memoryKeys.plain.p50)}`,
        }),
        row({
          name: names[3],
          value: r.fileKeys.newSubject.p50,
          format: ms,
          note: `plain write + flush p50 ${ms(r.fileKeys.plain.p50)}`,
        }),
        row({ name: names[4], value: r.memoryKeys.forget.p50, format: ms, note: `p95 ${ms(r.memoryKeys.forget.p95)}` }),
        row({ name: names[5], value: r.memoryKeys.forget.p50 / r.memoryKeys.tombstone.p50, format: ratio }),
        row({ name: names[6], value: r.fileKeys.forget.p50, format: ms }),
        row({ name: names[7], value: r.fileKeys.forget.p95, format: ms }),
        row({ name: names[8], value: r.fileKeys.forget.p50 / r.fileKeys.tombstone.p50, format: ratio }),
      ],
    }
  } catch (error) {
    return { ...base, rows: names.map((n) => failedRow(n, '–', error)) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
