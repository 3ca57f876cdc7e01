import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { secretRules } from '../../src/scan/rules/secrets/index'
import { ALNUM, B64, B64URL, HEX, UPPER_DIGITS, base64Url, randomText, runRules, strongest } from './secrets-helpers'

const scan = (text: string, offset = 0) => runRules(secretRules, text, offset)
const LOWER_DIGITS = 'abcdefghijklmnopqrstuvwxyz0123456789'
const uuid = (seed: number) => [8, 4, 4, 4, 12].map((length, part) => randomText(HEX, length, seed * 10 + part)).join('-')

describe('secret/provider-token', () => {
  const tokens: [string, string][] = [
    ['AWS access key id', `AKIA${randomText(UPPER_DIGITS, 16, 1)}`],
    ['GitHub token', `ghp_${randomText(ALNUM, 36, 2)}`],
    ['GitHub fine-grained token', `github_pat_${randomText(ALNUM, 22, 3)}_${randomText(ALNUM, 59, 4)}`],
    ['GitLab token', `glpat-${randomText(B64URL, 20, 5)}`],
    ['Slack token', `xoxb-${randomText('0123456789', 11, 6)}-${randomText('0123456789', 12, 7)}-${randomText(ALNUM, 24, 8)}`],
    [
      'Slack webhook',
      `https://hooks.slack.com/services/T${randomText(UPPER_DIGITS, 8, 9)}/B${randomText(UPPER_DIGITS, 10, 10)}/${randomText(ALNUM, 24, 11)}`,
    ],
    ['Stripe live key', `sk_live_${randomText(ALNUM, 24, 12)}`],
    ['Google API key', `AIza${randomText(B64URL, 35, 13)}`],
    ['OpenAI API key', `sk-proj-${randomText(B64URL, 40, 14)}T3BlbkFJ${randomText(B64URL, 40, 15)}`],
    ['Anthropic API key', `sk-ant-api03-${randomText(B64URL, 93, 16)}AA`],
    ['npm token', `npm_${randomText(ALNUM, 36, 17)}`],
    ['PyPI token', `pypi-AgEIcHlwaS5vcmc${randomText(B64URL, 150, 18)}`],
    ['SendGrid API key', `SG.${randomText(B64URL, 22, 19)}.${randomText(B64URL, 43, 20)}`],
    ['Azure storage account key', `AccountKey=${randomText(B64, 86, 21)}==`],
    ['Telegram bot token', `${randomText('123456789', 10, 22)}:AA${randomText(B64URL, 33, 23)}`],
    ['Mailchimp API key', `${randomText(HEX, 32, 24)}-us14`],
    ['Twilio API key', `SK${randomText(HEX, 32, 25)}`],
    ['Square token', `sq0atp-${randomText(B64URL, 22, 26)}`],
    ['Heroku API key', `HRKU-${randomText(B64URL, 60, 27)}`],
    ['Discord bot token', `MT${randomText(B64URL, 24, 28)}.${randomText(B64URL, 6, 29)}.${randomText(B64URL, 38, 30)}`],
    ['PlanetScale token', `pscale_tkn_${randomText(ALNUM, 43, 50)}`],
    ['Prefect API key', `pnu_${randomText(ALNUM, 36, 51)}`],
    ['ReadMe API key', `rdme_${randomText(LOWER_DIGITS, 70, 52)}`],
    ['RubyGems API key', `rubygems_${randomText(HEX, 48, 53)}`],
    ['Brevo (Sendinblue) API key', `xkeysib-${randomText(HEX, 64, 54)}-${randomText(ALNUM, 16, 55)}`],
    ['Shippo API token', `shippo_live_${randomText(HEX, 40, 56)}`],
    ['Typeform token', `tfp_${randomText(ALNUM, 44, 57)}`],
    ['Dynatrace API token', `dt0c01.${randomText(UPPER_DIGITS, 24, 58)}.${randomText(UPPER_DIGITS, 64, 59)}`],
    ['EasyPost API key', `EZAK${randomText(ALNUM, 54, 60)}`],
    ['Flutterwave secret key', `FLWSECK_TEST-${randomText(HEX, 32, 61)}-X`],
    ['Duffel token', `duffel_test_${randomText(B64URL, 43, 62)}`],
    ['Clojars token', `CLOJARS_${randomText(LOWER_DIGITS, 60, 63)}`],
    ['Frame.io token', `fio-u-${randomText(B64URL, 64, 64)}`],
    ['LangSmith API key', `lsv2_pt_${randomText(HEX, 32, 65)}_${randomText(HEX, 10, 66)}`],
    ['Pinecone API key', `pcsk_${randomText(ALNUM, 70, 67)}`],
    ['Buildkite token', `bkua_${randomText(HEX, 40, 68)}`],
    ['CircleCI token', `CCIPAT_${randomText(ALNUM, 22, 69)}_${randomText(HEX, 40, 70)}`],
    ['Neon API key', `napi_${randomText(LOWER_DIGITS, 64, 71)}`],
    [
      'Plaid access token',
      `access-production-${randomText(HEX, 8, 72)}-${randomText(HEX, 4, 73)}-${randomText(HEX, 4, 74)}-${randomText(HEX, 4, 75)}-${randomText(HEX, 12, 76)}`,
    ],
    [
      'Microsoft Teams webhook',
      `https://contoso.webhook.office.com/webhookb2/${uuid(77)}@${uuid(78)}/IncomingWebhook/${randomText(HEX, 32, 79)}/${uuid(80)}`,
    ],
    ['Adobe client secret', `p8e-${randomText(ALNUM, 32, 200)}`],
    ['Contentful personal access token', `CFPAT-${randomText(B64URL, 43, 201)}`],
    ['Dropbox access token', `sl.${randomText(B64URL, 138, 202)}`],
    ['Fly.io token', `fo1_${randomText(B64URL, 43, 203)}`],
    ['Harness access token', `pat.${randomText(B64URL, 22, 204)}.${randomText(ALNUM, 24, 205)}.${randomText(ALNUM, 20, 206)}`],
    ['HubSpot private app token', `pat-na1-${uuid(207)}`],
    ['Infracost API key', `ico-${randomText(ALNUM, 32, 208)}`],
    ['OpenShift user token', `sha256~${randomText(B64URL, 43, 209)}`],
    ['Scalingo API token', `tk-us-${randomText(B64URL, 48, 210)}`],
    ['SonarQube token', `squ_${randomText(HEX, 40, 211)}`],
    ['NuGet API key', `oy2${randomText(LOWER_DIGITS, 43, 212)}`],
    ['Defined Networking API key', `dnkey-${randomText(LOWER_DIGITS, 26, 213)}-${randomText(LOWER_DIGITS, 52, 214)}`],
    ['Yandex Cloud API key', `AQVN${randomText(B64URL, 36, 215)}`],
    ['Yandex Cloud IAM token', `t1.${randomText(B64URL, 40, 216)}.${randomText(B64URL, 86, 217)}`],
    ['Yandex OAuth token', `y0_${randomText(B64URL, 55, 218)}`],
    ['Braintree access token', `access_token$production$${randomText(LOWER_DIGITS, 16, 219)}$${randomText(HEX, 32, 220)}`],
    ['Firebase Cloud Messaging server key', `AAAA${randomText(B64URL, 7, 221)}:${randomText(B64URL, 140, 222)}`],
    ['Cloudflare Origin CA key', `v1.0-${randomText(HEX, 24, 223)}-${randomText(HEX, 146, 224)}`],
    ['ClickHouse Cloud secret', `4b1d${randomText(ALNUM, 38, 225)}`],
    ['Amazon Bedrock API key', `ABSKQmVkcm9ja0FQSUtleS1${randomText(B64, 110, 226)}=`],
    ['Tavily API key', `tvly-dev-${randomText(ALNUM, 32, 227)}`],
    ['Firecrawl API key', `fc-${randomText(HEX, 32, 228)}`],
    ['E2B API key', `e2b_${randomText(HEX, 40, 229)}`],
    ['PostHog personal API key', `phx_${randomText(ALNUM, 43, 230)}`],
    ['Telnyx API key', `KEY${randomText('0123456789ABCDEF', 32, 231)}_${randomText(ALNUM, 22, 232)}`],
    ['Terraform Cloud token', `${randomText(LOWER_DIGITS, 14, 233)}.atlasv1.${randomText(B64URL, 67, 234)}`],
    ['MaxMind license key', `${randomText(ALNUM, 6, 235)}_${randomText(ALNUM, 29, 236)}_mmk`],
    ['Azure AD client secret', `${randomText(ALNUM, 3, 237)}8Q~${randomText(B64URL, 34, 238)}`],
    ['Google OAuth refresh token', `1//0${randomText(B64URL, 99, 251)}`],
    ['AWS session token', `IQoJb3JpZ2luX2Vj${randomText(B64, 300, 252)}`],
    ['JFrog reference token', `cmVmdGtuOjAxOj${randomText(ALNUM, 50, 253)}`],
    ['Slack configuration token', `xoxe.xoxp-1-${randomText(ALNUM, 140, 254)}`],
    ['Notion token', `secret_${randomText(ALNUM, 43, 255)}`],
  ]

  it.each(tokens)('%s: high, sensitive, exact span, redacted evidence', (name, token) => {
    const text = `config: ${token} (rotate it)`
    const hits = scan(text, 7).filter((h) => h.rule === 'secret/provider-token')
    expect(hits).toHaveLength(1)
    const [hit] = hits
    expect(hit.severity).toBe('high')
    expect(hit.sensitive).toBe(true)
    expect(hit.evidence).toContain(name)
    expect(hit.start).toBe(7 + text.indexOf(token))
    expect(hit.end - hit.start).toBe(token.length)
    expect(hit.evidence).not.toContain(token.slice(-12))
  })

  it('finds a Telegram bot token after /bot in a URL, not glued to a word', () => {
    const token = `${randomText('123456789', 10, 81)}:AA${randomText(B64URL, 33, 82)}`
    expect(scan(`GET https://api.telegram.org/bot${token}/getMe`).map((h) => h.evidence)).toEqual([expect.stringContaining('Telegram')])
    expect(scan(`robot${token}`)).toEqual([])
  })

  it('does not fire on a prefix glued to a longer word or on a wrong length', () => {
    expect(scan(`xghp_${randomText(ALNUM, 36, 40)}`)).toEqual([])
    expect(scan(`ghp_${randomText(ALNUM, 12, 41)}`)).toEqual([])
    expect(scan(`gsk_${randomText(ALNUM, 60, 42)}`).filter((h) => h.evidence.startsWith('Groq'))).toEqual([])
    // a name that starts with secret_ is not a Notion token: a token is 43 letters and digits and nothing glued after
    expect(scan('config.secret_key_base = ENV["SECRET_KEY_BASE"]')).toEqual([])
    expect(scan(`secret_${randomText(ALNUM, 43, 256)}_v2`).filter((h) => h.evidence.startsWith('Notion'))).toEqual([])
  })

  it('finds a Slack webhook written without its scheme or with http, and no Slack token in a file name', () => {
    const path = `services/T${randomText(UPPER_DIGITS, 8, 43)}/B${randomText(UPPER_DIGITS, 10, 44)}/${randomText(ALNUM, 24, 45)}`
    for (const url of [`hooks.slack.com/${path}`, `http://hooks.slack.com/${path}`]) {
      const hits = scan(`webhook: ${url}`)
      expect(hits.map((h) => [h.severity, h.evidence.split(':')[0]])).toEqual([['high', 'Slack webhook']])
    }
    expect(scan('https://indieweb.org/images/3/35/2018-250-xoxo-indieweb-1.jpg')).toEqual([])
  })

  it('finds a Twitch stream key and an Adafruit IO key by their prefixes', () => {
    const twitch = `live_${randomText('0123456789', 9, 46)}_${randomText(ALNUM, 30, 47)}`
    const adafruit = `aio_${randomText(ALNUM, 28, 48)}`
    expect(scan(`stream key: ${twitch}`).map((h) => h.evidence.split(':')[0])).toContain('Twitch stream key')
    expect(scan(`#define IO_KEY "${adafruit}"`).map((h) => h.evidence.split(':')[0])).toContain('Adafruit IO key')
    expect(scan('is_live_event = true; live_2024_summary.md')).toEqual([])
  })

  it('finds password hashes (crypt, bcrypt, Argon2, Kerberos roasting output) at medium, not dollar amounts or shell text', () => {
    const SALT = `${ALNUM}./`
    const hashes = [
      `$6$${randomText(SALT, 16, 50)}$${randomText(SALT, 86, 51)}`,
      `$1$${randomText(SALT, 8, 52)}$${randomText(SALT, 22, 53)}`,
      `$2b$12$${randomText(SALT, 53, 54)}`,
      `$argon2id$v=19$m=65536,t=3,p=4$${randomText(B64, 22, 55)}$${randomText(B64, 43, 56)}`,
      `$krb5asrep$23$user@corp.example:${randomText(HEX, 32, 57)}$${randomText(HEX, 128, 58)}`,
    ]
    for (const hash of hashes) {
      const line = `root:${hash}:19700:0:99999:7:::`
      const hits = scan(line).filter((h) => h.evidence.startsWith('Password hash'))
      expect(hits.map((h) => [h.severity, line.slice(h.start, h.end)])).toEqual([['medium', hash]])
    }
    expect(scan('sed -e "s/$1$2/x/" and $5 $6 a month, or $2b$ in a regex')).toEqual([])
  })

  it('reports documentation placeholders at low only', () => {
    for (const placeholder of [
      'AKIAIOSFODNN7EXAMPLE',
      `ghp_${'x'.repeat(36)}`,
      `sk_live_${'A'.repeat(24)}`,
      `xoxb-${'0'.repeat(11)}-${'x'.repeat(24)}`,
      `glpat-${'X'.repeat(20)}`,
    ]) {
      const hits = scan(`export TOKEN=${placeholder}`)
      expect(strongest(hits), placeholder).toBe('low')
      expect(hits.some((h) => h.sensitive)).toBe(false)
    }
  })

  it('judges filler by the longest part: repeated-digit ids around a random part are real', () => {
    expect(strongest(scan(`xoxa-${'1'.repeat(11)}-${'3'.repeat(12)}-${randomText(HEX, 18, 46)}`))).toBe('high')
    expect(strongest(scan(`tskey-api-${'A'.repeat(12)}-${'B'.repeat(24)}`))).toBe('low')
  })

  // Prefixes that ordinary ids and words also start with (API-, api-, sk_, re_): a match is worth a review, not a reject.
  it.each([
    ['Octopus Deploy API key', `API-${randomText('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 26, 240)}`],
    ['Razorpay key id', `rzp_live_${randomText(ALNUM, 14, 241)}`],
    ['LaunchDarkly key', `sdk-${uuid(242)}`],
    ['Resend API key', `re_${randomText(ALNUM, 8, 243)}_${randomText(ALNUM, 24, 244)}`],
    ['Browserbase API key', `bb_live_${randomText(B64URL, 27, 245)}`],
    ['ElevenLabs API key', `sk_${randomText(HEX, 48, 246)}`],
    ['Salesforce access token', `00D${randomText(ALNUM, 15, 247)}!${randomText(`${ALNUM}._`, 96, 248)}`],
    ['Azure SAS signature', `https://acct.blob.core.windows.net/c/b.txt?sv=2022-11-02&sp=r&sig=${randomText(B64, 43, 249)}%3D`],
  ])('%s: medium, with the span of the key', (name, token) => {
    const hits = scan(`value ${token} here`).filter((h) => h.rule === 'secret/provider-token')
    expect(hits.map((h) => [h.severity, h.evidence.startsWith(name)])).toEqual([['medium', true]])
    expect(token.endsWith(`value ${token} here`.slice(hits[0].start, hits[0].end))).toBe(true)
  })

  it('leaves look-alikes of the new prefixes alone: instance types, words, short ids, a personal access token named in prose', () => {
    for (const text of [
      'Run it on a t1.micro instance in us-east-1.',
      'The re_run flag re-runs the job; sl.no and fc-2024 are column names.',
      `Ticket API-${'1234'} and sdk-v2 are unrelated; AAAA records point at IPv6 hosts.`,
      'Create a PAT in the settings page and paste it into the prompt.',
      'See sig=abc in the docs for the signature parameter.',
    ])
      expect(scan(text), text).toEqual([])
  })

  it('finds a personal access token by its name (PAT) in an assignment', () => {
    const hits = scan(`AZURE_DEVOPS_PAT=${randomText('abcdefghijklmnopqrstuvwxyz234567', 52, 250)}`)
    expect(hits.map((h) => [h.rule, h.severity])).toEqual([['secret/context-entropy', 'medium']])
  })

  it('keeps a test-mode or generic sk- key at medium', () => {
    expect(strongest(scan(`sk_test_${randomText(ALNUM, 24, 43)}`))).toBe('medium')
    expect(strongest(scan(`sk-${randomText(ALNUM, 48, 44)}`))).toBe('medium')
  })

  it('finds a SoftLayer API key in the API endpoint path, and not the bare endpoint', () => {
    const key = randomText('abcdefghijklmnopqrstuvwxyz0123456789', 64, 50)
    const hits = scan(`curl https://api.softlayer.com/rest/v3.1/${key}/SoftLayer_Account.json`)
    expect(hits.map((h) => [h.rule, h.severity, h.evidence.startsWith('SoftLayer API key')])).toEqual([
      ['secret/provider-token', 'high', true],
    ])
    expect(scan('See https://api.softlayer.com/rest/v3.1/SoftLayer_Account/getObject for the fields.')).toEqual([])
    expect(strongest(scan(`http://api.softlayer.com/soap/v3/${'x'.repeat(64)}`))).toBe('low')
  })

  it('finds an AWS secret access key next to its name', () => {
    const hits = scan(`aws_secret_access_key = ${randomText(B64, 40, 45)}`)
    expect(hits.some((h) => h.evidence.startsWith('AWS secret access key') && h.severity === 'high')).toBe(true)
  })
})

