// Typed-memory bench (issue 10 §4): what access control, validity and conflict resolution add to a read. The same
// `memories.get` on the built package, for entries where every check runs (a principal with a reader list, a validity
// window, a resolved conflict) and for entries where they short-circuit (`system`, no window, no key), in one run.

import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runNode } from '../lib/child.mjs'
import { us } from '../lib/format.mjs'
import { failedRow, row } from '../lib/verdict.mjs'

const here = fileURLToPath(new URL('.', import.meta.url))
const TARGET_US = 5

export async function runTyped({ quick, log, repoRoot }) {
  const base = {
    id: 'typed',
    title: 'Typed memory reads (issue 10)',
    notes: [],
    method:
      '`memories.get(id)` from the built package on an in-memory store of 1,000 approved memories (scanner families ' +
      'off: the scan is not part of a read). 500 plain ones are read as `system` (access, validity and conflict checks ' +
      'short-circuit); 500 typed ones are read through `customs.as(principal)`: each has an explicit reader list (the ' +
      'principal is third in it), a validity window, and a key shared with another entry (a conflict resolved under ' +
      '`newest` on every read). Samples are batches of 200 reads, the two kinds alternating; figures are per read. ' +
      '"Added" is the difference of the medians: what the checks cost on top of the same read.',
  }
  const names = ['ACL + validity + conflict checks: added per read (p50 difference)', 'checked read p95', 'unchecked read p95']
  try {
    const dist = join(repoRoot, 'packages/runtime/dist/index.mjs')
    const { result: r } = await runNode(join(here, 'node-case.mjs'), [dist, ...(quick ? ['--quick'] : [])], {
      cwd: repoRoot,
      timeoutMs: 5 * 60_000,
    })
    const added = r.checked.p50 - r.unchecked.p50
    log(`  checked p50 ${us(r.checked.p50)}, unchecked p50 ${us(r.unchecked.p50)}, added ${us(added)}`)
    base.notes.push(`${r.samples} samples of ${r.batch} reads per kind.`)
    return {
      ...base,
      rows: [
        row({
          name: names[0],
          value: added,
          format: us,
          op: '<=',
          target: TARGET_US,
          note: `checked p50 ${us(r.checked.p50)}, unchecked p50 ${us(r.unchecked.p50)}`,
        }),
        row({ name: names[1], value: r.checked.p95, format: us }),
        row({ name: names[2], value: r.unchecked.p95, format: us }),
      ],
    }
  } catch (error) {
    return { ...base, rows: names.map((n, i) => failedRow(n, i === 0 ? `≤ ${us(TARGET_US)}` : '–', error)) }
  }
}
