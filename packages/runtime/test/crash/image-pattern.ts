import type { IndexImage } from '../../src/storage/types'

/** A deterministic image for `seq`, so a loaded image can be checked byte for byte without a record of it. */
export function imageFor(seq: number): IndexImage {
  const image = new Uint8Array(20_000 + (seq % 7) * 10_000)
  for (let i = 0; i < image.length; i++) image[i] = (seq * 31 + i) & 0xff
  return { image, uptoSeq: seq, journalHash: `journal-${seq}` }
}