describe('secret/private-key', () => {
  const body = `MII${randomText(B64, 61, 50)}\n${randomText(B64, 64, 51)}\n${randomText(B64, 40, 52)}==`

  it('a PEM block with DER key material is critical, spanning header to footer', () => {
    const block = `-----BEGIN RSA PRIVATE KEY-----\n${body}\n-----END RSA PRIVATE KEY-----`
    const text = `key:\n${block}\ntrailing`
    const [hit] = scan(text).filter((h) => h.rule === 'secret/private-key')
    expect(hit.severity).toBe('critical')
    expect(text.slice(hit.start, hit.end)).toBe(block)
  })

  it('handles JSON-escaped newlines and OpenSSH bodies', () => {
    const json = `{"private_key": "-----BEGIN PRIVATE KEY-----\\n${body.replace(/\n/g, '\\n')}\\n-----END PRIVATE KEY-----\\n"}`
    expect(strongest(scan(json))).toBe('critical')
    const ssh = `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE${randomText(B64, 120, 53)}\n-----END OPENSSH PRIVATE KEY-----`
    expect(strongest(scan(ssh))).toBe('critical')
  })

  it('placeholder bodies are low, a prose body is medium', () => {
    expect(strongest(scan('-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----'))).toBe('low')
    expect(strongest(scan('-----BEGIN PRIVATE KEY-----\n***\n-----END PRIVATE KEY-----'))).toBe('low')
    expect(strongest(scan('-----BEGIN EC PRIVATE KEY-----\nput your key here\n-----END EC PRIVATE KEY-----'))).toBe('medium')
  })

  it('a public key or certificate is not a finding', () => {
    expect(scan(`-----BEGIN PUBLIC KEY-----\nMII${randomText(B64, 100, 54)}\n-----END PUBLIC KEY-----`)).toEqual([])
  })
})

