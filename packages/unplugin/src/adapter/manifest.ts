import type { SiteMeta } from 'memory-customs/probe'
import type { CallSite } from '../types'
import type { EmbeddedTable } from './recover'

/**
 * One site as listed in `memory-customs.sites.json`: what the probe runtime knows of it, less the argument
 * positions, plus why a site is reported but not instrumented (e.g. `super receiver`).
 */
export type ManifestSite = Omit<SiteMeta, 'keyIndex' | 'valueIndex' | 'via'> & {
  unsupported?: string
  /** A call to a wrapper: the wrapper declarations it reaches, where the writes of its second frame are. */
  wraps?: CallSite['wraps']
}

export interface ManifestFile {
  file: string
  /**
   * `transform`: analysed in this build. `embedded`: read back from the module's embedded site table because
   * the bundler served it from a cache (such files list instrumented sites only; unsupported ones are not
   * embedded).
   */
  source: 'transform' | 'embedded'
  sites: ManifestSite[]
}

export interface Manifest {
  manifestVersion: 1
  plugin: { name: 'unplugin-memory-customs'; version: string }
  framework: string
  mode: string
  totals: { files: number; sites: number; instrumented: number; unsupported: number }
  files: ManifestFile[]
}

/**
 * Collects the sites of every analysed module of one build. Keyed by file, so a module transformed again
 * (watch mode, HMR, a second environment) replaces its entry instead of adding to it.
 */
export class SiteCollector {
  private files = new Map<string, ManifestFile>()
  /** Told when a file's sites were recorded again (the dev page's list follows HMR); null while nobody listens. */
  onChange: (() => void) | null = null

  /** Records what `analyze` found in one module (an empty list forgets the file). */
  record(file: string, sites: readonly CallSite[]): void {
    if (!sites.length) {
      if (this.files.delete(file)) this.onChange?.()
      return
    }
    this.files.set(file, { file, source: 'transform', sites: sites.map(toManifestSite) })
    this.onChange?.()
  }

  /** Whether sites of this file were recorded (by a transform here or read back from module code). */
  knows(file: string): boolean {
    return this.files.has(file)
  }

  /** Adds tables read from module code, for files this build did not analyse itself. */
  recover(tables: readonly EmbeddedTable[]): void {
    for (const t of tables) {
      if (this.files.has(t.file) || !t.sites.length) continue
      this.files.set(t.file, {
        file: t.file,
        source: 'embedded',
        sites: t.sites.map((s) => ({
          file: s.file,
          line: s.line,
          column: s.column,
          fn: s.fn ?? null,
          callee: s.callee,
          rule: s.rule,
          key: s.key ?? null,
          keyKind: s.keyKind ?? 'none',
          ...(s.wrapper ? { wrapper: true } : {}),
        })),
      })
    }
  }

  has(file: string): boolean {
    return this.files.has(file)
  }

  clear(): void {
    this.files.clear()
  }

  /** All sites, ordered by file, line, column. */
  sites(): ManifestSite[] {
    return this.sortedFiles().flatMap((f) => f.sites)
  }

  manifest(meta: { version: string; framework: string; mode: string }): Manifest {
    const files = this.sortedFiles()
    const all = files.flatMap((f) => f.sites)
    const unsupported = all.filter((s) => s.unsupported).length
    return {
      manifestVersion: 1,
      plugin: { name: 'unplugin-memory-customs', version: meta.version },
      framework: meta.framework,
      mode: meta.mode,
      totals: { files: files.length, sites: all.length, instrumented: all.length - unsupported, unsupported },
      files,
    }
  }

  private sortedFiles(): ManifestFile[] {
    return [...this.files.values()]
      .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
      .map((f) => ({ ...f, sites: [...f.sites].sort((a, b) => a.line - b.line || a.column - b.column) }))
  }
}

function toManifestSite(s: CallSite): ManifestSite {
  const out: ManifestSite = {
    file: s.file,
    line: s.line,
    column: s.column,
    fn: s.fn,
    callee: s.callee,
    rule: s.rule,
    key: s.key,
    keyKind: s.keyKind,
  }
  if (s.unsupported) out.unsupported = s.unsupported
  if (s.wrapper) out.wrapper = true
  if (s.wraps) out.wraps = s.wraps
  return out
}
