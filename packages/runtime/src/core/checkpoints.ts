/** Signed checkpoints over the receipt hashes, with a Merkle frontier kept up to date incrementally. */
import { signCheckpoint, type Checkpoint } from '../crypto/checkpoint.js'
import type { Ring } from '../crypto/ring.js'
import { MerkleFrontier } from '../crypto/merkle.js'
import type { Ledger } from './ledger.js'

export class Checkpointer {
  private readonly frontier = new MerkleFrontier()
  private frontierSeq = 0
  last: Checkpoint | null = null

  constructor(
    private readonly ledger: Ledger,
    private readonly ring: Ring,
    private readonly origin: string,
  ) {}

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
