/**
 * In-memory backend: the default storage, and the test bench for tampering. It can be seeded with journal
 * entries and hands out copies of what it holds, so a test can take a store's entries, alter them, and open
 * a new Customs on the altered list to see what verification reports.
 */
import { checkExpectedHead, HeadTracker } from './head.js'
import type { JournalEntry, OpenReport, StorageBackend } from './types.js'

export interface MemoryBackend extends StorageBackend {
  readonly kind: 'memory'
  /** A copy of every entry appended so far, in order. */
  entries(): JournalEntry[]
}

const copy = (e: JournalEntry): JournalEntry => ({ ...e })

/** Creates an in-memory backend, optionally seeded with entries (copied). Nothing survives the process. */
export function createMemoryBackend(seed: readonly JournalEntry[] = []): MemoryBackend {
  const journal: JournalEntry[] = seed.map(copy)
  /** The head, tracked from the first conditional append on (format-2 hashes are derived: storage/head.ts). */
  let tracker: HeadTracker | undefined
  return {
    kind: 'memory',
    durability: 'none',
    location: 'memory',
    async open(): Promise<OpenReport> {
      return {}
    },
    async *read() {
      // Copy up front so appends during iteration do not extend it.
      for (const e of journal.slice()) yield copy(e)
    },
    async append(entries, options) {
      if (options?.expectedHead) {
        tracker ??= new HeadTracker().pushAll(journal)
        checkExpectedHead(options, tracker.head, 'memory')
      }
      for (const e of entries) {
        journal.push(copy(e))
        tracker?.push(e)
      }
    },
    async close() {},
    entries() {
      return journal.map(copy)
    },
  }
}
