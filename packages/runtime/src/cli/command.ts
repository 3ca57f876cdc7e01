import type { Customs } from '../index'
import type { OpenMode } from './store'
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
  /** The store directory, checked to be a store (absolute). */
  storePath(): string
  /** Opens the store once more, in the given mode; the caller closes it. */
  open(mode: OpenMode): Promise<Customs>
  out(line?: string): void
  /** Prints one JSON document. */
  emit(value: unknown): void
  readText(path: string): string
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
  run(ctx: CommandContext): Promise<number>
}
