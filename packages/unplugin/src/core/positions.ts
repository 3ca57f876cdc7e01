/**
 * Positions through earlier transforms: when the code the plugin receives is not the file on disk (a plugin
 * compiled it in `load`, a loader ran before ours, a `.vue`-style preprocessor cut out a script block), the
 * sites `analyze` finds are positions in that code. The incoming source map carries them back to the
 * author's file. Pure: the bundler-specific part (which map, whether one is needed) is in
 * `../adapter/input-map`.
 */
import type { CallSite } from '../types'

/** A source map as bundlers hand it over: Rollup/Vite's combined map, webpack's loader input map. */
export interface InputSourceMap {
  sources: ReadonlyArray<string | null>
  sourcesContent?: ReadonlyArray<string | null> | null
  /** Encoded (`"AAAA;..."`) or already decoded (Rollup accepts both from plugins). */
  mappings: string | ReadonlyArray<ReadonlyArray<ReadonlyArray<number>>>
}

/** `[generatedColumn, sourceIndex, originalLine, originalColumn]`, all 0-based. */
type Segment = readonly [number, number, number, number]

/**
 * A 1-based line and column (UTF-16 code units), as in `CallSite`, plus the map source it came from.
 * `column` assumes the text from the segment to the position was copied unchanged (what a low-resolution map
 * means between its segments); `segmentColumn` is the segment's own column (what a token-level map means:
 * esbuild maps the indentation before `store.set` to the `s`). `remapSites` picks by looking at the source.
 */
export interface OriginalPosition {
  line: number
  column: number
  segmentColumn: number
  sourceIndex: number
}

/**
 * The map in `raw` (an object or its JSON text) when it is a usable standard map, else `null`: no map, an
 * empty one (`mappings: ''`, what Rollup makes of a plugin that returned none), or an index map with
 * `sections`, which no bundler hands to a transform.
 */
export function parseInputMap(raw: unknown): InputSourceMap | null {
  let map = raw
  if (typeof map === 'string') {
    try {
      map = JSON.parse(map)
    } catch {
      return null
    }
  }
  if (!map || typeof map !== 'object') return null
  const m = map as Partial<InputSourceMap>
  if (!Array.isArray(m.sources) || !m.sources.length) return null
  if (typeof m.mappings === 'string') return m.mappings ? (m as InputSourceMap) : null
  return Array.isArray(m.mappings) && m.mappings.length ? (m as InputSourceMap) : null
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const DIGIT = new Int8Array(128).fill(-1)
for (let i = 0; i < BASE64.length; i++) DIGIT[BASE64.charCodeAt(i)] = i

/**
 * Decodes a `mappings` string (base64 VLQ, source map v3) into the segments of each generated line that name
 * a source, ordered by generated column. Throws on a malformed string, which the caller treats as no map.
 */
export function decodeMappings(mappings: string): Segment[][] {
  const malformed = () => new Error('malformed source map mappings')
  const lines: Segment[][] = []
  let line: Segment[] = []
  let sorted = true
  const endLine = () => {
    if (!sorted) line.sort((a, b) => a[0] - b[0])
    lines.push(line)
    line = []
    sorted = true
  }
  // Source index, original line and original column are deltas across the whole string; the generated column
  // restarts on every line.
  let genCol = 0
  let source = 0
  let origLine = 0
  let origCol = 0
  const fields = [0, 0, 0, 0, 0]
  const end = mappings.length
  let i = 0
  while (i < end) {
    const ch = mappings.charCodeAt(i)
    if (ch === 59 /* ; */) {
      endLine()
      genCol = 0
      i++
      continue
    }
    if (ch === 44 /* , */) {
      i++
      continue
    }
    let n = 0
    while (i < end) {
      const c = mappings.charCodeAt(i)
      if (c === 44 || c === 59) break
      let value = 0
      let shift = 0
      let digit: number
      do {
        if (i >= end || shift > 30) throw malformed()
        const code = mappings.charCodeAt(i++)
        digit = code < 128 ? DIGIT[code] : -1
        if (digit < 0) throw malformed()
        value |= (digit & 31) << shift
        shift += 5
      } while (digit & 32)
      if (n < 5) fields[n] = value & 1 ? -(value >>> 1) : value >>> 1
      n++
    }
    if (n !== 1 && n !== 4 && n !== 5) throw malformed()
    genCol += fields[0]
    if (n === 1) continue
    source += fields[1]
    origLine += fields[2]
    origCol += fields[3]
    if (line.length && line[line.length - 1][0] > genCol) sorted = false
    line.push([genCol, source, origLine, origCol])
  }
  endLine()
  return lines
}

function decodedLines(map: InputSourceMap): Segment[][] {
  if (typeof map.mappings === 'string') return decodeMappings(map.mappings)
  return map.mappings.map((segments) =>
    segments
      .filter((s) => s.length >= 4)
      .map((s) => [s[0], s[1], s[2], s[3]] as const)
      .sort((a, b) => a[0] - b[0]),
  )
}

/** Looks generated positions up in one input map (decoded once, on construction). */
export class PositionMapper {
  private readonly lines: Segment[][]

  constructor(readonly map: InputSourceMap) {
    this.lines = decodedLines(map)
  }

  /**
   * Where the generated 1-based `line`/`column` came from: the last segment at or before the column, else the
   * first segment of the line; `null` when the line has no segment with a source.
   */
  original(line: number, column: number): OriginalPosition | null {
    const segments = this.lines[line - 1]
    if (!segments?.length) return null
    const col = column - 1
    let lo = 0
    let hi = segments.length - 1
    let found = -1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if (segments[mid][0] <= col) {
        found = mid
        lo = mid + 1
      } else hi = mid - 1
    }
    const [genCol, sourceIndex, origLine, origCol] = segments[found < 0 ? 0 : found]
    return { line: origLine + 1, column: origCol + 1 + (found < 0 ? 0 : col - genCol), segmentColumn: origCol + 1, sourceIndex }
  }
}

