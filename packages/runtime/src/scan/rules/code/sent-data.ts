import type { SyntaxNode } from '@lezer/common'
import type { SnippetReader } from './snippet-reader'

/**
 * What a network send carries that the snippet gathered from the machine it runs on: details of the host, a
 * command's output, a local file's content, the clipboard, an environment variable. Sent together they are the
 * body of a survey-and-report payload ("post platform.system() and os.environ['USER'] to https://…"), which
 * exfiltrates nothing a credential rule sees. Read by following the send's arguments through the snippet's
 * bindings (`data = {"user": user}` … `user = os.environ["USER"]`), a few assignments deep.
 */

const HOST_DETAILS =
  /^(?:platform\.\w+|psutil\.\w+|socket\.(?:gethostname|getfqdn)|getpass\.getuser|os\.(?:uname|getlogin|hostname|userInfo|networkInterfaces)|uuid\.getnode|pwd\.getpwuid|wmi\.WMI)$/
const COMMAND_OUTPUT =
  /^(?:subprocess\.(?:check_output|getoutput|getstatusoutput|run)|os\.popen|commands\.getoutput|child_process\.(?:execSync|execFileSync|spawnSync))$/
const CLIPBOARD = /^(?:pyperclip\.paste|clipboard\.paste|clipboardy\.(?:read|readSync)|navigator\.clipboard\.readText)$/
const PY_FILE_CONTENT = /^(?:open|io\.open)$/
const JS_FILE_CONTENT = /^(?:fs\.(?:readFileSync|createReadStream|promises\.readFile)|fs\/promises\.readFile)$/

/**
 * Arguments that carry what the sender authenticates with, not what it sends: an API key read from the environment
 * into a header is how clients are configured.
 */
const CREDENTIAL_ARGUMENTS = /^(?:headers|auth|cookies|proxies|cert|verify|timeout|Authorization|authorization)$/
/** Assignments followed from a name to its value, at most. */
const MAX_HOPS = 3

/** What gathering call `path` names, if any. */
function gatheredBy(path: string, language: 'javascript' | 'python'): string | null {
  if (HOST_DETAILS.test(path)) return 'host details'
  if (COMMAND_OUTPUT.test(path)) return 'command output'
  if (CLIPBOARD.test(path)) return 'clipboard content'
  if ((language === 'python' ? PY_FILE_CONTENT : JS_FILE_CONTENT).test(path)) return "a local file's content"
  return null
}

/**
 * What the send `call` carries that the snippet gathered, or null. The first positional argument (the address) is
 * read for everything but environment variables: a base URL is configured through the environment.
 */
export function sentData(call: SyntaxNode, reader: SnippetReader): string | null {
  const list = call.getChild('ArgList')
  let positional = 0
  for (let c = list?.firstChild ?? null; c; c = c.nextSibling) {
    if (c.name === '(' || c.name === ')' || c.name === ',' || c.type.isError) continue
    if (c.name === 'VariableName' && c.nextSibling?.name === 'AssignOp') {
      // a Python keyword argument: its value is the sibling after `=`
      const value = c.nextSibling.nextSibling
      const what = value && !CREDENTIAL_ARGUMENTS.test(reader.text(c)) ? gatheredIn(value, reader, 0, true) : null
      if (what) return what
      c = value ?? c.nextSibling
      continue
    }
    const what = gatheredIn(c, reader, 0, positional > 0)
    positional++
    if (what) return what
  }
  return null
}

function gatheredIn(node: SyntaxNode, reader: SnippetReader, hops: number, environment: boolean): string | null {
  const name = node.name
  if (name === 'CallExpression') {
    const path = reader.calleePath(node)
    const what = path === null ? null : gatheredBy(path, reader.language)
    if (what) return what
  } else if (name === 'VariableName') {
    const binding = reader.binding(reader.text(node), node.from)
    const init = binding?.kind === 'var' ? binding.init : null
    // (a name inside its own initialiser, `x = f(x)`, is the value before: not followed)
    if (!init || hops >= MAX_HOPS || (init.from <= node.from && node.to <= init.to)) return null
    return gatheredIn(init, reader, hops + 1, true)
  } else if (environment && (name === 'MemberExpression' || name === 'SubscriptExpression')) {
    const value = reader.resolve(node)
    if (value.t === 'dyn' && value.src === 'env') return 'an environment variable'
  }
  for (let c = node.firstChild; c; c = c.nextSibling) {
    // `{ headers: { Authorization: … } }`, `headers=…` inside a nested call
    if ((c.name === 'Property' || c.name === 'PropertyDefinition') && isCredentialProperty(c, reader)) continue
    if (c.name === 'VariableName' && c.nextSibling?.name === 'AssignOp' && CREDENTIAL_ARGUMENTS.test(reader.text(c))) {
      c = c.nextSibling.nextSibling ?? c.nextSibling
      continue
    }
    const what = gatheredIn(c, reader, hops, environment)
    if (what) return what
  }
  return null
}

function isCredentialProperty(property: SyntaxNode, reader: SnippetReader): boolean {
  const key = property.name === 'Property' ? property.firstChild : property
  return key !== null && CREDENTIAL_ARGUMENTS.test(reader.text(key).replace(/^['"]|['"]$/g, ''))
}
