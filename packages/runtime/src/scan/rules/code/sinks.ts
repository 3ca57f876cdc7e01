/**
 * Which call targets matter, by their resolved dotted path (`child_process.exec`, `os.system`, `eval` …). Paths are
 * normalised first: `node:` module prefixes and `window.`/`globalThis.`/`builtins.` roots are dropped.
 */

export type SinkKind = 'eval' | 'deserialize' | 'spawn' | 'import' | 'network' | 'write' | 'read'

const JS_SINKS: Record<string, SinkKind> = {
  eval: 'eval',
  Function: 'eval',
  'vm.runInContext': 'eval',
  'vm.runInNewContext': 'eval',
  'vm.runInThisContext': 'eval',
  'vm.compileFunction': 'eval',
  'vm.Script': 'eval',
  'vm.SourceTextModule': 'eval',
  setTimeout: 'eval',
  setInterval: 'eval',
  'child_process.exec': 'spawn',
  'child_process.execSync': 'spawn',
  'child_process.spawn': 'spawn',
  'child_process.spawnSync': 'spawn',
  'child_process.fork': 'spawn',
  'child_process.execFile': 'spawn',
  'child_process.execFileSync': 'spawn',
  'Bun.spawn': 'spawn',
  'Bun.spawnSync': 'spawn',
  'Deno.run': 'spawn',
  'Deno.Command': 'spawn',
  execa: 'spawn',
  'execa.command': 'spawn',
  'execa.execa': 'spawn',
  'execa.execaCommand': 'spawn',
  'shelljs.exec': 'spawn',
  exec: 'spawn',
  system: 'spawn',
  require: 'import',
  'module.require': 'import',
  fetch: 'network',
  axios: 'network',
  'axios.get': 'network',
  'axios.post': 'network',
  'axios.put': 'network',
  'axios.patch': 'network',
  'axios.request': 'network',
  'http.request': 'network',
  'http.get': 'network',
  'https.request': 'network',
  'https.get': 'network',
  'net.connect': 'network',
  'net.createConnection': 'network',
  'net.Socket': 'network',
  'tls.connect': 'network',
  'navigator.sendBeacon': 'network',
  WebSocket: 'network',
  XMLHttpRequest: 'network',
  got: 'network',
  'got.post': 'network',
  'fs.writeFile': 'write',
  'fs.writeFileSync': 'write',
  'fs.appendFile': 'write',
  'fs.appendFileSync': 'write',
  'fs.createWriteStream': 'write',
  'fs.promises.writeFile': 'write',
  'fs/promises.writeFile': 'write',
  'fs.readFile': 'read',
  'fs.readFileSync': 'read',
  'fs.createReadStream': 'read',
  'fs.promises.readFile': 'read',
  'fs/promises.readFile': 'read',
}

const PY_SINKS: Record<string, SinkKind> = {
  eval: 'eval',
  exec: 'eval',
  compile: 'eval',
  execfile: 'eval',
  'pickle.loads': 'deserialize',
  'pickle.load': 'deserialize',
  'cPickle.loads': 'deserialize',
  'marshal.loads': 'deserialize',
  'dill.loads': 'deserialize',
  'yaml.unsafe_load': 'deserialize',
  'os.system': 'spawn',
  'os.popen': 'spawn',
  'os.popen2': 'spawn',
  'os.popen3': 'spawn',
  'os.posix_spawn': 'spawn',
  'os.posix_spawnp': 'spawn',
  'os.execl': 'spawn',
  'os.execle': 'spawn',
  'os.execlp': 'spawn',
  'os.execv': 'spawn',
  'os.execve': 'spawn',
  'os.execvp': 'spawn',
  'os.execvpe': 'spawn',
  'os.spawnl': 'spawn',
  'os.spawnle': 'spawn',
  'os.spawnlp': 'spawn',
  'os.spawnv': 'spawn',
  'os.spawnve': 'spawn',
  'os.spawnvp': 'spawn',
  'subprocess.run': 'spawn',
  'subprocess.call': 'spawn',
  'subprocess.check_call': 'spawn',
  'subprocess.check_output': 'spawn',
  'subprocess.Popen': 'spawn',
  'subprocess.getoutput': 'spawn',
  'subprocess.getstatusoutput': 'spawn',
  'pty.spawn': 'spawn',
  'commands.getoutput': 'spawn',
  'commands.getstatusoutput': 'spawn',
  'asyncio.create_subprocess_shell': 'spawn',
  'asyncio.create_subprocess_exec': 'spawn',
  'platform.popen': 'spawn',
  __import__: 'import',
  'importlib.import_module': 'import',
  'requests.get': 'network',
  'requests.post': 'network',
  'requests.put': 'network',
  'requests.patch': 'network',
  'requests.delete': 'network',
  'requests.head': 'network',
  'requests.request': 'network',
  'request.get': 'network',
  'request.post': 'network',
  'httpx.get': 'network',
  'httpx.post': 'network',
  'urllib.request.urlopen': 'network',
  'urllib.request.Request': 'network',
  'urllib.request.urlretrieve': 'network',
  'urllib2.urlopen': 'network',
  urlopen: 'network',
  'http.client.HTTPConnection': 'network',
  'http.client.HTTPSConnection': 'network',
  'socket.create_connection': 'network',
  'smtplib.SMTP': 'network',
  'ftplib.FTP': 'network',
}