describe('secret/connection-string', () => {
  const password = randomText(ALNUM, 14, 60)

  it.each(['postgres', 'postgresql', 'mysql', 'mongodb+srv', 'redis', 'amqps', 'https', 'ftp'])(
    '%s URL with a password is high',
    (scheme) => {
      const url = `${scheme}://app_user:${password}@db.internal.example:5432/prod`
      const hits = scan(`DATABASE_URL=${url}`).filter((h) => h.rule === 'secret/connection-string')
      expect(hits).toHaveLength(1)
      expect(hits[0].severity).toBe('high')
      expect(hits[0].evidence).not.toContain(password)
    },
  )

  it('keeps a password that contains @', () => {
    const [hit] = scan(`mongodb://svc:${password}@x@cluster0.example.net/db`)
    expect(hit.severity).toBe('high')
    expect(hit.end).toBe(`mongodb://svc:${password}@x@cluster0.example.net`.length)
  })

  it('templates and placeholder passwords are low at most', () => {
    for (const url of [
      'postgres://user:password@localhost:5432/db',
      'https://${USER}:${PASSWORD}@api.example.com',
      'mysql://root:{{db_pass}}@127.0.0.1/app',
      'redis://:changeme@cache:6379',
      'https://user:<password>@host.example',
    ]) {
      expect(['none', 'low'], url).toContain(strongest(scan(url)))
    }
  })

  it('a token used as the user name (x-oauth-basic) is found', () => {
    const token = randomText(HEX, 40, 61)
    const hits = scan(`"dep": "git+https://${token}:x-oauth-basic@github.com/org/repo.git"`)
    expect(strongest(hits)).toBe('high')
  })

  it('JDBC / ADO.NET password parameters are high; a lone password= is left to the context rule', () => {
    expect(strongest(scan(`jdbc:sqlserver://db:1433;databaseName=app;user=sa;password=${password};`))).toBe('high')
    expect(strongest(scan(`Server=db.example;Database=app;User Id=app;Password=${password};`))).toBe('high')
  })

  it('URLs without credentials are not findings', () => {
    expect(scan('see https://example.com:8443/path?x=1 and http://localhost:5000/<%= @variable %>')).toEqual([])
  })
})

