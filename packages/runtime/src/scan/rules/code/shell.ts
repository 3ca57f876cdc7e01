import type { CodeFindings, CodeHit, CodeRuleName } from './hit'
import { emptyFindings, evidenceOf } from './hit'
import {
  isCredentialPath,
  isDownloader,
  isInterpreter,
  isNetworkTool,
  isOutsidePath,
  isPrivilegeTool,
  isShell,
  isSocketTool,
  isSystemPath,
} from './paths'
import type { Command, Pipeline, Word } from './shell-tokens'
import { argumentsOf, programName, tokenizeShell } from './shell-tokens'
import type { Severity } from '../../types'

/** Lets the shell analysis hand `python -c '…'` / `node -e '…'` code to the code analysers without an import cycle. */
export interface NestedCode {
  (language: 'python' | 'javascript', code: string, offset: number, depth: number): CodeFindings
}

/** Nesting limit for substitutions and inline interpreter code: payloads rarely nest deeper, and it bounds the cost. */
export const MAX_DEPTH = 4

const ENV_DUMPERS = new Set(['env', 'printenv', 'set', 'export', 'declare'])

interface ShellContext {
  offset: number
  depth: number
  nested: NestedCode
  out: CodeFindings
}

function hit(ctx: ShellContext, rule: CodeRuleName, severity: Severity, start: number, end: number, label: string, text: string) {
  const h: CodeHit = { rule, severity, start: ctx.offset + start, end: ctx.offset + end, evidence: evidenceOf(label, text) }
  ctx.out.hits.push(h)
}

function values(words: readonly Word[]): string[] {
  return words.map((w) => w.value)
}

/** True when a word or redirection of the command names a path outside the working tree. */
function namesOutsidePath(command: Command): boolean {
  return (
    command.words.some((w) => isOutsidePath(w.value)) ||
    command.redirects.some((r) => r.target !== '' && !r.target.startsWith('&') && isOutsidePath(r.target))
  )
}

/** True when the command only reads or builds inside the working tree (no outside paths, network or privilege). */
function isContained(command: Command): boolean {
  const first = command.words[0]?.value ?? ''
  if (isPrivilegeTool(first)) return false
  const program = programName(command)
  if (isNetworkTool(program) || program === 'mkfifo' || program.startsWith('mkfs') || program === 'dd') return false
  for (const word of command.words) {
    if (word.substitutions.length > 0 || isOutsidePath(word.value) || word.value.includes('/dev/tcp/')) return false
  }
  for (const redirect of command.redirects) {
    if (redirect.target && !redirect.target.startsWith('&') && isOutsidePath(redirect.target)) return false
  }
  return true
}

/** The file a downloader writes to (`curl -o f`, `wget -O f`), or ''. */
function downloadTarget(command: Command): string {
  const args = values(argumentsOf(command))
  for (let i = 0; i < args.length - 1; i++) {
    const a = args[i]
    if (a === '-o' || a === '-O' || a === '--output' || a === '--output-document' || a === '-OutFile') {
      const target = args[i + 1] as string
      return target === '-' ? '' : target
    }
  }
  return ''
}

/** Inline code of `python -c`, `node -e`, `bash -c` …: [flag index, code word]. */
function inlineCode(command: Command): Word | null {
  const args = argumentsOf(command)
  for (let i = 0; i < args.length - 1; i++) {
    const flag = (args[i] as Word).value
    if (flag === '-c' || flag === '-e' || flag === '-r' || flag === '--eval' || flag === '-Command' || flag === '/c')
      return args[i + 1] as Word
  }
  return null
}

