/**
 * The plugin instances of this process that serve a dev page, by root: webpack and Rspack run the compiler and the
 * dev server in one process, but the middleware is created apart from the plugin, so it finds the plugin's sites
 * here. On `globalThis` under a registered symbol, so two copies of the package still meet.
 */
import type { ManifestSite } from '../adapter/manifest'

type SitesOf = () => ManifestSite[]
const KEY = Symbol.for('memory-customs.inspector.collectors.v1')

function registry(): Set<{ root: string; sites: SitesOf }> {
  const g = globalThis as unknown as Record<symbol, Set<{ root: string; sites: SitesOf }> | undefined>
  return (g[KEY] ??= new Set())
}

/** A plugin instance that runs under a dev server offers its sites (analysed so far) for `root`. */
export function offerSites(root: string, sites: SitesOf): void {
  registry().add({ root, sites })
}

/** The root of the plugin instance that last started under a dev server in this process, if any. */
export function offeredRoot(): string | undefined {
  let last: string | undefined
  for (const entry of registry()) last = entry.root
  return last
}

/** Every site the plugin instances of `root` analysed so far. */
export function collectorSites(root: string): ManifestSite[] {
  const out: ManifestSite[] = []
  for (const entry of registry()) if (entry.root === root) out.push(...entry.sites())
  return out
}
