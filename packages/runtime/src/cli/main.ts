import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { parseArgs } from 'node:util'
import type { Customs } from '../index'
import type { Command, CommandContext, OptionSpec } from './command'
import { commands, findCommand } from './commands/index'
import { CliError, EXIT, usageError } from './errors'
import { commandHelp, mainHelp } from './help'
import { createProgress } from './progress'
import { checkStoreDir, isPostgresUrl, keyDirFor, openStore, type OpenMode } from './store'
import { colourWanted, createStyle } from './style'

const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  store: { type: 'string' },
  'key-dir': { type: 'string' },
  'pg-store': { type: 'string' },
  'pg-schema': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
}

export interface Io {
  stdout: { write(s: string): unknown; isTTY?: boolean }
  stderr: { write(s: string): unknown; isTTY?: boolean; columns?: number }
  env: Record<string, string | undefined>
  cwd: string
  /** Standard input as text (default: read file descriptor 0); tests running in-process pass their own. */
  readStdin?: () => string
}

function version(): string {
  // dist/cli.mjs and src/cli/main.ts both sit one or two levels below the package root.
  const require = createRequire(import.meta.url)
  for (const p of ['../package.json', '../../package.json']) {
    try {
      const pkg = require(p) as { name?: string; version?: string }
      if (pkg.name === 'memory-customs' && pkg.version) return pkg.version
    } catch {
      // Try the next layout.
    }
  }
  return 'unknown'
}

/** Global options that take a value (their value is not the command). */
const VALUED = new Set(['--store', '--key-dir'])

/** The command is the first argument that is neither an option nor the value of `--store` or `--key-dir`. */
function splitCommand(argv: string[]): { name: string | undefined; rest: string[] } {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === '--') break
    if (VALUED.has(a)) {
      i++
      continue
    }
    if (!a.startsWith('-')) return { name: a, rest: [...argv.slice(0, i), ...argv.slice(i + 1)] }
  }
  return { name: undefined, rest: argv }
}

/** A negative number (`at -1`, `--to -1`): an argument, never an option, so the command's own check names it. */
const NEGATIVE_NUMBER = /^-\d+(?:\.\d*)?$/

/**
 * Parses a command's arguments with the CLI's own messages: `node:util` parseArgs' strict errors (`Unknown option
 * '-1'`, `argument is ambiguous`) describe its syntax rules, not the command. The arguments are tokenised leniently,
 * then every option is checked against the command's: unknown ones are named with the options that exist, a valued
 * option without its value and a value given to a flag are usage errors, and a negative number stays an argument.
 */
function parseFor(command: Command | null, argv: string[]) {
  const options: Record<string, OptionSpec> = { ...GLOBAL_OPTIONS, ...command?.options }
  const hint = command ? `see "memory-customs ${command.name} --help"` : 'see "memory-customs --help"'
  const negatives = new Map<string, string>()
  const args = argv.map((a, i) => {
    if (!NEGATIVE_NUMBER.test(a)) return a
    const placeholder = `\u0000${i}`
    negatives.set(placeholder, a)
    return placeholder
  })
  const { values, positionals, tokens } = parseArgs({ args, options, allowPositionals: true, strict: false, tokens: true })
  for (const token of tokens) {
    if (token.kind !== 'option') continue
    const spec = Object.hasOwn(options, token.name) ? options[token.name] : undefined
    if (!spec) throw usageError(`unknown option ${token.rawName}${command ? ` for ${command.name}` : ''}; ${optionList(command)}`, hint)
    const flag = `--${token.name}`
    if (spec.type === 'boolean' && token.inlineValue) throw usageError(`${flag} takes no value (got ${JSON.stringify(token.value)})`, hint)
    if (spec.type === 'string' && (token.value === undefined || (!token.inlineValue && isOptionName(token.value, options))))
      throw usageError(`${flag} needs a value: memory-customs ${command?.usage ?? '<command>'}`, hint)
  }
  const restore = (v: string) => negatives.get(v) ?? v
  const restored: Record<string, string | boolean | undefined> = {}
  for (const [k, v] of Object.entries(values)) restored[k] = typeof v === 'string' ? restore(v) : (v as boolean | undefined)
  return { values: restored, positionals: positionals.map(restore) }
}

/** Whether a value that parseArgs took for a valued option is really the next option (`--since --json`). */
function isOptionName(value: string, options: Record<string, OptionSpec>): boolean {
  if (value.startsWith('--')) return Object.hasOwn(options, value.slice(2).split('=')[0])
  return /^-[A-Za-z]$/.test(value) && Object.values(options).some((o) => o.short === value.slice(1))
}

/** The options a command takes, for an unknown-option message. */
function optionList(command: Command | null): string {
  const global = Object.keys(GLOBAL_OPTIONS).map((o) => `--${o}`)
  if (!command) return `the options without a command are ${global.join(', ')}`
  const own = Object.keys(command.options).map((o) => `--${o}`)
  return `${command.name} takes ${own.length ? own.join(', ') : 'no options of its own'} (and ${global.join(', ')})`
}

