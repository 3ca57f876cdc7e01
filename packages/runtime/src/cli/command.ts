import type { Customs } from '../index'
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
  /** Whether the command writes to the store (takes the writer lock). */
  writes?: boolean
  run(ctx: CommandContext): Promise<number>
}
