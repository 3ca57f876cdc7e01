import type { SyntaxNode, Tree } from '@lezer/common'
import { parser as jsParser } from '@lezer/javascript'
import { parser as pyParser } from '@lezer/python'
import type { Severity } from '../../types'
import type { CodeFindings, CodeRuleName } from './hit'
import { emptyFindings, evidenceOf, rank, shift } from './hit'
import { fixedProgram } from './fixed-program'
import { isCredentialPath, isOutsidePath, isShell, isSystemControl, isSystemPath } from './paths'
import type { Binding } from './scope'
import { collectBindings, lookup, stringContent } from './scope'
import { sentData } from './sent-data'
import type { SnippetReader } from './snippet-reader'
import { analyzeShell, MAX_DEPTH } from './shell'
import { isDecoder, isEnvPath, isInputPath, isInputSource, isPrinter, isRiskyModule, isSpawnModule, normalizePath, sinkOf } from './sinks'
import type { DynamicSource, Value } from './values'
import { combine, literal, UNKNOWN } from './values'

export type TreeLanguage = 'javascript' | 'typescript' | 'python'

const tsParser = jsParser.configure({ dialect: 'ts' })

/** Parses code; lezer recovers from errors, so a tree always comes back. */
export function parseCode(language: TreeLanguage, text: string): Tree {
  if (language === 'python') return pyParser.parse(text)
  return (language === 'typescript' ? tsParser : jsParser).parse(text)
}

/** Share of error nodes among all nodes: how much a tree is to be trusted. */
export function errorShare(tree: Tree): number {
  let nodes = 0
  let errors = 0
  tree.iterate({
    enter(ref) {
      nodes++
      if (ref.type.isError) errors++
    },
  })
  return nodes === 0 ? 1 : errors / nodes
}

const LITERAL_NODES = new Set(['Number', 'Boolean', 'BooleanLiteral', 'null', 'None', 'RegExp', 'Ellipsis', 'BigInt'])
const FUNCTION_NODES = new Set(['ArrowFunction', 'FunctionExpression', 'LambdaExpression', 'ClassExpression'])
const COMPOSITE_NODES = new Set(['ArrayExpression', 'TupleExpression', 'ObjectExpression', 'DictionaryExpression', 'SetExpression'])
const PURE_HELPERS =
  /^(?:path\.(?:join|resolve|normalize)|os\.path\.(?:join|abspath|expanduser)|String|str|Path|pathlib\.Path|JSON\.stringify)$/
const SAFE_GLOBALS = new Set(['__dirname', '__filename', '__file__', '__name__', 'undefined', 'NaN', 'Infinity'])
const SHELL_TRIGGER =
  /\||\/dev\/(?:tcp|udp)|mkfifo|\brm\s+-|\bcurl\b|\bwget\b|\bnc\b|\bncat\b|mkfs|:\(\)|\biex\b|\bsh\s+-|\bbash\s+-|\bchmod\b|>/

interface EngineOptions {
  language: TreeLanguage
  /** True when the code's language is unknown (parsed as JavaScript): other languages' spawners count too. */
  other: boolean
  depth: number
}

/** Per-call facts gathered while walking, judged once the whole snippet has been seen. */
interface Capabilities {
  socketConnect: SyntaxNode | null
  dup2: boolean
  shellSpawn: SyntaxNode | null
  secretRead: SyntaxNode | null
  envDump: SyntaxNode | null
  /** Every network send (an exfiltration is reported at the first). */
  sends: SyntaxNode[]
  /** The `send`/`sendall`/`sendto` calls a socket of the snippet may make. */
  socketSends: SyntaxNode[]
  spawnCalls: number
  spawnModuleImport: SyntaxNode | null
}

class Engine {
  readonly out: CodeFindings = emptyFindings()
  private readonly bindings: Map<string, Binding[]>
  private readonly lang: 'javascript' | 'python'
  private readonly caps: Capabilities = {
    socketConnect: null,
    dup2: false,
    shellSpawn: null,
    secretRead: null,
    envDump: null,
    sends: [],
    socketSends: [],
    spawnCalls: 0,
    spawnModuleImport: null,
  }
  /** Shell analyses of command texts seen in this snippet, at offset 0 (a script repeats its commands). */
  private readonly shellMemo = new Map<string, CodeFindings>()
  /** String nodes already analysed as commands or code (so the literal sweep does not report them twice). */
  private readonly consumed = new Set<number>()
  private resolving = 0

