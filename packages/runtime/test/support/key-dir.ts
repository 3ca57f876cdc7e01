import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Stores created by tests keep their keys in a throwaway key directory, never in the developer's
 * ~/.config/memory-customs (the default key store of a Node file store); child processes inherit it through the
 * environment. Made once per run (a directory already named is kept) and removed when the run's process exits, so
 * runs do not pile key directories up in /tmp.
 */
export function useThrowawayKeyDir(): void {
  if (process.env.MEMORY_CUSTOMS_KEY_DIR) return
  const keyDir = mkdtempSync(join(tmpdir(), 'memory-customs-test-keys-'))
  process.env.MEMORY_CUSTOMS_KEY_DIR = keyDir
  process.on('exit', () => rmSync(keyDir, { recursive: true, force: true }))
}