describe('secret/jwt', () => {
  const header = base64Url('{"alg":"HS256","typ":"JWT"}')
  const payload = base64Url('{"sub":"42","name":"A. User","iat":1700000000}')
  const signature = randomText(B64URL, 43, 70)

  it('a signed JWT is high and sensitive', () => {
    const jwt = `${header}.${payload}.${signature}`
    const [hit] = scan(`Authorization token ${jwt}.`).filter((h) => h.rule === 'secret/jwt')
    expect(hit.severity).toBe('high')
    expect(hit.sensitive).toBe(true)
    expect(hit.end - hit.start).toBe(jwt.length)
    expect(hit.evidence).toContain('HS256')
  })

  it('an unsigned JWT is medium', () => {
    expect(strongest(scan(`${header}.${payload}`))).toBe('medium')
  })

  it("a JWT base64-encoded once more (a Kubernetes Secret's data) is read as the JWT it holds", () => {
    const jwt = `${header}.${payload}.${signature}`
    const wrapped = Buffer.from(jwt).toString('base64')
    const line = `data:\n  token: ${wrapped}`
    const hits = scan(line).filter((h) => h.rule === 'secret/jwt')
    expect(hits.map((h) => [h.severity, line.slice(h.start, h.end)])).toEqual([['high', wrapped]])
    expect(hits[0].evidence).toContain('base64-encoded signed JWT')
    // base64 that starts like one and holds something else
    expect(scan(`ZXlK${randomText(B64, 60, 71)}`).filter((h) => h.rule === 'secret/jwt')).toEqual([])
  })

  it('needs a header that decodes to JSON with alg', () => {
    expect(scan(`${base64Url('{"typ":"JWT"}')}.${payload}.${signature}`)).toEqual([])
    expect(scan(`eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ.${payload}.${signature}`)).toEqual([])
    expect(scan(header)).toEqual([])
  })
})

