import type { Chunk, Rule, RuleHit, ScanInput } from '../../types'
import { analyzeChunk } from './analyze'
import type { CodeRuleName } from './hit'
import { webPayloadHits } from './web-payloads'

const DESCRIPTIONS: Record<CodeRuleName, string> = {
  'eval-call':
    'eval/exec/Function/compile/vm.run* (and unsafe deserialisation) of code that is not a plain literal; literal-only calls stay low.',
  'dynamic-import': 'require()/import()/__import__()/importlib.import_module() of a computed module name.',
  'process-spawn':
    'child_process, subprocess, os.system/popen, pty.spawn and other spawners: low for a literal command that stays in the working tree, medium for one that reaches outside it, controls or surveys the machine, high when the command is computed (medium when only the arguments of a program named literally are, with no shell and no outside input) or dangerous.',
  'sandbox-escape': 'Dunder walks such as __class__.__mro__ … __subclasses__(), __globals__/__builtins__ access, constructor.constructor.',
  'builtins-tamper': 'Assignments to builtins (monkeypatching checks so that they always pass).',
  'download-exec':
    'A download piped or substituted into an interpreter (curl … | sh, iex (iwr …), python -c "$(curl …)"); medium when it is an install step the page documents (the page\'s own installer under install words, a Dockerfile\'s RUN).',
  'reverse-shell': 'bash -i >& /dev/tcp/…, nc -e, mkfifo … nc, socket + dup2/pty shells.',
  exfiltration:
    'Credential files or the environment sent to a network sink (high); local files uploaded, and host details, command output, an environment variable or the clipboard sent out (medium).',
  destructive: 'rm -rf /, mkfs, dd to a disk, fork bombs, drive wipes.',
  'system-write':
    'Writes to system or login files (/etc, ~/.bashrc, authorized_keys …); low for an install step that puts a program, a service unit or a PATH line where installs do.',
  'bare-payload': 'The whole candidate is a short piece of code that reaches outside the working tree (a payload, not a memory).',
}

const CODE_KINDS = ['code', 'shell', 'prose'] as const

function ruleFor(name: CodeRuleName): Rule {
  return {
    id: `code/${name}`,
    family: 'code',
    weight: 1,
    description: DESCRIPTIONS[name],
    appliesTo: CODE_KINDS,
    check(chunk: Chunk, input: ScanInput): RuleHit[] {
      const hits: RuleHit[] = []
      for (const h of analyzeChunk(chunk, input)) {
        if (h.rule === name) hits.push({ start: h.start, end: h.end, severity: h.severity, evidence: h.evidence })
      }
      return hits
    },
  }
}

/** Payloads for the programs a memory flows into: script in HTML, SQL out of a value, template expressions, JNDI lookups (./web-payloads). */
const webInjectionRule: Rule = {
  id: 'code/web-injection',
  family: 'code',
  weight: 1,
  description:
    "Script injected into HTML (a handler or script that takes the cookie or loads code: high; an alert probe, also in the forms written to pass a filter: medium) or into a Markdown link's target (a javascript: URL: medium), SQL that breaks out of a quoted or numeric value (a stacked DROP/DELETE or xp_cmdshell: high; a tautology, UNION SELECT, a timed probe or a statement spelled in pieces: medium), server-side template expressions (one that reaches the process API, as T(java.lang.Runtime) or FreeMarker's Execute: high; a number squared in a template's delimiters, {{7*7}}: medium), JNDI lookups (Log4Shell); a level lower beside a lesson's, a test's or a log's words, two when quoted.",
  check: (chunk: Chunk, input: ScanInput): RuleHit[] => webPayloadHits(chunk, input.text),
}

/** The code-execution rules: structural checks of code, shell and code-looking prose (see docs/scanning.md). */
export const codeRules: Rule[] = [...(Object.keys(DESCRIPTIONS) as CodeRuleName[]).map(ruleFor), webInjectionRule]