  constructor(
    private readonly tree: Tree,
    private readonly source: string,
    private readonly offset: number,
    private readonly opts: EngineOptions,
  ) {
    this.lang = opts.language === 'python' ? 'python' : 'javascript'
    this.bindings = collectBindings(tree, source, this.lang)
  }

  private text(node: SyntaxNode): string {
    return this.source.slice(node.from, node.to)
  }

  private hit(rule: CodeRuleName, severity: Severity, node: SyntaxNode, label: string): void {
    this.out.hits.push({
      rule,
      severity,
      start: this.offset + node.from,
      end: this.offset + node.to,
      evidence: evidenceOf(label, this.text(node)),
    })
  }

  private effect(kind: 'spawn' | 'network' | 'write' | 'eval', contained: boolean, node: SyntaxNode, label: string): void {
    this.out.effects.push({
      kind,
      contained,
      start: this.offset + node.from,
      end: this.offset + node.to,
      evidence: evidenceOf(label, this.text(node)),
    })
  }

  // ---- value resolution -------------------------------------------------------------------------------------

  /** What an expression evaluates to, as far as this snippet tells. */
  resolve(node: SyntaxNode | null): Value {
    if (!node) return UNKNOWN
    if (this.resolving > 40) return UNKNOWN
    this.resolving++
    try {
      return this.resolveNode(node)
    } finally {
      this.resolving--
    }
  }

  private resolveNode(node: SyntaxNode): Value {
    const name = node.name
    if (name === 'String') return literal(stringContent(this.source, node).text)
    if (LITERAL_NODES.has(name) || FUNCTION_NODES.has(name)) return literal()
    if (name === 'TemplateString' || name === 'FormatString') {
      const parts = node.getChildren(name === 'TemplateString' ? 'Interpolation' : 'FormatReplacement')
      if (parts.length === 0) return literal(name === 'TemplateString' ? this.text(node).slice(1, -1) : null)
      return combine(
        parts.map((p) => this.resolve(p.firstChild?.nextSibling ?? null)),
        null,
      )
    }
    if (name === 'ParenthesizedExpression' || name === 'AwaitExpression')
      return this.resolve(node.lastChild?.prevSibling ?? node.firstChild)
    if (name === 'BinaryExpression' || name === 'ConditionalExpression') {
      const parts: Value[] = []
      for (let c = node.firstChild; c; c = c.nextSibling)
        if (!c.type.isError && /Expression|Name|String|Number|Template|Format/.test(c.name)) parts.push(this.resolve(c))
      return combine(parts, '')
    }
    if (COMPOSITE_NODES.has(name)) {
      const parts: Value[] = []
      for (let c = node.firstChild; c; c = c.nextSibling) {
        if (c.name === 'Property' || c.name === 'PropertyDefinition') continue
        if (/Expression|Name|String|Number|Template|Format|Boolean|null|None/.test(c.name)) parts.push(this.resolve(c))
      }
      return combine(parts, ' ')
    }
    if (name === 'VariableName' || name === 'this' || name === 'super') return this.resolveName(node)
    if (name === 'MemberExpression' || name === 'SubscriptExpression') return this.resolveMember(node)
    if (name === 'CallExpression' || name === 'NewExpression') return this.resolveCall(node)
    return UNKNOWN
  }

  private resolveName(node: SyntaxNode): Value {
    const name = this.text(node)
    const binding = lookup(this.bindings, name, node.from)
    if (!binding) {
      if (SAFE_GLOBALS.has(name)) return literal()
      return { t: 'path', path: name, obfuscated: false }
    }
    if (binding.kind === 'import') return { t: 'path', path: binding.module ?? name, obfuscated: false }
    if (binding.kind === 'param') return { t: 'dyn', src: 'param' }
    if (binding.kind === 'function') return literal()
    if (!binding.init || (binding.init.from <= node.from && node.to <= binding.init.to))
      return { t: 'path', path: `local:${name}`, obfuscated: false }
    const value = this.resolve(binding.init)
    if (binding.property) {
      if (value.t === 'path') return { t: 'path', path: `${value.path}.${binding.property}`, obfuscated: value.obfuscated }
      return value.t === 'lit' ? literal() : value
    }
    return value
  }