function checkReverseShell(ctx: ShellContext, pipeline: Pipeline, lineText: string): boolean {
  const programs = pipeline.commands.map(programName)
  for (const command of pipeline.commands) {
    const program = programName(command)
    const args = values(argumentsOf(command))
    const devTcp =
      command.words.some((w) => /\/dev\/(?:tcp|udp)\//.test(w.value)) ||
      command.redirects.some((r) => /\/dev\/(?:tcp|udp)\//.test(r.target))
    const execFlag =
      isSocketTool(program) &&
      args.some((a, i) => /^-[a-z]*e$/i.test(a) || a === '--exec' || a === '--sh-exec' || (a === '-c' && /sh|cmd/.test(args[i + 1] ?? '')))
    const socatExec = program === 'socat' && args.some((a) => /^(?:exec|system):/i.test(a))
    if (devTcp || execFlag || socatExec) {
      hit(ctx, 'reverse-shell', 'critical', command.start, command.end, 'reverse shell', lineText.slice(command.start, command.end))
      return true
    }
  }
  const hasSocket = programs.some(isSocketTool)
  const interactiveShell = pipeline.commands.some((c) => isShell(programName(c)) && values(argumentsOf(c)).includes('-i'))
  if (hasSocket && (interactiveShell || programs.some((p) => isShell(p)))) {
    const first = pipeline.commands[0] as Command
    const last = pipeline.commands[pipeline.commands.length - 1] as Command
    hit(ctx, 'reverse-shell', 'critical', first.start, last.end, 'shell piped to a socket', lineText.slice(first.start, last.end))
    return true
  }
  return false
}

const DESTROYED_TARGETS = new Set(['/', '/*', '~', '~/', '~/*', '$HOME', '${HOME}', '$HOME/', '$HOME/*', '.*', 'C:\\', 'C:/'])

function isDestroyedTarget(path: string): boolean {
  if (DESTROYED_TARGETS.has(path)) return true
  return /^\/(?:home|etc|usr|var|boot|bin|sbin|lib|lib64|root|sys|opt)\/?\*?$/.test(path)
}

function checkDestructive(ctx: ShellContext, command: Command, lineText: string): boolean {
  const program = programName(command)
  const args = values(argumentsOf(command))
  const flags = args.filter((a) => a.startsWith('-')).join(' ')
  const targets = args.filter((a) => !a.startsWith('-'))
  let reason = ''
  if (program === 'rm' && (/-\w*[rR]|--recursive/.test(flags) || args.includes('--no-preserve-root'))) {
    if (args.includes('--no-preserve-root') || targets.some(isDestroyedTarget)) reason = 'recursive delete of the system'
  } else if (program.startsWith('mkfs') || program === 'wipefs') reason = 'filesystem wipe'
  else if (program === 'dd' && args.some((a) => /^of=\/dev\/(?:sd|hd|nvme|xvd|vd|mmcblk|disk|rdisk)/.test(a))) reason = 'raw disk overwrite'
  else if (program === 'shred' && targets.some((t) => t.startsWith('/dev/'))) reason = 'raw disk overwrite'
  else if ((program === 'chmod' || program === 'chown') && /-\w*R/.test(flags) && targets.some(isDestroyedTarget))
    reason = 'recursive permission change of the system'
  else if (program === 'format' && targets.some((t) => /^[a-z]:$/i.test(t))) reason = 'drive format'
  else if ((program === 'del' || program === 'rd' || program === 'rmdir') && targets.some((t) => /^[a-z]:[\\/]?$/i.test(t)))
    reason = 'drive wipe'
  else if (program === 'remove-item' && /-recurse/i.test(flags) && targets.some((t) => /^[a-z]:[\\/]?$/i.test(t))) reason = 'drive wipe'
  if (!reason && command.redirects.some((r) => r.op.startsWith('>') && /^\/dev\/(?:sd|hd|nvme|xvd|vd|mmcblk)/.test(r.target)))
    reason = 'raw disk overwrite'
  if (!reason) return false
  hit(ctx, 'destructive', 'critical', command.start, command.end, reason, lineText.slice(command.start, command.end))
  return true
}

/** Files a command sends away (`curl -F f=@x`, `-d @x`, `-T x`, `wget --post-file=x`), '-' for stdin. */
function uploadedFiles(command: Command): string[] {
  const program = programName(command)
  const args = values(argumentsOf(command))
  const files: string[] = []
  if (program === 'curl') {
    for (let i = 0; i < args.length; i++) {
      const a = args[i] as string
      const next = args[i + 1] ?? ''
      if ((a === '-F' || a === '--form') && /=[@<]/.test(next)) files.push(next.slice(next.search(/=[@<]/) + 2).split(';')[0] as string)
      else if (/^--data(?:-binary|-raw|-urlencode|-ascii)?$|^-d$/.test(a) && /^(?:[\w-]*=)?@/.test(next))
        files.push(next.slice(next.indexOf('@') + 1))
      else if (a === '-T' || a === '--upload-file') files.push(next)
    }
  } else if (program === 'wget') {
    for (const a of args) if (/^--(?:post|body)-file=/.test(a)) files.push(a.slice(a.indexOf('=') + 1))
  }
  return files
}

/**
 * True when a command reads credentials (an argument or an input redirect names a credential store) or dumps the
 * environment. The program word is not a read: a path alone in inline code ("copy `.env.example` to `.env`") names a
 * file, it does not open it.
 */
function readsSecrets(command: Command): boolean {
  const program = programName(command)
  const args = argumentsOf(command)
  if (ENV_DUMPERS.has(program) && args.length === 0) return true
  // `cp .env.example .env` writes its last argument: only the sources are read
  const read = COPIERS.has(program) ? args.slice(0, -1) : args
  return read.some((w) => isCredentialPath(w.value)) || command.redirects.some((r) => r.op === '<' && isCredentialPath(r.target))
}

const COPIERS = new Set(['cp', 'mv', 'install', 'ln'])

function substitutionsReadSecrets(command: Command): boolean {
  for (const word of command.words) {
    for (const sub of word.substitutions) {
      for (const pipeline of tokenizeShell(sub.text)) if (pipeline.commands.some(readsSecrets)) return true
    }
  }
  return false
}

function checkExfiltration(ctx: ShellContext, pipeline: Pipeline, lineText: string, archived: Set<string>): boolean {
  let secretStage = -1
  pipeline.commands.forEach((command, index) => {
    if (secretStage < 0 && readsSecrets(command)) secretStage = index
  })
  for (let index = 0; index < pipeline.commands.length; index++) {
    const command = pipeline.commands[index] as Command
    const program = programName(command)
    const text = lineText.slice(command.start, command.end)
    if (!isNetworkTool(program)) continue
    if ((secretStage >= 0 && secretStage < index) || substitutionsReadSecrets(command)) {
      hit(ctx, 'exfiltration', 'critical', command.start, command.end, 'credentials sent over the network', text)
      return true
    }
    const files = uploadedFiles(command)
    if (files.some(isCredentialPath) || command.redirects.some((r) => r.op === '<' && isCredentialPath(r.target))) {
      hit(ctx, 'exfiltration', 'critical', command.start, command.end, 'credential file uploaded', text)
      return true
    }
    if ((program === 'scp' || program === 'rsync') && argumentsOf(command).some((w) => isCredentialPath(w.value))) {
      hit(ctx, 'exfiltration', 'critical', command.start, command.end, 'credential file copied to a host', text)
      return true
    }
    const sendsFile = files.some((f) => f !== '' && f !== '-') || (isSocketTool(program) && command.redirects.some((r) => r.op === '<'))
    if (sendsFile) {
      const bundled = files.some((f) => archived.has(f))
      hit(
        ctx,
        'exfiltration',
        bundled ? 'high' : 'medium',
        command.start,
        command.end,
        bundled ? 'archive uploaded' : 'local file uploaded',
        text,
      )
      return true
    }
  }
  for (const command of pipeline.commands) {
    // (`chmod`, `chown`, `touch` and `ls` change or list a file's attributes; they read nothing in it)
    if (
      readsSecrets(command) &&
      programName(command) !== '' &&
      !ENV_DUMPERS.has(programName(command)) &&
      !ATTRIBUTES_ONLY.has(programName(command))
    ) {
      hit(ctx, 'exfiltration', 'medium', command.start, command.end, 'credential file read', lineText.slice(command.start, command.end))
      return true
    }
  }
  return false
}

/**
 * True when the command runs a downloader: as its program, or (for command lines the chunker cut out of a sentence,
 * `… for speed: curl -s https://… | python`) as a later word followed by a URL.
 */
function runsDownloader(command: Command): boolean {
  // `curl | sh` without a target is a phrase about the practice, not a command that fetches anything.
  if (isDownloader(programName(command))) return argumentsOf(command).some((w) => !w.value.startsWith('-'))
  const words = command.words
  for (let i = 1; i < words.length - 1; i++) {
    if (
      isDownloader((words[i] as Word).value.toLowerCase()) &&
      words.slice(i + 1).some((w) => /:\/\/|^[\w-]+(?:\.[\w-]+)+\//.test(w.value))
    )
      return true
  }
  return false
}

function checkDownloadExec(ctx: ShellContext, pipeline: Pipeline, lineText: string): boolean {
  const commands = pipeline.commands
  const downloader = commands.findIndex(runsDownloader)
  if (downloader >= 0) {
    for (let j = downloader + 1; j < commands.length; j++) {
      if (isInterpreter(programName(commands[j] as Command))) {
        const start = (commands[downloader] as Command).start
        const end = (commands[j] as Command).end
        hit(ctx, 'download-exec', 'critical', start, end, 'download piped into an interpreter', lineText.slice(start, end))
        return true
      }
    }
  }
  for (const command of commands) {
    const program = programName(command)
    if (!isInterpreter(program) && program !== 'eval') continue
    for (const word of command.words) {
      for (const sub of word.substitutions) {
        if (tokenizeShell(sub.text).some((p) => p.commands.some(runsDownloader))) {
          hit(
            ctx,
            'download-exec',
            'critical',
            command.start,
            command.end,
            'interpreter runs downloaded code',
            lineText.slice(command.start, command.end),
          )
          return true
        }
      }
    }
  }
  return false
}

function checkInlineCode(ctx: ShellContext, command: Command): void {
  if (ctx.depth >= MAX_DEPTH) return
  const program = programName(command)
  const code = inlineCode(command)
  if (!code || code.substitutions.length > 0) return
  // The word's value has its quotes removed; the code starts one character in when the word was quoted.
  const start = ctx.offset + code.start + (code.quoted ? 1 : 0)
  let nested: CodeFindings | null = null
  if (/^python[\d.]*$/.test(program)) nested = ctx.nested('python', code.value, start, ctx.depth + 1)
  else if (program === 'node' || program === 'nodejs' || program === 'deno' || program === 'bun')
    nested = ctx.nested('javascript', code.value, start, ctx.depth + 1)
  else if (isShell(program)) nested = analyzeShellAt(code.value, start, ctx.depth + 1, ctx.nested)
  else if ((program === 'perl' || program === 'ruby' || program === 'php') && /socket|fsockopen|TCPSocket/i.test(code.value)) {
    if (/\bexec\b|system|\/bin\/(?:ba)?sh|popen|proc_open|spawn/i.test(code.value))
      ctx.out.hits.push({
        rule: 'reverse-shell',
        severity: 'critical',
        start,
        end: start + code.value.length,
        evidence: evidenceOf('socket wired to a shell', code.value),
      })
  }
  if (nested) {
    ctx.out.hits.push(...nested.hits)
    ctx.out.effects.push(...nested.effects)
  }
}

const POWERSHELL_RUN = /\b(?:iex|invoke-expression)\b/i
const POWERSHELL_FETCH =
  /\b(?:iwr|irm|invoke-webrequest|invoke-restmethod|downloadstring|downloadfile|net\.webclient|start-bitstransfer)\b/i
const ENCODED_COMMAND = /(?:^|\s)-(?:e|ec|enc|encodedcommand)\s+[A-Za-z0-9+/=]{16,}/i
const FORK_BOMB = /:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:|\b(\w{1,20})\(\)\s*\{\s*\1\s*\|\s*\1\s*&\s*\}/

function checkLinePatterns(ctx: ShellContext, text: string): void {
  let lineStart = 0
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart)
    if (lineEnd < 0) lineEnd = text.length
    const line = text.slice(lineStart, lineEnd)
    if (line.length < 2000) {
      if (POWERSHELL_RUN.test(line) && POWERSHELL_FETCH.test(line))
        hit(ctx, 'download-exec', 'critical', lineStart, lineEnd, 'PowerShell runs downloaded code', line)
      else if (/powershell|pwsh/i.test(line) && ENCODED_COMMAND.test(line))
        hit(ctx, 'eval-call', 'high', lineStart, lineEnd, 'PowerShell encoded command', line)
      const bomb = FORK_BOMB.exec(line)
      if (bomb) hit(ctx, 'destructive', 'critical', lineStart + bomb.index, lineStart + bomb.index + bomb[0].length, 'fork bomb', bomb[0])
    }
    lineStart = lineEnd + 1
  }
}

function analyzeShellAt(text: string, offset: number, depth: number, nested: NestedCode): CodeFindings {
  const ctx: ShellContext = { offset, depth, nested, out: emptyFindings() }
  const pipelines = tokenizeShell(text)
  const archived = new Set<string>()
  const downloaded = new Set<string>()
  const hasMkfifo = pipelines.some((p) => p.commands.some((c) => programName(c) === 'mkfifo' || programName(c) === 'mknod'))
  const socketAt = pipelines.findIndex((p) => p.commands.some((c) => isSocketTool(programName(c))))
  let reverseReported = false
  for (const pipeline of pipelines) {
    reverseReported = checkReverseShell(ctx, pipeline, text) || reverseReported
    checkDownloadExec(ctx, pipeline, text)
    checkExfiltration(ctx, pipeline, text, archived)
    for (const command of pipeline.commands) {
      const program = programName(command)
      checkDestructive(ctx, command, text)
      checkInlineCode(ctx, command)
      const args = values(argumentsOf(command))
      if (program === 'tar' || program === 'zip' || program === '7z')
        for (const a of args) if (/\.(?:tgz|tar|gz|zip|7z|bz2|xz)$/.test(a)) archived.add(a)
      const target = isDownloader(program) ? downloadTarget(command) : ''
      if (target) downloaded.add(target.replace(/^\.\//, ''))
      const runsDownloaded =
        args.some((a) => downloaded.has(a.replace(/^\.\//, ''))) || downloaded.has((command.words[0]?.value ?? '').replace(/^\.\//, ''))
      if (runsDownloaded && (isInterpreter(program) || command.words[0]?.value.startsWith('./')))
        hit(ctx, 'download-exec', 'high', command.start, command.end, 'downloaded file executed', text.slice(command.start, command.end))
      const systemArgument = args.find((a) => isSystemPath(a)) ?? ''
      const written = command.redirects.find((r) => r.op.startsWith('>') && isSystemPath(r.target))
      // `chmod 600 ~/.ssh/deploy_ed25519`: a key file made private, what ssh requires, nothing opened up
      const keyMadePrivate = program === 'chmod' && /^[0-7]?[0-7]00$/.test(args[0] ?? '') && args.slice(1).every(isSshKeyFile)
      if (!keyMadePrivate && systemArgument && /^(?:tee|cp|mv|touch|chmod|chown|ln|install|sed)$/.test(program))
        hit(ctx, 'system-write', 'high', command.start, command.end, 'system file modified', text.slice(command.start, command.end))
      else if (written && isSshKeyFile(written.target))
        // a key put where ssh looks for one (`vault kv get -field=key … > ~/.ssh/paycrest_ed25519`): on record, not a
        // login opened to someone else, which is what authorized_keys, config or rc would be
        hit(ctx, 'system-write', 'low', command.start, command.end, 'key file written', text.slice(command.start, command.end))
      else if (written)
        hit(ctx, 'system-write', 'high', command.start, command.end, 'system file overwritten', text.slice(command.start, command.end))
      ctx.out.effects.push({
        kind: 'command',
        contained: isContained(command),
        outsidePath: namesOutsidePath(command),
        start: offset + command.start,
        end: offset + command.end,
        evidence: evidenceOf('command', text.slice(command.start, command.end)),
      })
      if (depth < MAX_DEPTH) {
        analyzeSubstitutions(ctx, command)
        analyzeQuotedWords(ctx, command, inlineCode(command))
      }
    }
  }
  if (!reverseReported && hasMkfifo && socketAt >= 0) {
    const pipeline = pipelines[socketAt] as Pipeline
    const first = pipeline.commands[0] as Command
    hit(ctx, 'reverse-shell', 'critical', first.start, first.end, 'named pipe wired to a socket', text.slice(first.start, first.end))
  }
  checkLinePatterns(ctx, text)
  return ctx.out
}

const QUOTED_COMMAND = /\||\/dev\/(?:tcp|udp)|mkfifo|\brm\s+-|mkfs|\bnc\s|:\(\)/

/**
 * Quoted words that hold a command line of their own (`ssh host "curl … | sh"`, `os.system('…')` in a line the chunker
 * took for shell): analysed as shell too, since whatever receives them usually runs them.
 */
function analyzeQuotedWords(ctx: ShellContext, command: Command, inline: Word | null): void {
  for (const word of command.words) {
    if (!word.quoted || word === inline || word.value.length < 6 || !QUOTED_COMMAND.test(word.value)) continue
    const inner = analyzeShellAt(word.value, ctx.offset + word.start, ctx.depth + 1, ctx.nested)
    const exact = word.end - word.start === word.value.length + 2
    for (const h of inner.hits) {
      if (!exact) {
        h.start = ctx.offset + word.start
        h.end = ctx.offset + word.end
      } else {
        h.start += 1
        h.end += 1
      }
      ctx.out.hits.push(h)
    }
  }
}

function analyzeSubstitutions(ctx: ShellContext, command: Command): void {
  for (const word of command.words) {
    for (const sub of word.substitutions) {
      const inner = analyzeShellAt(sub.text, ctx.offset + sub.start, ctx.depth + 1, ctx.nested)
      ctx.out.hits.push(...inner.hits)
      const contained = inner.effects.every((e) => e.contained)
      ctx.out.effects.push({
        kind: 'substitution',
        contained,
        start: ctx.offset + word.start,
        end: ctx.offset + word.end,
        evidence: evidenceOf('command substitution', sub.text),
      })
    }
  }
}

/** Programs that touch a file's attributes or list it, never its content. */
const ATTRIBUTES_ONLY = new Set(['chmod', 'chown', 'chgrp', 'touch', 'ls', 'stat'])

/** A key file in ~/.ssh: anything there but what lets someone else log in or runs at login (authorized_keys, config, rc, environment). */
function isSshKeyFile(path: string): boolean {
  return /(?:^|\/)\.ssh\/(?!(?:authorized_keys2?|config|rc|environment)$)[\w.@-]+$/.test(path.trim())
}

/**
 * Analyses shell text: download-and-run pipelines, reverse shells, destructive commands, credential exfiltration,
 * system file writes, inline interpreter code (analysed with `nested`) and every command's effect. `offset` is
 * where `text` starts in the scanned text.
 */
export function analyzeShell(text: string, offset: number, nested: NestedCode, depth = 0): CodeFindings {
  return analyzeShellAt(text, offset, depth, nested)
}