/** Runs the CLI and returns its exit code; never calls process.exit, so tests can run it in-process. */
export async function main(argv: string[], io: Io): Promise<number> {
  const style = createStyle(colourWanted(io.stdout, io.env))
  const errStyle = createStyle(colourWanted(io.stderr, io.env))
  let opened: Customs | null = null
  // Known before parsing, so that even a usage error is reported as JSON on stderr under --json.
  let wantJson = argv.includes('--json')
  try {
    const { name, rest } = splitCommand(argv)
    const lead = name === 'help' ? null : name === undefined ? null : findCommand(name)
    if (name !== undefined && name !== 'help' && !lead) {
      throw usageError(`unknown command ${JSON.stringify(name)}`, `commands: ${commands.map((c) => c.name).join(', ')}`)
    }
    const parsed = parseFor(lead ?? null, rest)
    const values = parsed.values as Record<string, string | boolean | undefined>
    wantJson = values.json === true
    if (values.version) {
      io.stdout.write(`${version()}\n`)
      return EXIT.OK
    }
    if (name === 'help') {
      const topic = parsed.positionals[0]
      const c = topic === undefined ? null : findCommand(topic)
      if (topic !== undefined && !c) throw usageError(`no help for unknown command ${JSON.stringify(topic)}`)
      io.stdout.write(`${c ? commandHelp(c) : mainHelp()}\n`)
      return EXIT.OK
    }
    if (!lead) {
      if (values.help) {
        io.stdout.write(`${mainHelp()}\n`)
        return EXIT.OK
      }
      throw usageError('no command given', 'run "memory-customs --help" for the list of commands')
    }
    if (values.help) {
      io.stdout.write(`${commandHelp(lead)}\n`)
      return EXIT.OK
    }
    const { min, max } = lead.positionals
    const pos = parsed.positionals
    if (pos.length < min) throw usageError(`${lead.name} needs ${min} argument${min === 1 ? '' : 's'}: memory-customs ${lead.usage}`)
    if (pos.length > max) throw usageError(`unexpected argument ${JSON.stringify(pos[max])}: memory-customs ${lead.usage}`)
    const storeDir = typeof values.store === 'string' ? values.store : '.memory-customs'
    const mode: OpenMode = (typeof lead.writes === 'function' ? lead.writes(values) : lead.writes) ? 'write' : 'read'
    const keyDir = () => keyDirFor(typeof values['key-dir'] === 'string' ? values['key-dir'] : undefined, io.env, io.cwd)
    const pg = {
      ...(typeof values['pg-store'] === 'string' ? { store: values['pg-store'] } : {}),
      ...(typeof values['pg-schema'] === 'string' ? { schema: values['pg-schema'] } : {}),
    }
    // A postgres:// URL names a PostgreSQL store; anything else is a store directory.
    const storePath = () => (isPostgresUrl(storeDir) ? storeDir : checkStoreDir(resolveFrom(io.cwd, storeDir)))
    const extra = lead.storeOptions?.(values) ?? {}
    const now = extra.now ?? Date.now
    const ctx: CommandContext = {
      values,
      positionals: pos,
      json: wantJson,
      style: wantJson ? createStyle(false) : style,
      storeDir,
      async store() {
        if (!opened) opened = (await openStore(storePath(), mode, await keyDir(), extra, pg)).customs
        return opened
      },
      keyDir,
      storePath,
      postgres: pg,
      async open(m) {
        return (await openStore(storePath(), m, await keyDir(), extra, pg)).customs
      },
      // Under --json, stdout carries the one JSON document and nothing else: any text line goes to stderr.
      out: (line = '') => void (wantJson ? io.stderr : io.stdout).write(`${line}\n`),
      emit: (value) => void io.stdout.write(`${JSON.stringify(value, null, 2)}\n`),
      resolvePath: (path) => resolveFrom(io.cwd, path),
      readText(path) {
        try {
          return readFileSync(resolveFrom(io.cwd, path), 'utf8')
        } catch (err) {
          throw usageError(`cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`)
        }
      },
      readInput(path) {
        if (path !== '-') return ctx.readText(path)
        try {
          return io.readStdin ? io.readStdin() : readFileSync(0, 'utf8')
        } catch (err) {
          throw usageError(`cannot read standard input: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`)
        }
      },
      now,
      progress: (label, o = {}) =>
        createProgress(io.stderr, { label, unit: o.unit, enabled: !wantJson && !(o.streamsStdout && io.stdout.isTTY) }),
    }
    return await lead.run(ctx)
  } catch (err) {
    const e = err instanceof CliError ? err : runtimeFailure(err)
    if (wantJson) io.stderr.write(`${JSON.stringify({ error: { code: e.code ?? 'ERROR', message: e.message, exitCode: e.exitCode } })}\n`)
    else io.stderr.write(`${errStyle.red('memory-customs:')} ${e.message}\n${e.hint ? `${e.hint}\n` : ''}`)
    return e.exitCode
  } finally {
    if (opened) await (opened as Customs).close().catch(() => undefined)
  }
}

/**
 * A runtime error that reached the top: a stored value that failed its integrity check and a write refused
 * on a read-only (damaged or unverified) store are failures of the store's contents (exit 1), missing keys
 * exit 4, anything else is an unreadable store (exit 3). Printed as one line with its code, never a stack.
 */
function runtimeFailure(err: unknown): CliError {
  const e = err as { message?: string; code?: unknown; name?: string }
  const code = typeof e?.code === 'string' ? e.code : undefined
  const message = `${e?.message ?? String(err)}`.replace(/^memory-customs: /, '')
  if (code === 'VALUE_INTEGRITY' || e?.name === 'DamagedStoreError')
    return new CliError(EXIT.FAILED, `${code}: ${message}`, undefined, code)
  if (code?.startsWith('KEYS_')) return new CliError(EXIT.KEYS, message, undefined, code)
  return new CliError(EXIT.STORE, message, undefined, code)
}

function resolveFrom(cwd: string, p: string): string {
  return p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) ? p : `${cwd.replace(/[\\/]$/, '')}/${p}`
}