  private memberKey(node: SyntaxNode): string | null {
    const last = node.lastChild
    if (!last) return null
    if (last.name === 'PropertyName') return this.text(last)
    const key = last.name === ']' ? last.prevSibling : null
    if (key && key.name === 'String') return stringContent(this.source, key).text
    return null
  }

  private resolveMember(node: SyntaxNode): Value {
    const object = this.resolve(node.firstChild)
    const key = this.memberKey(node)
    if (object.t === 'lit') return literal()
    if (object.t === 'dyn') return object
    const path = key === null ? object.path : `${object.path}.${key}`
    if (isEnvPath(path)) return { t: 'dyn', src: 'env' }
    if (isInputPath(path)) return { t: 'dyn', src: 'input' }
    return { t: 'path', path, obfuscated: object.obfuscated }
  }

  private args(call: SyntaxNode): SyntaxNode[] {
    const list = call.getChild('ArgList')
    const out: SyntaxNode[] = []
    if (!list) return out
    for (let c = list.firstChild; c; c = c.nextSibling) {
      if (c.name === '(' || c.name === ')' || c.name === ',' || c.type.isError) continue
      // Python keyword arguments: `shell=True` is a name, an `=` and a value; keep only the value.
      if (c.name === 'VariableName' && c.nextSibling?.name === 'AssignOp') continue
      if (c.name === 'AssignOp' || c.name === '*' || c.name === '**' || c.name === 'Spread') continue
      out.push(c)
    }
    return out
  }

  private keywordArg(call: SyntaxNode, name: string): SyntaxNode | null {
    const list = call.getChild('ArgList')
    for (let c = list?.firstChild ?? null; c; c = c.nextSibling) {
      if (c.name === 'VariableName' && this.text(c) === name && c.nextSibling?.name === 'AssignOp') return c.nextSibling.nextSibling
    }
    return null
  }

  private calleePath(call: SyntaxNode): { path: string; obfuscated: boolean } | null {
    const callee = call.name === 'NewExpression' ? (call.firstChild?.nextSibling ?? null) : call.firstChild
    const value = this.resolve(callee)
    return value.t === 'path' ? { path: normalizePath(value.path), obfuscated: value.obfuscated } : null
  }

  private resolveCall(node: SyntaxNode): Value {
    const callee = this.calleePath(node)
    const args = this.args(node)
    if (!callee) {
      // A method of a dynamic value (`b64decode(x).decode()`, `resp.read()`) keeps that value's source.
      const target = node.firstChild
      const receiver = target?.name === 'MemberExpression' ? this.resolve(target.firstChild) : null
      return receiver && receiver.t === 'dyn' ? receiver : { t: 'dyn', src: 'call' }
    }
    const { path } = callee
    if ((path === 'require' || path === '__import__' || path === 'importlib.import_module') && args[0]) {
      const arg = this.resolve(args[0])
      if (arg.t === 'lit' && arg.text !== null) return { t: 'path', path: arg.text.replace(/^node:/, ''), obfuscated: path !== 'require' }
      return { t: 'dyn', src: 'call' }
    }
    if (path === 'getattr' && args.length >= 2) {
      const object = this.resolve(args[0] ?? null)
      const key = this.resolve(args[1] ?? null)
      if (object.t === 'path' && key.t === 'lit' && key.text !== null)
        return { t: 'path', path: `${object.path}.${key.text}`, obfuscated: true }
      return { t: 'dyn', src: 'call' }
    }
    // `.decode('utf-8')` of decoded bytes stays decoded (resolved through its receiver); a decoder call is one.
    if (isDecoder(path)) return { t: 'dyn', src: 'decode' }
    if (isInputSource(path)) return { t: 'dyn', src: 'input' }
    if (isEnvPath(path)) return { t: 'dyn', src: 'env' }
    const sink = sinkOf(path, this.lang, this.opts.other)
    if (sink === 'network') return { t: 'dyn', src: 'network' }
    if (PURE_HELPERS.test(path))
      return combine(
        args.map((a) => this.resolve(a)),
        '/',
      )
    return { t: 'dyn', src: 'call' }
  }

