import type { ResolvedOptions } from './options'
import { parse } from './analyze'
import { candidateTest, candidateWords } from './candidates'
import { wrapperIndex } from './wrappers'

/**
 * The candidate tests of `./candidates` with the wrappers found under `options.root` (parsing the modules that
 * declare them). The plugin's entry builds the same tests without importing the parser when no module mentions a
 * wrapper (see `indexNeedsParser`).
 */

/** A cheap test a module must pass before it is parsed (unplugin `transform.filter.code`); see `candidateTest`. */
export function codePrefilter(options: ResolvedOptions): RegExp {
  return candidateTest(options, wrapperWords(options))
}

/** The word-only superset of `codePrefilter` for bundlers' native filters; see `candidateWords`. */
export function nativeCodeFilter(options: ResolvedOptions): RegExp | null {
  return candidateWords(options, wrapperWords(options))
}

function wrapperWords(options: ResolvedOptions): string[] {
  return [...wrapperIndex(options.root, options.wrappers, parse).names]
}
