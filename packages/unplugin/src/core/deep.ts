import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads'
import type { ts as TS } from 'ts-morph'
import { ts } from './typescript'
import type { CallSite } from '../types'
import type { AnalyzeError } from './errors'
import type { CloneableOptions } from './options'

/**
 * Deeply nested modules. TypeScript's parser is recursive and overflows the default stack near 1,000
 * levels of nesting (5,000 parentheses, 3,000 nested calls), so a module whose analysis or instrumentation
 * overflows in-process is handed to a worker thread with a larger stack, synchronously (the bundler
 * hooks and `analyze`/`instrument` stay synchronous). The fast path never pays for it: the worker is
 * started only for such a module, and stops when it has been idle for a few seconds.
 */

/** Bracket nesting (`(`, `[`, `{`, `${`) up to which a module is instrumented; deeper ones are warned about and skipped. */
export const MAX_NESTING_DEPTH = 10_000
/** The worker's stack: room for `MAX_NESTING_DEPTH` levels of the deepest-recursing construct, with margin. */
export const WORKER_STACK_MB = 256
const ANSWER_TIMEOUT_MS = 5 * 60_000
const IDLE_MS = 5_000

export function isStackOverflow(e: unknown): boolean {
  return e instanceof RangeError && /call stack/i.test(e.message)
}

// The module that overflowed last: `instrument` right after `analyze` goes to the worker at once.
let lastDeep: { code: string; id: string } | null = null
export function markDeep(code: string, id: string): void {
  lastDeep = { code, id }
}
export function knownDeep(code: string, id: string): boolean {
  return lastDeep !== null && lastDeep.code === code && lastDeep.id === id
}

/**
 * The deepest bracket nesting of a module, by its tokens (TypeScript's scanner is iterative), and where it
 * first passed `limit`, or where it peaked. Regular expressions and template literals are re-scanned the
 * way the parser would; JSX text is scanned as code, so its brackets count too.
 */
export function nestingDepth(code: string, file: string, limit = MAX_NESTING_DEPTH): { depth: number; line: number; column: number } {
  const variant = /\.[jt]sx$/.test(file) ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, variant, code)
  const open: boolean[] = [] // true for a template substitution `${`
  let max = 0
  let at = 0
  let passed = false
  let prev = ts.SyntaxKind.Unknown
  for (let k = scanner.scan(); k !== ts.SyntaxKind.EndOfFileToken; k = scanner.scan()) {
    if ((k === ts.SyntaxKind.SlashToken || k === ts.SyntaxKind.SlashEqualsToken) && regexAllowedAfter(prev)) k = scanner.reScanSlashToken()
    if (k === ts.SyntaxKind.CloseBraceToken && open[open.length - 1]) {
      open.pop()
      k = scanner.reScanTemplateToken(false)
      if (k === ts.SyntaxKind.TemplateMiddle) open.push(true)
    } else if (k === ts.SyntaxKind.OpenParenToken || k === ts.SyntaxKind.OpenBracketToken || k === ts.SyntaxKind.OpenBraceToken) {
      open.push(false)
    } else if (k === ts.SyntaxKind.TemplateHead) {
      open.push(true)
    } else if (k === ts.SyntaxKind.CloseParenToken || k === ts.SyntaxKind.CloseBracketToken || k === ts.SyntaxKind.CloseBraceToken) {
      open.pop()
    }
    if (open.length > max) {
      max = open.length
      if (!passed) at = scanner.getTokenStart()
      if (max > limit) passed = true
    }
    prev = k
  }
  const lines = code.slice(0, at).split('\n')
  return { depth: max, line: lines.length, column: lines[lines.length - 1].length + 1 }
}

function regexAllowedAfter(k: TS.SyntaxKind): boolean {
  switch (k) {
    case ts.SyntaxKind.Identifier:
    case ts.SyntaxKind.PrivateIdentifier:
    case ts.SyntaxKind.NumericLiteral:
    case ts.SyntaxKind.BigIntLiteral:
    case ts.SyntaxKind.StringLiteral:
    case ts.SyntaxKind.RegularExpressionLiteral:
    case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
    case ts.SyntaxKind.TemplateTail:
    case ts.SyntaxKind.CloseParenToken:
    case ts.SyntaxKind.CloseBracketToken:
    case ts.SyntaxKind.CloseBraceToken:
    case ts.SyntaxKind.PlusPlusToken:
    case ts.SyntaxKind.MinusMinusToken:
    case ts.SyntaxKind.ThisKeyword:
    case ts.SyntaxKind.SuperKeyword:
    case ts.SyntaxKind.TrueKeyword:
    case ts.SyntaxKind.FalseKeyword:
    case ts.SyntaxKind.NullKeyword:
      return false
    default:
      return true
  }
}