/** Spawners of other languages (Ruby, PHP, Perl, C …) met when unknown code is parsed as JavaScript. */
const OTHER_SINKS: Record<string, SinkKind> = {
  System: 'spawn',
  system: 'spawn',
  exec: 'spawn',
  'Kernel.exec': 'spawn',
  'Kernel.system': 'spawn',
  'Kernel.spawn': 'spawn',
  'IO.popen': 'spawn',
  'Open3.popen3': 'spawn',
  'Open3.capture2': 'spawn',
  'Open3.capture3': 'spawn',
  shell_exec: 'spawn',
  passthru: 'spawn',
  proc_open: 'spawn',
  popen: 'spawn',
  'Process.Start': 'spawn',
  'Kernel.eval': 'eval',
}

/** Method names that only child_process has: a call of them on an unknown receiver still spawns. */
const UNIQUE_SPAWN_METHODS = new Set(['execSync', 'spawnSync', 'execFileSync'])

/** Drops prefixes that do not change what a path names. */
export function normalizePath(path: string): string {
  let p = path
  for (const root of ['window.', 'globalThis.', 'global.', 'self.', 'builtins.', '__builtins__.'])
    if (p.startsWith(root)) p = p.slice(root.length)
  if (p.startsWith('node:')) p = p.slice(5)
  return p
}

/** The sink a resolved callee path names, if any. */
export function sinkOf(path: string, language: 'javascript' | 'python', other: boolean): SinkKind | null {
  const p = normalizePath(path)
  const table = language === 'python' ? PY_SINKS : JS_SINKS
  const found = table[p] ?? (other ? OTHER_SINKS[p] : undefined)
  if (found) return found
  const dot = p.lastIndexOf('.')
  if (dot > 0 && UNIQUE_SPAWN_METHODS.has(p.slice(dot + 1))) return 'spawn'
  return null
}

/** Calls whose result is text produced from encoded data: code hidden this way is a strong signal. */
export function isDecoder(path: string): boolean {
  return /(?:^|\.)(?:b64decode|b32decode|b16decode|a85decode|urlsafe_b64decode|decodebytes|atob|unhexlify|fromhex|decompress|codecs\.decode|rot13)$|^Buffer\.from$/.test(
    path,
  )
}

/** Calls whose result comes from the user or the command line. */
export function isInputSource(path: string): boolean {
  return /^(?:input|raw_input|prompt|readline|sys\.stdin\.read|sys\.stdin\.readline|readline\.question)$/.test(path)
}

/** Paths whose value is outside input (`sys.argv`, `process.argv`, request bodies read through a parameter …). */
export function isInputPath(path: string): boolean {
  return /^(?:sys\.argv|process\.argv|process\.stdin|location\.(?:hash|search|href)|document\.(?:cookie|location))/.test(path)
}

/** Paths that read the environment. */
export function isEnvPath(path: string): boolean {
  return /^(?:process\.env|os\.environ|os\.getenv|Deno\.env)/.test(path)
}

/** Calls that print their argument: a result only printed is reported lower. */
export function isPrinter(path: string): boolean {
  return /^(?:print|console\.(?:log|info|warn|error|debug)|puts|pp|p|pprint|pprint\.pprint)$/.test(path)
}

const RISKY_MODULES = new Set([
  'os',
  'subprocess',
  'socket',
  'pty',
  'ctypes',
  'builtins',
  'importlib',
  'child_process',
  'vm',
  'net',
  'posix',
  'commands',
  'shutil',
  'marshal',
  'pickle',
])

/** Modules that give process, socket or interpreter access. */
export function isRiskyModule(name: string): boolean {
  return RISKY_MODULES.has(normalizePath(name))
}

/** Modules whose import alone means "this code starts processes". */
export function isSpawnModule(name: string): boolean {
  const n = normalizePath(name)
  return n === 'child_process' || n === 'subprocess' || n === 'pty'
}
