/**
 * RFC 6962 / 9162 Merkle tree over receipt hashes. A receipt's hash already is the RFC 6962 leaf hash
 * SHA-256(0x00 ‖ body), so the chain and the tree commit to exactly the same leaves (the defence against
 * immudb's "linear-fake": a segment cannot verify as a chain and differ as a tree).
 */
import { fromBase64url, fromHex, nodeHash, sha256, toBase64url, toHex } from './hash.js'

/** Incremental tree: keeps only the roots of the perfect subtrees (a compact range), O(log n) memory. */
export class MerkleFrontier {
  private readonly roots: Uint8Array[] = []
  private readonly sizes: number[] = []
  size = 0

  /** Appends one leaf hash: bytes, hex (format 1) or base64url (format 2). */
  push(leaf: string | Uint8Array): void {
    let h = typeof leaf !== 'string' ? leaf : leaf.length === 43 ? fromBase64url(leaf) : fromHex(leaf)
    let s = 1
    while (this.sizes.length && this.sizes[this.sizes.length - 1] === s) {
      h = nodeHash(this.roots.pop()!, h)
      this.sizes.pop()
      s *= 2
    }
    this.roots.push(h)
    this.sizes.push(s)
    this.size++
  }

  /** Root of the tree over every leaf pushed so far (SHA-256 of the empty string for size 0). */
  root(): Uint8Array {
    if (!this.roots.length) return sha256(new Uint8Array(0))
    let h = this.roots[this.roots.length - 1]
    for (let i = this.roots.length - 2; i >= 0; i--) h = nodeHash(this.roots[i], h)
    return h
  }

  rootHex(): string {
    return toHex(this.root())
  }

  /** The compact range as plain data (what an open snapshot keeps, so a checkpoint need not rehash every leaf). */
  save(): FrontierState {
    return { size: this.size, roots: this.roots.map((r) => toBase64url(r)), sizes: [...this.sizes] }
  }

  /** A frontier continuing from a saved compact range; null when the data is not one (it is then rebuilt). */
  static restore(s: FrontierState): MerkleFrontier | null {
    const f = new MerkleFrontier()
    if (!Array.isArray(s?.roots) || !Array.isArray(s.sizes) || s.roots.length !== s.sizes.length) return null
    let total = 0
    for (let i = 0; i < s.sizes.length; i++) {
      const n = s.sizes[i]
      // Perfect subtrees, strictly decreasing powers of two, as push() builds them.
      if (!Number.isSafeInteger(n) || n < 1 || (n & (n - 1)) !== 0 || (i > 0 && n >= s.sizes[i - 1])) return null
      const root = fromBase64url(s.roots[i])
      if (root.length !== 32) return null
      f.roots.push(root)
      f.sizes.push(n)
      total += n
    }
    if (total !== s.size) return null
    f.size = total
    return f
  }
}

export interface FrontierState {
  size: number
  /** Roots of the perfect subtrees, largest first, base64url. */
  roots: string[]
  sizes: number[]
}

/** The naive recursive MTH of RFC 6962 §2.1, used as the reference in tests. */
export function merkleRootNaive(leaves: Uint8Array[]): Uint8Array {
  if (leaves.length === 0) return sha256(new Uint8Array(0))
  if (leaves.length === 1) return leaves[0]
  let k = 1
  while (k * 2 < leaves.length) k *= 2
  return nodeHash(merkleRootNaive(leaves.slice(0, k)), merkleRootNaive(leaves.slice(k)))
}
