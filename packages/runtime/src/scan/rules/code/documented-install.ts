/**
 * An install step a page documents for its reader: "The recommended way to install the Mapleleaf CLI is the install
 * script: curl -fsSL https://get.mapleleaf.dev/install.sh | sh", a Dockerfile's `RUN curl … https://sh.rustup.rs | sh`.
 * A download piped into a shell is still code that runs what a server sends, so it stays on record at `medium`
 * (review); but it is not rejected like a payload when two things hold:
 *
 * - it stands in an install context: install words in the lines before it (install, setup, quick start, 安装, 部署)
 *   or a Dockerfile's RUN instruction;
 * - the server it downloads from is the page's own subject: a name from the download's host or repository
 *   (`mapleleaf` of get.mapleleaf.dev, `golangci` of raw.githubusercontent.com/golangci/…) appears in the text
 *   outside the command, or the page calls the script the tool's official installer just above it. A line planted in
 *   a page downloads from somewhere the page does not otherwise name.
 */

/** Install words in the lines before the command, or on its line. */
const INSTALL_CONTEXT =
  /\b(?:install(?:s|ed|er|ers|ing|ation)?|set ?up|quick ?start|getting started|bootstrap(?:ping)?|upgrad(?:e|ing))\b|安装|部署|一键|快速开始|快速上手/i

/** A Dockerfile instruction that runs the command at image build time (the line, or the start of its continued line). */
const DOCKERFILE_RUN = /^[ \t]*RUN[ \t]/m

/** How far before the command the install words may stand (a heading and a sentence or two). */
const CONTEXT_BEFORE = 400