describe('secret/context-entropy', () => {
  const value = randomText(ALNUM, 32, 80)

  it.each([
    `api_key = "${value}"`,
    `"client_secret": "${value}"`,
    `DB_PASSWORD=${value}`,
    `--api-key ${value}`,
    `auth_token: '${value}'`,
    `sl_pass="${value}"`,
    `val apiToken: String = "${value}"`,
    `<apiKey>${value}</apiKey>`,
    `app_token: |\n  ${value}`,
    `os.environ["APP_TOKEN"] = "${value}"`,
    `access_token: "${value}"`,
  ])('%s is a medium, sensitive finding on the value', (line) => {
    const hits = scan(line).filter((h) => h.rule === 'secret/context-entropy')
    expect(hits).toHaveLength(1)
    expect(hits[0].severity).toBe('medium')
    expect(line.slice(hits[0].start, hits[0].end)).toBe(value)
  })

  it.each([
    'password = getpass()',
    'password: changeme',
    'api_key = os.environ["API_KEY"]',
    'token = self.token',
    'secret: ${SECRET}',
    'TOKEN_LIMIT = 1234567890123',
    'api_key: "insert_key_here"',
    'the token expires in 3600 seconds',
    'password = "hunter"',
    'if password == other_password_value_here:',
    'const api_key = process.env.API_KEY',
    'public_key = "' + value + '"',
    'key: keep_alive_connection_pool',
    'key: pip-$CI_COMMIT_REF_SLUG',
    // a key named "token" that holds a document's id or a paging cursor
    `feishu_docs.read(doc_token="doxcnSecTrain2025")`,
    `{"nextPageToken": "${value}"}`,
    `page_token: "${value}"`,
    `sync_token = "${value}"`,
  ])('%s is not a finding', (line) => {
    expect(scan(line)).toEqual([])
  })

  it('an Authorization header with a random token is high, a bare Bearer medium', () => {
    expect(strongest(scan(`curl -H "Authorization: Bearer ${value}" https://api.example.com`))).toBe('high')
    expect(strongest(scan(`use Bearer ${value} for calls`))).toBe('medium')
    expect(scan('Authorization: Bearer <token>')).toEqual([])
    // a capture tool's masked display: the JWT's header names the algorithm, the stars hide the rest
    expect(scan('Authorization: Bearer eyJhbGciOiJSUzI1NiJ9.******')).toEqual([])
    expect(strongest(scan(`Authorization: Bearer ${value}.***`))).toBe('high')
  })

  it('.npmrc auth tokens are high unless they reference a variable', () => {
    const uuid = `${randomText(HEX, 8, 81)}-${randomText(HEX, 4, 82)}-4${randomText(HEX, 3, 83)}-a${randomText(HEX, 3, 84)}-${randomText(HEX, 12, 85)}`
    expect(strongest(scan(`//registry.npmjs.org/:_authToken=${uuid}`))).toBe('high')
    expect(strongest(scan('//registry.npmjs.org/:_authToken=${NPM_TOKEN}'))).toBe('low')
  })

  it('a 64-hex value is a key only when named one nearby', () => {
    const hex = `0x${randomText(HEX, 64, 86)}`
    expect(strongest(scan(`my wallet private key: ${hex}`))).toBe('medium')
    expect(scan(`transaction ${hex} confirmed`)).toEqual([])
  })
})