  // ---- judging calls ----------------------------------------------------------------------------------------

  /** The shell analysis of a command text at `offset`: computed once per distinct text in this snippet, fresh copies. */
  private shellOf(command: string, offset: number): CodeFindings {
    let relative = this.shellMemo.get(command)
    if (!relative) {
      relative = analyzeShell(command, 0, nestedAnalysis, this.opts.depth + 1)
      this.shellMemo.set(command, relative)
    }
    return {
      hits: relative.hits.map((h) => ({ ...h, start: h.start + offset, end: h.end + offset })),
      effects: relative.effects.map((e) => ({ ...e, start: e.start + offset, end: e.end + offset })),
    }
  }

  private isPrinted(call: SyntaxNode): boolean {
    const list = call.parent
    const outer = list?.name === 'ArgList' ? list.parent : null
    if (!outer || outer.name !== 'CallExpression') return false
    const callee = this.calleePath(outer)
    return callee !== null && isPrinter(callee.path)
  }

  private dynamicSeverity(src: DynamicSource): Severity {
    return src === 'decode' ? 'critical' : 'high'
  }

  /** Analyses a literal code string handed to eval/exec in the same language; returns the worst severity inside. */
  private nestedCode(node: SyntaxNode, language: TreeLanguage): Severity | null {
    if (node.name !== 'String' && node.name !== 'TemplateString') return null
    if (this.opts.depth >= MAX_DEPTH) return null
    const content = stringContent(this.source, node)
    this.consumed.add(node.from)
    const inner = analyzeCode(language, content.text, this.offset + content.start, this.opts.depth + 1, this.opts.other)
    let worst: Severity | null = null
    for (const h of inner.hits) {
      if (!content.exact) {
        h.start = this.offset + node.from
        h.end = this.offset + node.to
      }
      this.out.hits.push(h)
      if (rank(h.severity) >= 1 && (worst === null || rank(h.severity) > rank(worst))) worst = h.severity
    }
    for (const e of inner.effects) this.out.effects.push(e)
    return worst
  }

  private judgeEval(call: SyntaxNode, path: string, args: SyntaxNode[]): void {
    if (path === 'compile' && this.lang === 'python' && args.length < 2) return
    const first = args[0] ?? null
    // setTimeout/setInterval run code only when handed a string; a function (or a name for one) is the norm.
    if (path.startsWith('set') && !(first && /^(?:String|TemplateString|BinaryExpression)$/.test(first.name))) return
    const value = this.resolve(first)
    const values = args.map((a) => this.resolve(a))
    const dynamic = values.find((v) => v.t !== 'lit') as (Value & { t: 'dyn' | 'path' }) | undefined
    if (dynamic) {
      const src = dynamic.t === 'dyn' ? dynamic.src : 'unknown'
      this.hit('eval-call', this.dynamicSeverity(src), call, src === 'decode' ? 'eval of decoded data' : `${path}() of non-literal code`)
      this.effect('eval', false, call, path)
      return
    }
    const language = this.opts.language
    const inner = first && value.t === 'lit' ? this.nestedCode(first, language) : null
    if (inner !== null) {
      this.hit('eval-call', rank(inner) >= 2 ? 'critical' : 'high', call, `${path}() of code that does more`)
      return
    }
    this.hit('eval-call', 'low', call, `${path}() of a literal`)
  }

  private judgeDeserialize(call: SyntaxNode, path: string, args: SyntaxNode[]): void {
    const value = this.resolve(args[0] ?? null)
    if (value.t === 'lit') this.hit('eval-call', 'low', call, `${path}() of a literal`)
    else
      this.hit(
        'eval-call',
        value.t === 'dyn' && (value.src === 'network' || value.src === 'decode') ? 'high' : 'medium',
        call,
        `${path}() of untrusted data`,
      )
  }