const URL = /https?:\/\/([A-Za-z0-9.-]+)(?::\d+)?(\/[^\s'"|;)]*)?/g

/** Host labels and path parts that name no one: a service's role, a top-level domain, a code host. */
const GENERIC = new Set([
  'get',
  'www',
  'download',
  'downloads',
  'dl',
  'install',
  'installer',
  'raw',
  'cdn',
  'static',
  'release',
  'releases',
  'package',
  'packages',
  'pkg',
  'pkgs',
  'deb',
  'rpm',
  'apt',
  'yum',
  'repo',
  'repos',
  'api',
  'assets',
  'files',
  'setup',
  'scripts',
  'script',
  'main',
  'master',
  'latest',
  'example',
  'githubusercontent',
  'github',
  'gitlab',
  'bitbucket',
  'gist',
  'gitee',
  'codeberg',
  'sourceforge',
  'amazonaws',
  'cloudfront',
  'blob',
  'core',
  'windows',
  'storage',
  'googleapis',
])

/**
 * The page calls the script the tool's official installer ("# Rust toolchain (official installer)", "安装 uv（官方安装脚本）"):
 * a name the download's host need not share (sh.rustup.rs for Rust, astral.sh for uv).
 */
const OFFICIAL_INSTALLER =
  /\bofficial\s+(?:[\w-]+\s+)?(?:installer|install(?:ation)?\s+script|install\s+command|setup\s+script)\b|官方(?:的)?(?:安装)?脚本|官方安装(?:方式|命令|程序)?/i
/** How far before the command's line that word may stand (the comment or heading above it). */
const OFFICIAL_BEFORE = 160

/** The names a download's URL gives its source: the host's labels but the top-level domain, and a code host's owner and repository. */
function sourceNames(host: string, path: string): string[] {
  const labels = host.toLowerCase().split('.')
  const names = labels.slice(0, -1).flatMap((l) => [l, ...l.split('-')])
  const parts = path.toLowerCase().split('/').filter(Boolean)
  if (/(?:^|\.)(?:github|gitlab|bitbucket|gitee|codeberg)\.(?:com|org)$|githubusercontent\.com$/.test(host.toLowerCase()))
    for (const p of parts.slice(0, 2)) names.push(p, ...p.split(/[-_.]/))
  return [...new Set(names)].filter((n) => n.length >= 4 && !GENERIC.has(n) && !/^\d+$/.test(n))
}

/** Whether `name` stands as a word of `lower` (the text lower-cased) outside `[start, end)`. */
function mentionedOutside(lower: string, name: string, start: number, end: number): boolean {
  for (let at = lower.indexOf(name); at >= 0; at = lower.indexOf(name, at + 1)) {
    if (at >= start && at < end) continue
    const before = lower[at - 1] ?? ' '
    const after = lower[at + name.length] ?? ' '
    // a word of its own (CamelCase products are lower-cased here: "DataBee" reads as "databee")
    if (!/[a-z0-9]/.test(before) && !/[a-z0-9]/.test(after)) return true
    if (!/[a-z0-9]/.test(before) && /[\u4e00-\u9fff]/.test(after)) return true
  }
  return false
}

function lineStartOf(text: string, at: number): number {
  let start = text.lastIndexOf('\n', at - 1) + 1
  // a continued line's instruction is where its first line starts (`RUN apt-get … \` then `&& curl … | sh`)
  while (start > 1 && text[start - 2] === '\\') start = text.lastIndexOf('\n', start - 2) + 1
  return start
}

/** The line (continued lines joined) of the command at `[start, end)`. */
function commandLine(text: string, start: number, end: number): { lineStart: number; lineEnd: number } {
  const newline = text.indexOf('\n', end)
  return { lineStart: lineStartOf(text, start), lineEnd: newline < 0 ? text.length : newline }
}

/**
 * The line of the command at `[start, end)` when it stands in an install context: install words in it or in the
 * lines before it, or a Dockerfile's RUN; null otherwise.
 */
function installLine(text: string, start: number, end: number): { lineStart: number; lineEnd: number } | null {
  const line = commandLine(text, start, end)
  const { lineStart, lineEnd } = line
  if (DOCKERFILE_RUN.test(text.slice(lineStart, lineEnd))) return line
  return INSTALL_CONTEXT.test(text.slice(Math.max(0, lineStart - CONTEXT_BEFORE), lineEnd)) ? line : null
}

/** True when the download-and-run at `[start, end)` of `text` is an install step the page documents for its reader. */
export function documentedInstall(text: string, start: number, end: number): boolean {
  const line = installLine(text, start, end)
  if (!line) return false
  const { lineStart, lineEnd } = line
  if (OFFICIAL_INSTALLER.test(text.slice(Math.max(0, lineStart - OFFICIAL_BEFORE), lineEnd))) return true
  // `sh install.sh` after `curl -o install.sh https://…` runs what the lines before it downloaded
  let command = text.slice(start, end)
  if (!command.includes('://')) command = text.slice(Math.max(0, lineStart - CONTEXT_BEFORE), end)
  const lower = text.toLowerCase()
  URL.lastIndex = 0
  for (let m = URL.exec(command); m; m = URL.exec(command)) {
    const names = sourceNames(m[1]!, m[2] ?? '')
    if (names.some((name) => mentionedOutside(lower, name, lineStart, lineEnd))) return true
  }
  return false
}

/**
 * Where an install step puts what it installs: a binary or a library under /usr/local or /opt, a service unit, a
 * package source list. A write anywhere else a login or the system reads (authorized_keys, sudoers, crontab, /etc/hosts,
 * ld.so.preload) is not an install step, whatever the words around it.
 */
const INSTALL_LOCATION =
  /^(?:\/usr\/local\/(?:bin|sbin|lib|share|include)|\/usr\/(?:bin|share\/keyrings)|\/opt|\/etc\/(?:systemd\/system|apt\/(?:sources\.list\.d|keyrings|trusted\.gpg\.d)|yum\.repos\.d|bash_completion\.d))(?:\/|$)/
/** The words of a command that are paths a login or the system reads. */
const SYSTEM_PATHS =
  /(?:^|[\s"'=>])((?:\/(?:etc|usr|bin|sbin|boot|lib|lib64|root|sys|opt)|\/var\/spool\/cron)\/[^\s"';|&]*|~?[^\s"';|&]*(?:\.bashrc|\.bash_profile|\.zshrc|\.profile|authorized_keys|crontab))/g
/** A line appended to a login file that only extends PATH: `echo 'export PATH="$HOME/.tool/bin:$PATH"' >> ~/.zshrc`. */
const PATH_EXPORT_TO_LOGIN_FILE =
  /^(?:echo|printf)\s+["']?export PATH="?(?:\$HOME|~|\$\{HOME\})\/[\w./-]+(?::\$PATH|:\$\{PATH\})?"?["']?\s*>>\s*(?:~|\$HOME)\/\.(?:bashrc|bash_profile|zshrc|profile)\s*$/

/**
 * A service's own configuration: `/etc/default/vectorlog`, `/etc/pgbouncer/pgbouncer.ini`, `/etc/docker/daemon.json`
 * (group 1 or 2 names the service). Not what lets someone log in, raises privileges or runs at boot or login, wherever
 * it lives (ssh, sudoers.d, pam.d, cron, profile.d, security, ld.so.conf.d, init and rc directories, modules, udev).
 */
const SERVICE_CONFIG =
  /^\/etc\/(?:default\/([\w.-]+)|(?!(?:ssh|sudoers\.d|pam\.d|cron\.\w+|profile\.d|security|ld\.so\.conf\.d|init\.d|init|rc\d?\.d|sysctl\.d|modprobe\.d|modules-load\.d|udev|polkit-1|skel|NetworkManager)\/)([\w.-]+)\/[\w./-]+)$/

/** The service a configuration path belongs to, when the page names it outside the command's line (its own subject). */
function ownServiceConfig(text: string, path: string, lineStart: number, lineEnd: number): boolean {
  const m = SERVICE_CONFIG.exec(path)
  const service = (m?.[1] ?? m?.[2])?.toLowerCase()
  return service !== undefined && service.length >= 4 && mentionedOutside(text.toLowerCase(), service, lineStart, lineEnd)
}

/**
 * True when the system write at `[start, end)` of `text` puts an installed program where install steps put one, in an
 * install context, or edits the configuration of the service the page is about (`sudo tee /etc/docker/daemon.json` on
 * a page about Docker, in any context: a runbook's "Point PgBouncer at the restored instance").
 */
export function documentedSystemWrite(text: string, start: number, end: number): boolean {
  const command = text.slice(start, end).trim()
  const paths = [...command.matchAll(SYSTEM_PATHS)].map((m) => m[1]!)
  const { lineStart, lineEnd } = commandLine(text, start, end)
  if (paths.length > 0 && paths.every((p) => ownServiceConfig(text, p, lineStart, lineEnd))) return true
  if (!installLine(text, start, end)) return false
  if (PATH_EXPORT_TO_LOGIN_FILE.test(command)) return true
  return paths.length > 0 && paths.every((p) => INSTALL_LOCATION.test(p))
}