/** The error for a module too deep to instrument, at the line where its nesting passes the limit. */
export function tooDeep(code: string, file: string): AnalyzeError {
  const d = nestingDepth(code, file)
  const detail =
    d.depth > MAX_NESTING_DEPTH
      ? `${d.depth} levels of brackets, more than the ${MAX_NESTING_DEPTH} supported`
      : `${d.depth} levels of brackets, but its expressions recurse deeper than the parser's stack allows`
  return { message: `nesting too deep: ${detail}`, line: d.line, column: d.column }
}

export type DeepTask =
  | { op: 'analyze'; code: string; id: string; options: CloneableOptions }
  | { op: 'instrument'; code: string; id: string; sites: CallSite[]; options: CloneableOptions }

/** The worker's answer; `error` says where a module overflowed even the worker's stack. */
export type DeepAnswer = { ok: true; value: unknown } | { ok: false; message: string; error?: AnalyzeError }

interface DeepWorker {
  worker: Worker
  port: MessagePort
  flag: Int32Array
  idle: ReturnType<typeof setTimeout> | null
}

let current: DeepWorker | null = null

// Plain CommonJS run by the worker: it loads the task module, then answers each task on the port and wakes
// the waiting thread. When this package runs from its TypeScript source (its own tests) the module is
// loaded through tsx's require hook (Node 20 applies no ESM loader hooks inside a worker).
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads')
const { createRequire } = require('node:module')
const { fileURLToPath } = require('node:url')
const { port, flag, url } = workerData
const send = (answer) => { port.postMessage(answer); Atomics.store(flag, 0, 1); Atomics.notify(flag, 0) }
const load = url.endsWith('.ts')
  ? Promise.resolve().then(() => createRequire(url)('tsx/cjs/api').require(fileURLToPath(url), fileURLToPath(url)))
  : import(url)
load.then(
  (mod) => port.on('message', (task) => send(mod.runDeepTask(task))),
  (err) => port.on('message', () => send({ ok: false, message: 'the deep-nesting worker failed to load: ' + (err && err.message) })),
)
`

function startWorker(): DeepWorker {
  const { port1, port2 } = new MessageChannel()
  const flag = new Int32Array(new SharedArrayBuffer(4))
  const fromSource = import.meta.url.endsWith('.ts')
  const url = new URL(fromSource ? './deep-worker.ts' : './deep-worker.mjs', import.meta.url).href
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    workerData: { port: port2, flag, url },
    transferList: [port2],
    resourceLimits: { stackSizeMb: WORKER_STACK_MB },
  })
  // Never keeps the process alive, and an error of its own only ends it (the next task starts a new one).
  worker.unref()
  worker.on('error', () => stopWorker(worker))
  worker.on('exit', () => stopWorker(worker))
  return { worker, port: port1, flag, idle: null }
}

function stopWorker(worker: Worker): void {
  if (current?.worker !== worker) return
  if (current.idle) clearTimeout(current.idle)
  current.port.close()
  current = null
  void worker.terminate()
}

/** Runs a task in the worker and blocks until it answers. Throws when it does not answer in time. */
export function runDeep(task: DeepTask): DeepAnswer {
  current ??= startWorker()
  const d = current
  if (d.idle) clearTimeout(d.idle)
  Atomics.store(d.flag, 0, 0)
  d.port.postMessage(task)
  Atomics.wait(d.flag, 0, 0, ANSWER_TIMEOUT_MS)
  const answer = receiveMessageOnPort(d.port)
  if (!answer) {
    stopWorker(d.worker)
    throw new Error(`the deep-nesting worker gave no answer within ${ANSWER_TIMEOUT_MS / 1000} s`)
  }
  d.idle = setTimeout(() => stopWorker(d.worker), IDLE_MS)
  d.idle.unref()
  return answer.message as DeepAnswer
}