  private judgeImport(call: SyntaxNode, path: string, args: SyntaxNode[]): void {
    // `require()` with nothing to load loads nothing (a code generator naming the function: `t.callExpression(require())`)
    if (args.length === 0) return
    const value = this.resolve(args[0] ?? null)
    const rest = args.slice(1).map((a) => this.resolve(a))
    if (value.t !== 'lit' || (path === '__import__' && rest.some((v) => v.t !== 'lit'))) {
      const pinned = args[0] ? this.pinnedToLocalDirectory(args[0]) : false
      this.hit('dynamic-import', pinned ? 'medium' : 'high', call, `${path}() of a computed module${pinned ? ' in a local directory' : ''}`)
      return
    }
    const module = value.text ?? ''
    if (isSpawnModule(module) && path === 'require' && !this.bindsNothing(call)) this.caps.spawnModuleImport ??= call
    if (path !== 'require') this.hit('dynamic-import', isRiskyModule(module) ? 'medium' : 'low', call, `${path}('${module}')`)
  }

  /** The command text of a spawn call whose command is literal (JS `spawn(file, [args])` joins file and args). */
  /** `'./plugins/' + name`, `` `../locales/${lang}.js` ``: computed, but only within a directory of the project. */
  pinnedToLocalDirectory(node: SyntaxNode): boolean {
    const head = this.source.slice(node.from, Math.min(node.to, node.from + 12))
    return /^(?:['"`]\.{1,2}\/|__dirname\s*\+|path\.join\(\s*__dirname)/.test(head)
  }

  /** `var {} = require('child_process')`: the module is loaded, nothing of it is kept. */
  private bindsNothing(call: SyntaxNode): boolean {
    const pattern = call.prevSibling?.prevSibling
    return pattern?.name === 'ObjectPattern' && !pattern.getChild('PatternProperty')
  }

  private commandOf(args: SyntaxNode[]): string | null {
    const first = args[0] ? this.resolve(args[0]) : null
    if (!first || first.t !== 'lit' || first.text === null) return null
    const second = args[1]?.name === 'ArrayExpression' ? this.resolve(args[1]) : null
    return second && second.t === 'lit' && second.text !== null ? `${first.text} ${second.text}` : first.text
  }

  /** The provenance of what a spawn runs: its first argument, and a JS argv array after it. */
  private commandProvenance(args: SyntaxNode[]): Value {
    const parts = [args[0], args[1]?.name === 'ArrayExpression' ? args[1] : undefined].filter((a): a is SyntaxNode => !!a)
    return combine(
      parts.map((a) => this.resolve(a)),
      null,
    )
  }

  private judgeSpawn(call: SyntaxNode, path: string, args: SyntaxNode[], obfuscated: boolean): void {
    this.caps.spawnCalls++
    if (args.length === 0) {
      this.hit('process-spawn', 'medium', call, `${path}()`)
      return
    }
    const provenance = this.commandProvenance(args)
    if (provenance.t !== 'lit') {
      const src = provenance.t === 'dyn' ? provenance.src : 'unknown'
      // A program named literally and handed its arguments with no shell between: what runs is fixed (./fixed-program)
      const program = fixedProgram(call, path, args, src, this.reader())
      this.hit(
        'process-spawn',
        program !== null ? 'medium' : this.dynamicSeverity(src),
        call,
        program !== null ? `${path}() of ${program} with computed arguments` : `${path}() of a non-literal command`,
      )
      this.effect('spawn', false, call, path)
      return
    }
    const commandNode = args[0] as SyntaxNode
    const command = this.commandOf(args)
    let worst: Severity = 'low'
    let contained = true
    let routine = false
    if (command !== null) {
      const content = commandNode.name === 'String' ? stringContent(this.source, commandNode) : null
      const exact = content?.exact === true
      const offset = this.offset + (exact && content ? content.start : commandNode.from)
      this.consumed.add(commandNode.from)
      const inner = this.shellOf(command, offset)
      for (const h of inner.hits) {
        if (!exact) {
          h.start = this.offset + commandNode.from
          h.end = this.offset + commandNode.to
        }
        this.out.hits.push(h)
        if (rank(h.severity) > rank(worst)) worst = h.severity
      }
      contained = inner.effects.every((e) => e.contained)
      const program = (command.trim().split(/\s+/)[0] ?? '').replace(/^.*[\\/]/, '')
      const interactiveShell = isShell(program) && (/(?:^|\s)-i\b/.test(command) || !command.trim().includes(' '))
      if (interactiveShell) this.caps.shellSpawn ??= call
      routine = contained && !interactiveShell && !isSystemControl(program)
    }
    // A fixed command that stays in the working tree (`git status`, `npm test`, `ls`) is how build scripts and
    // tools work: on record, low. A computed command, one the shell rules object to, or one that reaches outside
    // (paths, network, privilege, machine control or survey) keeps its weight.
    let severity: Severity = rank(worst) >= 2 ? 'high' : rank(worst) === 0 && routine && !obfuscated ? 'low' : 'medium'
    if (obfuscated) severity = shift(severity, 1)
    if (severity === 'medium' && this.isPrinted(call)) severity = 'low'
    this.hit('process-spawn', severity, call, obfuscated ? `${path}() reached through a dynamic import` : `${path}() of a literal command`)
    this.effect('spawn', contained, call, path)
  }

  private judgeNetwork(call: SyntaxNode, path: string, args: SyntaxNode[]): void {
    const sends = /post|put|patch|request|sendBeacon|send|connect|Socket|SMTP|FTP|fetch|WebSocket/i.test(path) || args.length > 1
    if (sends) this.caps.sends.push(call)
    if (/socket|net\.|tls\.|create_connection/i.test(path)) this.caps.socketConnect ??= call
    const target = this.resolve(args[0] ?? null)
    const sameOrigin = target.t === 'lit' && target.text !== null && /^(?:\/(?!\/)|\.)/.test(target.text)
    this.effect('network', sameOrigin, call, path)
  }

  private judgeFile(call: SyntaxNode, path: string, args: SyntaxNode[], kind: 'write' | 'read'): void {
    const target = this.resolve(args[0] ?? null)
    const file = target.t === 'lit' ? target.text : null
    if (kind === 'read') {
      if (file !== null && isCredentialPath(file)) this.caps.secretRead ??= call
      return
    }
    if (file !== null && isSystemPath(file)) this.hit('system-write', 'high', call, 'system file written')
    this.effect('write', file !== null && !isOutsidePath(file), call, path)
  }

  private judgeOpen(call: SyntaxNode, args: SyntaxNode[]): void {
    const mode = this.keywordArg(call, 'mode') ?? args[1] ?? null
    const modeValue = mode ? this.resolve(mode) : literal('r')
    const writes = modeValue.t === 'lit' && modeValue.text !== null && /[wax+]/.test(modeValue.text)
    this.judgeFile(call, 'open', args, writes ? 'write' : 'read')
  }

  private judgeCall(call: SyntaxNode): void {
    const target = call.firstChild
    if (this.lang === 'python' && target?.name === 'MemberExpression' && /^send(?:all|to)?$/.test(this.memberKey(target) ?? ''))
      this.caps.socketSends.push(call)
    const callee = this.calleePath(call)
    if (!callee) return
    const { path, obfuscated } = callee
    const args = this.args(call)
    if (this.lang === 'python' && path === 'open') return this.judgeOpen(call, args)
    if (path === 'os.dup2') this.caps.dup2 = true
    if ((path === 'os.fork' || path === 'child_process.fork') && this.forksForever(call))
      this.hit('destructive', 'high', call, 'fork bomb: processes started in an endless loop')
    if (/(?:^|\.)connect$/.test(path) && this.lang === 'python' && args[0]?.name === 'TupleExpression') this.caps.socketConnect ??= call
    if (path === 'socket.socket') this.caps.socketConnect ??= call
    if (
      /\.constructor\.constructor$|^constructor\.constructor$/.test(path) ||
      /^process\.(?:binding|dlopen)$/.test(path) ||
      /^module\.constructor\._load$/.test(path)
    )
      this.hit('sandbox-escape', 'high', call, 'reaches the host through the constructor chain')
    const sink = sinkOf(path, this.lang, this.opts.other)
    if (!sink) {
      if (this.lang === 'python' && path === 'setattr' && args[0] && /^(?:builtins|__builtins__)$/.test(this.text(args[0])))
        this.hit('builtins-tamper', 'medium', call, 'builtins replaced')
      return
    }
    if (sink === 'eval') this.judgeEval(call, path, args)
    else if (sink === 'deserialize') this.judgeDeserialize(call, path, args)
    else if (sink === 'import') this.judgeImport(call, path, args)
    else if (sink === 'spawn') this.judgeSpawn(call, path, args, obfuscated)
    else if (sink === 'network') this.judgeNetwork(call, path, args)
    else this.judgeFile(call, path, args, sink as 'write' | 'read')
  }

  /** A fork whose result is dropped, in a loop that never ends (`while True: os.fork()`). */
  private forksForever(call: SyntaxNode): boolean {
    if (call.parent?.name !== 'ExpressionStatement') return false
    for (let p = call.parent.parent; p; p = p.parent) {
      if (FUNCTION_NODES.has(p.name) || p.name === 'FunctionDefinition' || p.name === 'FunctionDeclaration') return false
      if (p.name !== 'WhileStatement' && p.name !== 'ForStatement') continue
      const loop = this.text(p)
      if (/\bbreak\b/.test(loop)) return false
      return /^while\s*\(?\s*(?:True|true|1)\s*\)?\s*[:{]?/.test(loop) || /^for\s*\(\s*;\s*;\s*\)/.test(loop)
    }
    return false
  }

  /** The engine's reading of the snippet, for the modules that follow values through it (./snippet-reader). */
  private reader(): SnippetReader {
    return {
      language: this.lang,
      text: (node) => this.text(node),
      calleePath: (call) => this.calleePath(call)?.path ?? null,
      binding: (name, at) => lookup(this.bindings, name, at),
      resolve: (node) => this.resolve(node),
      keywordArg: (call, name) => this.keywordArg(call, name),
    }
  }

  // ---- walking ----------------------------------------------------------------------------------------------

  private judgeDunder(member: SyntaxNode): void {
    const key = this.memberKey(member)
    if (!key || !key.startsWith('__')) return
    const object = member.firstChild
    const chain = object ? this.text(object) : ''
    if (key === '__subclasses__' && /__(?:class|mro|bases?)__|^(?:''|""|\(\)|\[\]|\{\})/.test(chain))
      this.hit('sandbox-escape', 'high', member, 'walks the class hierarchy to reach other classes')
    else if (
      (key === '__globals__' || key === '__builtins__') &&
      member.parent?.name === 'MemberExpression' &&
      member.parent.firstChild === member
    )
      this.hit('sandbox-escape', 'high', member.parent, 'reaches interpreter globals')
    else if (key === '__globals__' || key === '__code__') this.hit('sandbox-escape', 'medium', member, `${key} access`)
  }

  private judgeAssignment(node: SyntaxNode): void {
    const target = node.firstChild
    if (!target || (target.name !== 'MemberExpression' && target.name !== 'SubscriptExpression')) return
    const root = this.text(target).split(/[.[]/)[0] ?? ''
    if (root === 'builtins' || root === '__builtins__') this.hit('builtins-tamper', 'medium', node, 'builtins replaced')
    else if (/\b__proto__\b|prototype\.constructor/.test(this.text(target)))
      this.hit('sandbox-escape', 'medium', node, 'prototype chain modified')
  }

  private sweepString(node: SyntaxNode): void {
    if (this.consumed.has(node.from) || node.to - node.from < 8 || this.opts.depth >= MAX_DEPTH) return
    const content = stringContent(this.source, node)
    if (!SHELL_TRIGGER.test(content.text)) return
    const inner = this.shellOf(content.text, this.offset + content.start)
    for (const h of inner.hits) {
      if (h.severity !== 'critical') continue
      // A dangerous command line formed in a string but not (visibly) run: strong, not unambiguous.
      this.out.hits.push({
        ...h,
        severity: 'high',
        start: content.exact ? h.start : this.offset + node.from,
        end: content.exact ? h.end : this.offset + node.to,
      })
    }
  }

  run(): CodeFindings {
    const strings: SyntaxNode[] = []
    this.tree.iterate({
      enter: (ref) => {
        const name = ref.name
        if (name === 'CallExpression' || name === 'NewExpression') this.judgeCall(ref.node)
        else if (name === 'DynamicImport') {
          const arg = ref.node.getChild('(')?.nextSibling ?? null
          const value = this.resolve(arg)
          const pinned = arg ? this.pinnedToLocalDirectory(arg) : false
          if (value.t !== 'lit') this.hit('dynamic-import', pinned ? 'medium' : 'high', ref.node, 'import() of a computed module')
        } else if (name === 'MemberExpression') this.judgeDunder(ref.node)
        else if (name === 'AssignmentExpression' || name === 'AssignStatement') this.judgeAssignment(ref.node)
        else if (name === 'String') strings.push(ref.node)
        else if (name === 'ImportDeclaration' || name === 'ImportStatement') {
          const text = this.text(ref.node)
          if (
            !/^import\s*\{\s*\}/.test(text) &&
            /['"](?:node:)?child_process['"]|^import\s+(?:subprocess|pty)\b|^from\s+(?:subprocess|pty)\s+import/.test(text)
          )
            this.caps.spawnModuleImport ??= ref.node
        }
      },
    })
    for (const s of strings) this.sweepString(s)
    this.judgeCapabilities()
    return this.out
  }

  private judgeCapabilities(): void {
    const caps = this.caps
    if (caps.socketConnect && (caps.dup2 || caps.shellSpawn))
      this.hit('reverse-shell', 'critical', caps.socketConnect, 'socket wired to a shell')
    const firstSend = caps.sends[0]
    if (firstSend && (caps.secretRead || caps.envDump))
      this.hit('exfiltration', 'high', firstSend, 'credentials read and sent over the network')
    // (the whole environment serialised and sent is judged high by `analyzeCode`)
    else if (!envDumps(this.source)) {
      const reader = this.reader()
      for (const send of caps.socketConnect ? [...caps.sends, ...caps.socketSends] : caps.sends) {
        const what = sentData(send, reader)
        if (what === null) continue
        this.hit('exfiltration', 'medium', send, `${what} sent over the network`)
        break
      }
    }
    if (caps.spawnModuleImport && caps.spawnCalls === 0)
      this.hit('process-spawn', 'medium', caps.spawnModuleImport, 'process-spawning module imported')
  }
}

// The whole environment serialised or handed over as a body (not one variable read for a header).
const ENV_DUMP =
  /JSON\.stringify\(\s*process\.env\s*\)|Object\.(?:entries|keys|values)\(\s*process\.env\s*\)|(?:body|data|json|params)\s*[:=]\s*(?:process\.env|os\.environ|dict\(\s*os\.environ\s*\))(?![\w.[])|dict\(\s*os\.environ\s*\)|os\.environ\.(?:copy|items)\(\)|json\.dumps\(\s*(?:dict\()?\s*os\.environ/

function envDumps(source: string): boolean {
  return ENV_DUMP.test(source)
}

/**
 * Parses and analyses code in JavaScript/TypeScript or Python: eval-like and spawn calls weighed by argument
 * provenance, dynamic imports, sandbox escapes, reverse shells, exfiltration, and the command strings handed to
 * spawners (through the shell analysis). `offset` is where `text` starts in the scanned text.
 */
export function analyzeCode(language: TreeLanguage, text: string, offset: number, depth = 0, other = false, parsed?: Tree): CodeFindings {
  const tree = parsed ?? parseCode(language, text)
  const engine = new Engine(tree, text, offset, { language, other, depth })
  const out = engine.run()
  if (envDumps(text) && out.effects.some((e) => e.kind === 'network')) {
    const net = out.effects.find((e) => e.kind === 'network')
    if (net && !out.hits.some((h) => h.rule === 'exfiltration'))
      out.hits.push({
        rule: 'exfiltration',
        severity: 'high',
        start: net.start,
        end: net.end,
        evidence: 'environment sent over the network',
      })
  }
  return out
}

/** Entry used by the shell analysis for `python -c` / `node -e` code. */
export function nestedAnalysis(language: 'python' | 'javascript', code: string, offset: number, depth: number): CodeFindings {
  return analyzeCode(language, code, offset, depth)
}