describe('secret/context-entropy: assignments as build files and programs write them (gitleaks sample shapes)', () => {
  const value = randomText(ALNUM, 32, 120)
  const capitals = randomText(UPPER_DIGITS, 32, 121)
  // letters only, the case changing at every other one: no camel-case words of three letters or more
  const letters = [...randomText('abcdefghijklmnopqrstuvwxyz', 24, 122)].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('')

  it.each([
    [`API_TOKEN ?= "${value}"`, value],
    [`API_TOKEN ::= "${value}"`, value],
    [`API_TOKEN :::= "${value}"`, value],
    [`$apiToken .= "${value}"`, value],
    [`var apiToken string = "${value}"`, value],
    [`System.setProperty("API_TOKEN", "${value}")`, value],
    [`headers.set('X-Api-Key', '${value}')`, value],
    [`<apiToken>\n    ${value}\n</apiToken>`, value],
    [`<secret>{AQAAABAAAAAQ ${value}}</secret>`, value],
    [`// API KEY = ${value}`, value],
    [`acme token - '${value}'`, value],
    [`const acmeApiKey =\n  "${value}";`, value],
    [`[DEBUG] Using Key=${capitals}`, capitals],
    [`{'api_key':'${capitals}'}`, capitals],
    [`bannerToken := "Bearer ${letters}"`, letters],
    [`squarespaceToken = "${uuid(123)}"`, uuid(123)],
    // a Chinese note's full-width colon and equals sign
    [`微信公众号 AppSecret：${value}`, value],
    [`access_key_secret＝${value}`, value],
  ])('%s: medium, sensitive, on the value', (line, secret) => {
    const hits = scan(line).filter((h) => h.rule === 'secret/context-entropy')
    expect(hits.map((h) => [h.severity, h.sensitive, line.slice(h.start, h.end)])).toEqual([['medium', true, secret]])
  })

  it.each([
    // names, not values: words with short ones among them, a call, a constant or a short code in capitals
    '{"key": "ai_summaries", "enabled": true}',
    'key: access_key_id',
    'POSTGRES_PASSWORD: ci_only_pwd',
    'var token = matchToToken(match)',
    'Pass-Nr.: F12345671',
    `api_key = API_KEY_FOR_STAGING_V2`,
    // a key that names an identifier, and no key at all
    `{"searchKey": "PEK-SYX-20250128-2ADT1CHD"}`,
    `space_token = "${value}"`,
    // a placeholder in angle brackets is no XML element: the text after it is not its value
    'export ACME_TOKEN=<your-token>\n  acme login --token-stdin <<< "$ACME_TOKEN"',
    `acme token - the one from ${'`'}acme login${'`'}`,
  ])('%s is not a finding', (line) => {
    expect(scan(line)).toEqual([])
  })

  it.each([
    [`#define IO_KEY       "${value}"`, value],
    [`Connect-VIServer -Server vc.lab.local -User admin -Password ${value}`, value],
  ])('%s: a C macro and a PowerShell parameter, medium on the value', (line, secret) => {
    const hits = scan(line).filter((h) => h.rule === 'secret/context-entropy')
    expect(hits.map((h) => [h.severity, line.slice(h.start, h.end)])).toEqual([['medium', secret]])
  })

  it('a dotted value is a name only when its digits stand as a name writes them', () => {
    const bootstrap = `${randomText(LOWER_DIGITS, 6, 125)}.${randomText(LOWER_DIGITS, 16, 126)}`
    expect(scan(`BOOTSTRAP_TOKEN: "${bootstrap}"`).map((h) => h.severity)).toEqual(['medium'])
    expect(scan('const credential = workloadIdentity.fromX509({')).toEqual([])
    expect(scan('secret: settings.v1alpha1.signingSecret')).toEqual([])
    expect(scan('password_cipher = AES256_GCM_SIV_WITH_HKDF')).toEqual([])
  })

  it('an Authorization header with another scheme or none is high; a word after it is not a credential', () => {
    const id = uuid(124)
    expect(scan(`curl --header 'Authorization:  ${id}'`).map((h) => [h.severity, h.evidence.split(':')[0]])).toEqual([
      ['high', 'Authorization credential'],
    ])
    expect(strongest(scan(`curl -H "Authorization: Api-Token ${value}" https://api.example.com`))).toBe('high')
    expect(scan('Authorization: Required for every endpoint')).toEqual([])
    expect(scan('Authorization: Digest username="admin", realm="api"')).toEqual([])
  })
})

