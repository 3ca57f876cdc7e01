/** A plugin option is wrong. `option` is its path, e.g. `targets[2].keyIndex` or `env.production.verbs[0]`. */
export class OptionsError extends Error {
  readonly code = 'INVALID_OPTION' as const
  readonly option: string

  constructor(option: string, message: string) {
    super(`[memory-customs] invalid option \`${option}\`: ${message}`)
    this.name = 'OptionsError'
    this.option = option
  }
}

/** Where a file could not be analysed (parse error or internal failure), for the adapter's warning. */
export interface AnalyzeError {
  message: string
  /** 1-based line of the first problem, or 1 when unknown. */
  line: number
  /** 1-based column of the first problem, or 1 when unknown. */
  column: number
}
