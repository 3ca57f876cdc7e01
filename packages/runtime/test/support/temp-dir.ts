import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { onTestFinished } from 'vitest'

/**
 * A fresh directory under the system's temp directory, removed when the running test ends, passed or failed (a
 * store, its key files): test runs do not pile directories up in /tmp. Call it inside a test.
 */
export function testDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}
