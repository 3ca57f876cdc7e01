import type { IndexImage } from '../types.js'
import { fsyncDir, writeFileAtomic, type NodeModules } from './node.js'

/**
 * Index images on disk. The image goes to a content-named file (`index-<sha256 prefix>.sqlite`) and only
 * then does the manifest `index.json` point at it, each written atomically; the previous image is removed
 * after the new manifest is durable. A crash at any point leaves the old pair or the new pair. The manifest
 * records the image's length and SHA-256, so a damaged or mismatched image is ignored (the core then
 * replays the journal, which is the source of truth).
 */
const FORMAT = 'memory-customs-index/1'
const MANIFEST = 'index.json'

interface Manifest {
  format: string
  image: string
  bytes: number
  sha256: string
  uptoSeq: number
  journalHash: string
}

export function saveImage(node: NodeModules, dir: string, img: IndexImage): void {
  const { fs, path, crypto } = node
  const sha256 = crypto.createHash('sha256').update(img.image).digest('hex')
  const name = `index-${sha256.slice(0, 16)}.sqlite`
  writeFileAtomic(node, path.join(dir, name), img.image)
  const manifest: Manifest = {
    format: FORMAT,
    image: name,
    bytes: img.image.byteLength,
    sha256,
    uptoSeq: img.uptoSeq,
    journalHash: img.journalHash,
  }
  writeFileAtomic(node, path.join(dir, MANIFEST), JSON.stringify(manifest))
  let removed = false
  for (const other of fs.readdirSync(dir)) {
    if (other !== name && /^index-[0-9a-f]{16}\.sqlite(\.tmp-.*)?$/.test(other)) {
      fs.rmSync(path.join(dir, other), { force: true })
      removed = true
    }
  }
  if (removed) fsyncDir(node, dir)
}

/** The image and why it was not usable, if it was not. */
export function loadImage(node: NodeModules, dir: string): { image: IndexImage | null; problem?: string } {
  const { fs, path, crypto } = node
  let m: Manifest
  try {
    m = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as Manifest
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return { image: null }
    return { image: null, problem: `${MANIFEST} is unreadable: ${(err as Error).message}` }
  }
  const valid =
    m !== null &&
    typeof m === 'object' &&
    m.format === FORMAT &&
    typeof m.image === 'string' &&
    /^index-[0-9a-f]{16}\.sqlite$/.test(m.image) &&
    Number.isSafeInteger(m.bytes) &&
    typeof m.sha256 === 'string' &&
    Number.isSafeInteger(m.uptoSeq) &&
    m.uptoSeq >= 0 &&
    typeof m.journalHash === 'string'
  if (!valid) return { image: null, problem: `${MANIFEST} is not a ${FORMAT} manifest` }
  let bytes: Buffer
  try {
    bytes = fs.readFileSync(path.join(dir, m.image))
  } catch (err) {
    return { image: null, problem: `${m.image} is unreadable: ${(err as Error).message}` }
  }
  if (bytes.byteLength !== m.bytes || crypto.createHash('sha256').update(bytes).digest('hex') !== m.sha256) {
    return { image: null, problem: `${m.image} does not match its manifest (length or SHA-256)` }
  }
  const image = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return { image: { image, uptoSeq: m.uptoSeq, journalHash: m.journalHash } }
}