/** The last path segment of a map source or module id, without `?query`/`#hash`. */
function baseName(p: string): string {
  const bare = p.replace(/[?#].*$/, '')
  return bare.slice(bare.replace(/\\/g, '/').lastIndexOf('/') + 1)
}

/**
 * Whether map source `index` is the module's own file: a map with one source always is (that is what
 * compilers and preprocessors emit for one file); with several, the source must have the module's file name.
 */
export function isOwnSource(map: InputSourceMap, index: number, id: string): boolean {
  if (map.sources.length === 1) return index === 0
  const source = map.sources[index]
  return typeof source === 'string' && baseName(source) === baseName(id)
}

/** Sites with the positions of the author's file, and how many could not be mapped (kept as they were). */
export interface RemappedSites {
  sites: CallSite[]
  unmapped: CallSite[]
}

/** 0-based offsets of the starts of the lines of `text`. */
function lineStarts(text: string): number[] {
  const starts = [0]
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  return starts
}

/**
 * The column of the call in the original line: where the call's leading identifier (`store`, `this`) stands
 * at the copied-text column, else at the segment's column, else first after the segment's column on that
 * line; when the call's text is not there (a compiler rewrote it) or the source is unknown, the segment's
 * column for a token-level map and the copied-text column otherwise.
 */
function pickColumn(pos: OriginalPosition, lead: string, source: { text: string; starts: number[] } | null): number {
  if (!source || !lead) return pos.column
  const start = source.starts[pos.line - 1]
  if (start === undefined) return pos.column
  const end = pos.line < source.starts.length ? source.starts[pos.line] : source.text.length
  const lineText = source.text.slice(start, end)
  if (lineText.startsWith(lead, pos.column - 1)) return pos.column
  if (lineText.startsWith(lead, pos.segmentColumn - 1)) return pos.segmentColumn
  const found = lineText.indexOf(lead, pos.segmentColumn - 1)
  return found >= 0 ? found + 1 : pos.segmentColumn
}

/**
 * Replaces each site's `line`/`column` with its position in the module's original file. `start`/`end` stay
 * offsets into `code`, the code the plugin received, which is what `instrument` edits. `original` is the
 * module's file as written (to place the column exactly; `null` when unknown). A site whose line has no
 * mapping, or maps into another file, keeps its position and is listed in `unmapped`.
 */
export function remapSites(
  sites: readonly CallSite[],
  mapper: PositionMapper,
  id: string,
  code: string,
  original: string | null,
): RemappedSites {
  const out: CallSite[] = []
  const unmapped: CallSite[] = []
  const source = original === null ? null : { text: original, starts: lineStarts(original) }
  for (const site of sites) {
    const pos = mapper.original(site.line, site.column)
    if (!pos || !isOwnSource(mapper.map, pos.sourceIndex, id)) {
      unmapped.push(site)
      out.push(site)
      continue
    }
    const lead = /^[\p{L}\p{N}_$#]+|^\S/u.exec(code.slice(site.start, site.start + 80))?.[0] ?? ''
    out.push({ ...site, line: pos.line, column: pickColumn(pos, lead, source) })
  }
  return { sites: out, unmapped }
}

/**
 * Gives the `wraps` entries that point into the module itself (`file`) the lines of the author's file: `lines`
 * holds the declarations read from that file, by `fn`; an entry not found there is mapped like a site.
 * Entries for other files were read from disk and stay as they are.
 */
export function relocateOwnWraps(
  sites: readonly CallSite[],
  file: string,
  lines: ReadonlyMap<string, number>,
  mapper: PositionMapper,
  id: string,
): CallSite[] {
  const relocate = (w: { file: string; line: number; fn: string }) => {
    if (w.file !== file) return w
    const known = lines.get(w.fn)
    if (known !== undefined) return { ...w, line: known }
    const pos = mapper.original(w.line, 1)
    return pos && isOwnSource(mapper.map, pos.sourceIndex, id) ? { ...w, line: pos.line } : w
  }
  return sites.map((s) => (s.wraps?.some((w) => w.file === file) ? { ...s, wraps: s.wraps.map(relocate) } : s))
}

/** Text with a leading byte-order mark removed (bundlers differ in whether they strip it when loading). */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/**
 * True when `map` only maps `code` onto itself: what Rollup and Vite hand out from `getCombinedSourcemap()`
 * when no earlier plugin returned a map (an identity map whose only source content is the code itself).
 */
export function isIdentityOf(map: InputSourceMap, code: string): boolean {
  const contents = map.sourcesContent
  return map.sources.length === 1 && !!contents && typeof contents[0] === 'string' && withoutBom(contents[0]) === withoutBom(code)
}
