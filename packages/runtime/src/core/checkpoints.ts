/** Signed checkpoints over the receipt hashes, with a Merkle frontier kept up to date incrementally. */
import { signCheckpoint, type Checkpoint } from '../crypto/checkpoint.js'
import type { Ring } from '../crypto/ring.js'
import { MerkleFrontier, type FrontierState } from '../crypto/merkle.js'
import type { Ledger } from './ledger.js'

export class Checkpointer {
  private frontier = new MerkleFrontier()
  private frontierSeq = 0
  last: Checkpoint | null = null

  constructor(
    private readonly ledger: Ledger,
    private readonly ring: Ring,
    private readonly origin: string,
  ) {}

  /**
   * Continues from a compact range saved in the open snapshot (covering receipts 1..size) instead of rehashing
   * every receipt before the first checkpoint after the open.
   */
  resumeFrom(saved: FrontierState | undefined): void {
    if (!saved || this.frontierSeq > 0 || saved.size > this.ledger.headSeq) return
    const f = MerkleFrontier.restore(saved)
    if (!f) return
    this.frontier = f
    this.frontierSeq = f.size
  }

  /** The frontier as far as it was built, for the open snapshot; null before the first checkpoint of this process. */
  saved(): FrontierState | null {
    return this.frontierSeq > 0 ? this.frontier.save() : null
  }

  private syncFrontier(): void {
    // Hashes come from the index (the exact stored values), in chain order, from where the frontier stopped.
    this.ledger.idx.eachHashAfter(this.frontierSeq, (hash) => {
      this.frontier.push(hash)
      this.frontierSeq++
    })
  }

  /** Signs (size, RFC 6962 root over receipt hashes) and queues the note for the journal; the caller flushes. */
  async sign(): Promise<Checkpoint> {
    this.syncFrontier()
    const cp = await signCheckpoint(this.ring.checkpoint, this.origin, this.frontier.size, this.frontier.rootHex())
    this.ledger.queueCheckpoint(cp.size, cp.root, cp.note)
    return cp
  }
}
