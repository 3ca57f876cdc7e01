import type { Customs } from '../index'
import type { Progress } from './progress'
import type { OpenMode, PostgresLocation, StoreOptions } from './store'
import type { Style } from './style'

export type OptionSpec = { type: 'string' | 'boolean'; short?: string; multiple?: false }

export interface CommandContext {
  values: Record<string, string | boolean | undefined>
  positionals: string[]
  json: boolean
  style: Style
  storeDir: string
  /** Opens the store on first use (so usage errors are reported before the store is touched). */
  store(): Promise<Customs>
  /** The key directory (`--key-dir`, `MEMORY_CUSTOMS_KEY_DIR` or the default), absolute. */
  keyDir(): Promise<string>
  /** The store directory, checked to be a store (absolute); or the `postgres://` URL of a PostgreSQL store. */
  storePath(): string
  /** Which store of the database a `postgres://` URL names (`--pg-store`, `--pg-schema`). */
  postgres: PostgresLocation
  /** Opens the store once more, in the given mode; the caller closes it. */
  open(mode: OpenMode): Promise<Customs>
  out(line?: string): void
  /** Prints one JSON document. */
  emit(value: unknown): void
  readText(path: string): string
  /** A path given on the command line, made absolute against the CLI's working directory. */
  resolvePath(path: string): string
  /** A file's text, or standard input's for `-` (what `scan` reads). */
  readInput(path: string): string
  /** The clock the store is opened with (epoch ms): what review timeouts are measured against. */
  now(): number
  /**
   * A progress line on standard error for long work; draws nothing under --json or when stderr is not a terminal,
   * nor (`streamsStdout`: the command writes its output line by line) when standard output is that terminal too.
   */
  progress(label: string, options?: { unit?: string; streamsStdout?: boolean }): Progress
}

export interface Command {
  name: string
  /** One line for the command list. */
  summary: string
  /** The synopsis, e.g. `show <seq>`. */
  usage: string
  /** What `<command> --help` prints below the synopsis. */
  details: string
  options: Record<string, OptionSpec>
  positionals: { min: number; max: number }
  /** Whether the command writes to the store (takes the writer lock); may depend on its options. */
  writes?: boolean | ((values: CommandContext['values']) => boolean)
  /** Options for `createCustoms` beyond the storage and keys (e.g. `review.timeoutMs`), from the command's options. */
  storeOptions?: (values: CommandContext['values']) => StoreOptions
  run(ctx: CommandContext): Promise<number>
}