describe('secret/context-entropy: command lines, name and value pairs, cookies', () => {
  const value = randomText(ALNUM, 32, 90)
  const password = `${randomText(ALNUM, 11, 91)}7`

  it.each([
    [`"auth": "${value}="`, `${value}=`],
    [`creds = "${value}"`, value],
    [`<add key="ApiKey" value="${value}" />`, value],
    [`<property name="db.password" value="${password}"/>`, password],
    [`env:\n  - name: DB_PASSWORD\n    value: "${password}"\n  - name: LOG_LEVEL\n    value: debug`, password],
    [`{"environment": [{"name": "STRIPE_SECRET", "value": "${value}"}]}`, value],
    [`curl -u admin:${password} https://ci.example.com/api/json`, password],
    [`curl --user=deploy:${password} https://ci.example.com`, password],
    [`mysql -h db.internal -u root -p${password} shop`, password],
    [`Cookie: theme=dark; sessionid=${value}; lang=en`, value],
    [`Set-Cookie: connect.sid=s%3A${value}; Path=/; HttpOnly`, `s%3A${value}`],
  ])('%s: medium, sensitive, on the value', (line, secret) => {
    const hits = scan(line).filter((h) => h.rule === 'secret/context-entropy')
    expect(hits.map((h) => [h.severity, h.sensitive, line.slice(h.start, h.end)])).toEqual([['medium', true, secret]])
  })

  it.each([
    '<add key="ApiKey" value="${API_KEY}" />',
    '<add key="LogLevel" value="Verbose2024xyz" />',
    'curl -u admin:password https://ci.example.com',
    'curl -u "$USER:$TOKEN" https://ci.example.com',
    'tar -u archive:files2024x.tar',
    '- name: API_TOKEN\n  valueFrom:\n    secretKeyRef:\n      name: app-secrets2\n      key: token',
    '- name: DB_PASSWORD\n  value: ${DB_PASSWORD}',
    'arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/db-AbCdEf',
    'mysql -u root -p shop',
    'apksigner sign --ks release.jks --ks-pass env:KEYSTORE_PASS app.apk',
    'apksigner sign --ks release.jks --key-pass file:/run/secrets/key_password app.apk',
    'Cookie: theme=dark; lang=en-US; tz=Europe/Berlin',
    `Set-Cookie: session=deleted; Expires=Thu, 01 Jan 1970 00:00:00 GMT`,
  ])('%s is not a finding', (line) => {
    expect(scan(line)).toEqual([])
  })
})

