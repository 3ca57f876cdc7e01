/**
 * A plugin option is wrong (code `BAD_OPTION`, as in the runtime's OptionError). `option` is its path, e.g.
 * `targets[2].keyIndex` or `env.production.verbs[0]`.
 */
export class OptionError extends Error {
  readonly code = 'BAD_OPTION' as const
  readonly option: string

  constructor(option: string, message: string) {
    super(`[memory-customs] invalid option \`${option}\`: ${message}`)
    this.name = 'OptionError'
    this.option = option
  }
}

/** @deprecated The former name of {@link OptionError} (the same class); its code is now `BAD_OPTION`. */
export const OptionsError = OptionError
/** @deprecated The former name of {@link OptionError}. */
export type OptionsError = OptionError

/** Where a file could not be analysed (parse error or internal failure), for the adapter's warning. */
export interface AnalyzeError {
  message: string
  /** 1-based line of the first problem, or 1 when unknown. */
  line: number
  /** 1-based column of the first problem, or 1 when unknown. */
  column: number
}
