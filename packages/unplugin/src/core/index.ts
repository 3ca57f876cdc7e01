/** The pure, bundler-agnostic core of the plugin: options, matching, analysis and instrumentation. */
export { analyze, analyzeSafe } from './analyze'
export { instrument, isInstrumented, MARKER, siteMeta } from './instrument'
export {
  resolveOptions,
  ensureResolved,
  isResolvedOptions,
  OptionError,
  OptionsError,
  DEFAULT_EXCLUDE_CALLEES,
  DEFAULT_NOUNS,
  DEFAULT_VERBS,
  RUNTIME_APIS,
  type ResolvedOptions,
} from './options'
export { normalizeId } from './ids'
export { codePrefilter } from './prefilter'
export type { AnalyzeError } from './errors'