describe('secret/stated', () => {
  const key = randomText(ALNUM, 32, 95)
  const password = `${randomText(ALNUM, 9, 96)}4!`
  const stated = (text: string) => scan(text).filter((h) => h.rule === 'secret/stated')

  it.each([
    [`Remember: my OpenAI key is ${key}.`, key],
    [`The password for the staging box is ${password}`, password],
    [`I changed the API token to ${key} this morning.`, key],
    [`Note that the Stripe key was "${key}", please keep it.`, key],
    [`admin credentials: root / the password is ${password}`, password],
    [`服务器的数据库密码是${password}，请记住。`, password],
    [`访问令牌为 ${key}`, key],
    [`Here is the API key for the staging env:\n\n${key}\n\nKeep it safe.`, key],
  ])('%s: medium and sensitive, on the value', (text, value) => {
    const hits = stated(text)
    expect(hits.map((h) => [h.severity, h.sensitive, text.slice(h.start, h.end)])).toEqual([['medium', true, value]])
  })

  it.each([
    'The token limit is 4096 and the model is gpt-4o-2024-08-06.',
    'The password must be at least 12 characters long.',
    'The primary key is user_id_12345 and the cache key is users:42:profile.',
    'Your access token expires at 2025-01-01T10:00:00Z.',
    'The key is F12 on most laptops; the Enter key is Return2.',
    'I sent the password to Alice2024 over Signal.',
    'The password hint is Blue42Moon and the credential ID is 0a1b2c3d-4e5f-6789-abcd-ef0123456789.',
    'Configure host, port, user and password fields, for example postgres://app:<password>@db.internal:5432/app.',
    'Click to choose a new password: https://example.app/reset?token=9c1e4f0a7b2d',
    'The review says sftp_password is set to Tr0ub4dor... in config/partners.yaml, please rotate it.',
    'The API key is read from OPENAI_API_KEY in .env.local.',
    'The bot token was revoked yesterday, ticket INC-20431.',
    '密码长度为12位，令牌为空时返回401。',
    '设置新密码：https://account.example.com/reset?token=8f2e1c77a0b94d51b6e3',
    'Password requirements for the portal:\n\nAt least 12 characters, 1 digit.',
  ])('%s is not a finding', (text) => {
    expect(stated(text)).toEqual([])
  })

  it('does not repeat what the context rule finds in an assignment', () => {
    expect(stated(`"iam-password": "${key}"`)).toEqual([])
    expect(stated(`API key: ${key}`)).toEqual([])
  })
})

describe('secret family, whole', () => {
  it('benign prose and code about credentials is not rejected', () => {
    const texts = [
      'Remember: the user stores API keys in 1Password and rotates the GitHub token monthly.',
      'To create a token, open Settings > Developer settings > Personal access tokens.',
      'const password = await prompt("Password: "); if (!password) throw new Error("empty password")',
      'The JWT has three parts: header, payload and signature, each base64url-encoded.',
      'Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY in your environment, never in code.',
      'Use postgres://localhost:5432/app for local development.',
      'sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    ]
    for (const text of texts) {
      const severity = strongest(scan(text))
      expect(['none', 'low'], `${text} -> ${severity}`).toContain(severity)
    }
  })

  it('never throws, and every hit lies inside the chunk', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.nat(50), (text, offset) => {
        for (const hit of scan(text, offset)) {
          expect(hit.start).toBeGreaterThanOrEqual(offset)
          expect(hit.end).toBeLessThanOrEqual(offset + text.length)
          expect(hit.end).toBeGreaterThan(hit.start)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('scans a 1 MB adversarial input and finds every planted key once', () => {
    const key = `AKIA${randomText(UPPER_DIGITS, 16, 90)}`
    const filler = 'key=ab12 :: 1.2.3.4 eyJhbGciOi. sk-abc password: x@y.z aaaa '
    const text = `${filler.repeat(5000)}${key} ${filler.repeat(5000)}${key} ${'a'.repeat(400_000)}`
    const hits = scan(text).filter((h) => h.rule === 'secret/provider-token' && h.severity === 'high')
    expect(hits).toHaveLength(2)
  })
})
