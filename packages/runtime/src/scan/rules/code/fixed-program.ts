import type { SyntaxNode } from '@lezer/common'
import { isInterpreter, isNetworkTool, isPrivilegeTool, isSystemControl } from './paths'
import type { SnippetReader } from './snippet-reader'
import type { DynamicSource } from './values'

/**
 * A program named literally and handed its arguments with no shell between (`subprocess.run(["git", "-C", repo,
 * *args])`, `spawn("tsc", ["-p", dir])`, `[sys.executable, "-m", "venv", path]`): what runs is fixed, and build scripts
 * do this everywhere, so a spawn of one with computed arguments is held (medium) rather than rejected. Arguments fed
 * by outside input (the command line, the environment, the network, a decoder) keep it high, and so does a program
 * that runs whatever it is given or reaches outside (a shell, an interpreter's -c, curl, rm, sudo …).
 */

/** Sources of a value that come from outside the program: its arguments always weigh as input. */
const OUTSIDE_INPUT = new Set<DynamicSource>(['decode', 'network', 'input', 'env'])
/**
 * Programs that run what they are given or destroy what they are pointed at, beyond the interpreters, the network
 * tools (downloaders among them), the privilege tools and the machine controls of ./paths: computed arguments keep
 * them high.
 */
const RUNS_OR_DESTROYS = new Set([
  'rm',
  'dd',
  'mkfs',
  'shred',
  'wipefs',
  'chmod',
  'chown',
  'xargs',
  'env',
  'nohup',
  'exec',
  'find',
  'docker',
  'kubectl',
  'git-shell',
])

/**
 * The program a spawn runs when it is named literally in an argument vector, no shell reads the vector and `src` (the
 * provenance of the computed command) is not outside input; null otherwise, or when the program is one that runs what
 * it is given or reaches outside.
 */
export function fixedProgram(call: SyntaxNode, path: string, args: SyntaxNode[], src: DynamicSource, reader: SnippetReader): string | null {
  const first = args[0] ?? null
  if (!first || OUTSIDE_INPUT.has(src)) return null
  let elements: SyntaxNode[]
  if (reader.language === 'python') {
    const shell = reader.keywordArg(call, 'shell')
    if (shell && reader.text(shell) !== 'False') return null
    if (first.name !== 'ArrayExpression' && first.name !== 'TupleExpression') return null
    elements = elementsOf(first)
  } else {
    // spawn/execFile take the program apart from its arguments; exec and execSync hand one string to a shell
    if (!/(?:^|\.)(?:spawn|spawnSync|execFile|execFileSync|execa)$/.test(path)) return null
    const options = args.find((a) => a.name === 'ObjectExpression')
    if (options && /\bshell\s*:\s*(?!false\b)/.test(reader.text(options))) return null
    elements = [first]
  }
  const head = elements[0]
  if (!head) return null
  const value = reader.resolve(head)
  const named = value.t === 'lit' && value.text !== null ? value.text.trim() : null
  if (named === null) return interpreterModule(head, elements, reader)
  // a command line in one string ("git status") is no argument vector
  if (/\s/.test(named)) return null
  const program = named.replace(/^.*[\\/]/, '')
  if (
    program === '' ||
    isInterpreter(program) ||
    isNetworkTool(program) ||
    isPrivilegeTool(program) ||
    isSystemControl(program) ||
    RUNS_OR_DESTROYS.has(program)
  )
    return null
  return program
}

/** The running interpreter, or a venv's, with a literal module: `[sys.executable, "-m", "pip", …]`. */
function interpreterModule(head: SyntaxNode, elements: readonly SyntaxNode[], reader: SnippetReader): string | null {
  if (!/^(?:sys\.executable|str\(\s*\w*python\w*\s*\)|\w*python\w*)$/i.test(reader.text(head))) return null
  const flag = elements[1] ? reader.resolve(elements[1]) : null
  const module = elements[2] ? reader.resolve(elements[2]) : null
  if (flag?.t !== 'lit' || flag.text !== '-m' || module?.t !== 'lit' || module.text === null || !/^[\w.]+$/.test(module.text)) return null
  return `python -m ${module.text}`
}

/** The elements of a list or tuple literal. */
function elementsOf(list: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = []
  for (let c = list.firstChild; c; c = c.nextSibling) if (!/^[[\](),]$/.test(c.name) && !c.type.isError) out.push(c)
  return out
}
