/**
 * What file paths and program names mean to the code rules: credential stores, system locations, network tools.
 * Plain string tests, shared by the shell and the code analysers.
 */

const CREDENTIAL_PATH =
  /(?:^|[\\/])(?:\.ssh(?:[\\/]|$)|id_(?:rsa|dsa|ecdsa|ed25519)\b|\.aws[\\/](?:credentials|config)|\.env(?:\.(?!(?:example|sample|template|dist|defaults?)$)[\w-]+)?$|\.npmrc$|\.pypirc$|\.netrc$|\.git-credentials$|\.docker[\\/]config\.json|\.kube[\\/]config|\.gnupg(?:[\\/]|$)|\.bash_history$|\.config[\\/]gcloud|Login Data$|keychain)|^\/etc\/(?:passwd|shadow|gshadow|sudoers|master\.passwd)$|^\/proc\/(?:self|\d+)\/environ$|^\.env(?:\.(?!(?:example|sample|template|dist|defaults?)$)[\w-]+)?$/i

/**
 * True for paths that hold credentials or account data (`~/.ssh/id_rsa`, `/etc/passwd`, `.env`, AWS credentials …).
 * A template of an env file (`.env.example`, `.env.sample`) holds placeholders, not credentials.
 */
export function isCredentialPath(path: string): boolean {
  const trimmed = path.trim()
  return trimmed.length > 0 && trimmed.length < 300 && CREDENTIAL_PATH.test(trimmed)
}

const PERSISTENCE_PATH =
  /^(?:\/(?:etc|usr|bin|sbin|boot|lib|lib64|root|sys)(?:\/|$)|\/var\/spool\/cron)|(?:^|\/)(?:\.bashrc|\.bash_profile|\.zshrc|\.profile|authorized_keys|crontab)$|(?:^|\/)\.ssh\//

/** True for paths whose modification changes the system or a login (`/etc/…`, `~/.bashrc`, `authorized_keys` …). */
export function isSystemPath(path: string): boolean {
  const trimmed = path.trim()
  return trimmed.length < 300 && PERSISTENCE_PATH.test(trimmed)
}

const QUIET_DEVICES = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/stdin', '/dev/tty', '/dev/zero'])

/** True for paths outside the working tree: absolute, home-relative or drive paths (not `/dev/null` and friends). */
export function isOutsidePath(path: string): boolean {
  const p = path.trim()
  if (QUIET_DEVICES.has(p)) return false
  return p.startsWith('/') || p.startsWith('~') || p.startsWith('$HOME') || p.startsWith('${HOME}') || /^[A-Za-z]:[\\/]/.test(p)
}

const DOWNLOADERS = new Set([
  'curl',
  'wget',
  'fetch',
  'aria2c',
  'iwr',
  'irm',
  'invoke-webrequest',
  'invoke-restmethod',
  'lwp-download',
  'lwp-request',
  'http',
  'https',
  'certutil',
  'bitsadmin',
])

/** Programs that fetch something from the network. */
export function isDownloader(program: string): boolean {
  return DOWNLOADERS.has(program)
}

const INTERPRETERS = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'mksh',
  'fish',
  'csh',
  'tcsh',
  'ash',
  'busybox',
  'perl',
  'ruby',
  'node',
  'nodejs',
  'php',
  'lua',
  'tclsh',
  'iex',
  'invoke-expression',
  'powershell',
  'pwsh',
  'cmd',
  'source',
  '.',
  'eval',
  'osascript',
  'deno',
  'bun',
])

/** Programs that run code they are given (shells, language runtimes, `eval`, `iex`). */
export function isInterpreter(program: string): boolean {
  return INTERPRETERS.has(program) || /^python[\d.]*$/.test(program) || /^pypy[\d.]*$/.test(program)
}

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'fish', 'csh', 'tcsh', 'ash', 'cmd', 'powershell', 'pwsh'])

/** Command shells (a subset of interpreters). */
export function isShell(program: string): boolean {
  return SHELLS.has(program)
}

const NETWORK_TOOLS = new Set([
  'nc',
  'ncat',
  'netcat',
  'nc.traditional',
  'nc.openbsd',
  'socat',
  'telnet',
  'ssh',
  'scp',
  'sftp',
  'rsync',
  'ftp',
  'tftp',
  'openssl',
])

/** Programs that talk to other hosts (downloaders included). */
export function isNetworkTool(program: string): boolean {
  return NETWORK_TOOLS.has(program) || DOWNLOADERS.has(program)
}

const RAW_SOCKET_TOOLS = new Set(['nc', 'ncat', 'netcat', 'nc.traditional', 'nc.openbsd', 'socat', 'telnet', 'openssl'])

/** Raw socket tools, the usual other end of a reverse shell. */
export function isSocketTool(program: string): boolean {
  return RAW_SOCKET_TOOLS.has(program)
}

const PRIVILEGED = new Set(['sudo', 'su', 'doas', 'pkexec', 'runas'])

/** Programs that change the user a command runs as. */
export function isPrivilegeTool(program: string): boolean {
  return PRIVILEGED.has(program)
}

/** Programs that control the machine, its users or its services rather than work on files. */
const SYSTEM_CONTROL = new Set([
  'shutdown',
  'reboot',
  'halt',
  'poweroff',
  'init',
  'systemctl',
  'service',
  'launchctl',
  'kill',
  'killall',
  'pkill',
  'useradd',
  'userdel',
  'usermod',
  'adduser',
  'passwd',
  'chpasswd',
  'crontab',
  'iptables',
  'ufw',
  'mount',
  'umount',
  'chmod',
  'chown',
  'reg',
  'schtasks',
  'sc',
  'net',
  'netsh',
  'setx',
  'format',
  'diskpart',
  // Reconnaissance: who and where the code runs, the first thing a probing payload asks.
  'whoami',
  'id',
  'uname',
  'hostname',
  'ifconfig',
  'ipconfig',
  'netstat',
  'systeminfo',
  'env',
  'printenv',
  'ping',
  'nslookup',
  'dig',
])

/**
 * True for programs that change the machine itself (power, services, users, permissions, firewall) or survey it
 * (identity, host, network): neither belongs in a routine build or tool step.
 */
export function isSystemControl(program: string): boolean {
  return SYSTEM_CONTROL.has(program.toLowerCase().replace(/\.exe$/, ''))
}
