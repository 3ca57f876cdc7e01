/**
 * Provider token formats, written from each provider's documented token shape (prefix, alphabet, length).
 *
 * One combined pre-filter regex finds the prefixes (tried where the literal index finds one of their first words); only
 * at those positions is the provider's full pattern tried (sticky), which keeps the family's cost flat in the number
 * of providers.
 */
import type { Chunk, Rule, RuleHit, Severity } from '../../types'
import { matchAt, matchStarts } from '../../literal-index'
import { redact } from '../../redact'
import { characterClasses } from './entropy'
import { glued, hitAt } from './hit'
import { isPlaceholder } from './placeholder'

interface TokenFormat {
  /** Provider and token kind, shown in the evidence. */
  name: string
  /** Regex source of the literal-ish start of the token, used by the combined pre-filter. */
  anchor: string
  /** The anchor alone, sticky: a cheap test before the full pattern. */
  anchorAt: RegExp
  /** The whole token, matched sticky at the anchor's position. */
  pattern: RegExp
  /** Leading characters that are the same in every token (left out of the placeholder check). */
  prefix: number
  /** Severity of a real-looking token (default `high`); identifiers and test-mode keys are `medium`. */
  severity?: Severity
}

const T = '(?![A-Za-z0-9_-])'

function format(name: string, anchor: string, body: string, prefix: number, severity?: Severity): TokenFormat {
  return {
    name,
    anchor,
    anchorAt: new RegExp(`(?:${anchor})`, 'y'),
    pattern: new RegExp(`(?:${anchor})${body}${T}`, 'y'),
    prefix,
    severity,
  }
}

const SLACK_WEBHOOK_PATH = '(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{20,}'

const AWS_KEY_PREFIXES = 'A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|APKA'

/** Ordered: a more specific format of a shared prefix (sk-ant-, sk-proj-…T3BlbkFJ) comes before the generic one. */
const FORMATS: TokenFormat[] = [
  format('AWS access key id', AWS_KEY_PREFIXES, '[A-Z0-9]{16}', 4),
  format('GitHub token', 'gh[pousr]_', '[A-Za-z0-9][A-Za-z0-9_.-]{35,400}', 4),
  format('GitHub fine-grained token', 'github_pat_', '[A-Za-z0-9_]{50,120}', 11),
  // GitLab's token overview: most kinds are 20 characters (plus a routing suffix on newer tokens), a few fixed.
  format(
    'GitLab token',
    'glpat-|gldt-|glrt-|glrtr-|glcbt-|glft-|glsoat-|glffct-|glsat-',
    '[A-Za-z0-9_-]{20,50}(?:\\.[0-9a-z]{2}\\.[0-9a-z]{7,9})?',
    6,
  ),
  format('GitLab pipeline trigger token', 'glptt-', '[A-Za-z0-9_-]{40}', 6),
  format('GitLab incoming mail token', 'glimt-', '[A-Za-z0-9_-]{25}', 6),
  format('GitLab OAuth application secret', 'gloas-', '[A-Za-z0-9_-]{64}', 6),
  format('GitLab agent token', 'glagent-', '[A-Za-z0-9_-]{50,1024}', 8),
  format('GitLab runner registration token', 'GR1348941', '[A-Za-z0-9_-]{20,50}', 9),
  // every Slack token's body opens on a number (a workspace, user or version): "xoxo-indieweb-1.jpg" is a file name
  format('Slack token', 'xox[abposre]-', '\\d+-[0-9A-Za-z-]{8,200}', 5),
  // a configuration token pair ("xoxe.xoxp-1-…") and its refresh token ("xoxe-1-…", matched by the line above)
  format('Slack configuration token', 'xoxe\\.xox[bp]-', '\\d-[A-Za-z0-9-]{100,300}', 10),
  format('Slack app token', 'xapp-', '\\d-[A-Z0-9]{6,}-\\d{6,}-[a-f0-9]{16,}', 5),
  format('Slack webhook', 'https://hooks\\.slack\\.com/', SLACK_WEBHOOK_PATH, 23),
  // the same URL written without its scheme, or with http (Slack redirects it); each its own prefix length
  format('Slack webhook', 'http://hooks\\.slack\\.com/', SLACK_WEBHOOK_PATH, 22),
  format('Slack webhook', 'hooks\\.slack\\.com/', SLACK_WEBHOOK_PATH, 16),
  format('Stripe live key', '[sr]k_live_', '[A-Za-z0-9]{20,247}', 8),
  format('Stripe test key', '[sr]k_test_', '[A-Za-z0-9]{20,247}', 8, 'medium'),
  format('Stripe webhook secret', 'whsec_', '[A-Za-z0-9+/=]{32,}', 6),
  format('Google API key', 'AIza', '[0-9A-Za-z_-]{35}', 4),
  format('Google OAuth client secret', 'GOCSPX-', '[A-Za-z0-9_-]{24,40}', 7),
  format('Google OAuth access token', 'ya29\\.', '[A-Za-z0-9_-]{30,}', 5),
  // Google's refresh tokens start "1//0", then the token's body
  format('Google OAuth refresh token', '1//0', '[A-Za-z0-9_-]{40,}', 4),
  // AWS STS session tokens: base64 whose first bytes are always the same ("IQoJb3JpZ2luX2Vj", "FwoGZXIvYXdz")
  format('AWS session token', 'IQoJb3JpZ2luX2Vj|FwoGZXIvYXdz', '[A-Za-z0-9/+=]{80,}', 12),
  format('Anthropic API key', 'sk-ant-', '[a-z]{2,8}\\d{0,3}-[A-Za-z0-9_-]{32,300}', 7),
  format('OpenRouter API key', 'sk-or-v1-', '[a-f0-9]{64}', 9),
  format('OpenAI API key', 'sk-', '(?:(?:proj|svcacct|admin|None)-)?[A-Za-z0-9_-]{10,200}T3BlbkFJ[A-Za-z0-9_-]{10,200}', 3),
  format('API key (sk- format)', 'sk-', '[A-Za-z0-9_-]{32,200}', 3, 'medium'),
  format('npm token', 'npm_', '[A-Za-z0-9]{36}', 4),
  format('PyPI token', 'pypi-', 'Ag[A-Za-z0-9_-]{100,}', 5),
  format('Twilio API key', 'SK', '[0-9a-fA-F]{32}', 2),
  format('Twilio account SID', 'AC', '[0-9a-f]{32}', 2, 'medium'),
  format('SendGrid API key', 'SG\\.', '[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}', 3),
  format('Azure storage account key', 'AccountKey=', '[A-Za-z0-9+/]{86}==', 11),
  format('Discord webhook', 'https://(?:ptb\\.|canary\\.)?discord(?:app)?\\.com/api/webhooks/', '\\d+/[A-Za-z0-9_-]{60,}', 0),
  format('Square token', 'sq0atp-|sq0csp-', '[A-Za-z0-9_-]{22,43}', 7),
  format('Square access token', 'EAAA', '[A-Za-z0-9_-]{60}', 4),
  format('Heroku API key', 'HRKU-', '[A-Za-z0-9_-]{60}', 5),
  format('Shopify token', 'shp(?:at|ss|ca|pa|ua)_', '[A-Za-z0-9]{32,}', 6),
  format('Cloudflare API token', 'cf(?:at|ut)_', '[A-Za-z0-9]{40}[a-f0-9]{8}', 5),
  format('Databricks token', 'dapi', '[0-9a-fA-F]{32}(?:-\\d)?', 4),
  format('Docker personal access token', 'dckr_pat_', '[A-Za-z0-9_-]{27,}', 9),
  format('Figma token', 'figd_', '[A-Za-z0-9_-]{40,}', 5),
  format('Groq API key', 'gsk_', '[A-Za-z0-9]{52}', 4),
  format('HashiCorp Vault token', 'hv[sbr]\\.', '[A-Za-z0-9_-]{24,}', 4),
  format('Hugging Face token', 'hf_|api_org_', '[A-Za-z]{34}', 3),
  format('Linear API key', 'lin_api_', '[A-Za-z0-9]{40}', 8),
  format('Notion token', 'ntn_', '\\d{11}[A-Za-z0-9]{35}', 4),
  // (the integration tokens Notion issued before ntn_: "secret_" and 43 letters and digits, nothing after)
  format('Notion token', 'secret_', '[A-Za-z0-9]{43}', 7),
  format('Tailscale key', 'tskey-', '[a-z]+-[A-Za-z0-9]{6,}-[A-Za-z0-9]{16,}', 6),
  format('Vercel token', 'vc[pikar]_', '[A-Za-z0-9]{24,}', 4),
  format('1Password service account token', 'ops_eyJ', '[A-Za-z0-9+/=_-]{50,}', 4),
  format('Grafana token', 'glc_eyJ|glsa_', '[A-Za-z0-9+/=_-]{20,}', 4),
  format('DigitalOcean token', 'do[opr]_v1_', '[a-f0-9]{64}', 7),
  format('Postman API key', 'PMAK-', '[a-f0-9]{24}-[a-f0-9]{34}', 5),
  format('age secret key', 'AGE-SECRET-KEY-1', '[0-9A-Z]{58}', 16),
  format('New Relic key', 'NRAK-|NRJS-|NRII-', '[A-Za-z0-9]{19,32}', 5),
  format('Sentry token', 'sntry[su]_', '[A-Za-z0-9+/=_-]{40,}', 6),
  format('Pulumi token', 'pul-', '[a-f0-9]{40}', 4),
  format('Replicate token', 'r8_', '[A-Za-z0-9]{37}', 3),
  format('Airtable token', 'pat', '[A-Za-z0-9]{14}\\.[a-f0-9]{64}', 3),
  format('Doppler token', 'dp\\.(?:pt|st|sa|ct|scim|audit)\\.', '[A-Za-z0-9]{40,}', 6),
  format('Alibaba Cloud access key id', 'LTAI', '[A-Za-z0-9]{12,20}', 4),
  format('Tencent Cloud secret id', 'AKID', '[A-Za-z0-9]{32}', 4),
  format('Atlassian API token', 'ATATT3', '[A-Za-z0-9_=-]{100,}', 6),
  format('Bitbucket app password', 'ATBB', '[A-Za-z0-9_=.-]{32,}', 4),
  format('JFrog Artifactory key', 'AKCp', '[A-Za-z0-9]{60,}', 4),
  // JFrog reference tokens are base64 of "reftkn:01:…"
  format('JFrog reference token', 'cmVmdGtuOjAxOj', '[A-Za-z0-9]{40,}', 14),
  format('Mailgun key', 'key-', '[0-9a-f]{32}', 4),
  format('Mapbox secret token', 'sk\\.eyJ', '[A-Za-z0-9_-]{20,}\\.[A-Za-z0-9_-]{20,}', 5),
  format('Supabase token', 'sbp_|sb_secret_', '[A-Za-z0-9_-]{32,}', 4),
  format('Perplexity API key', 'pplx-', '[A-Za-z0-9]{48}', 5),
  format('xAI API key', 'xai-', '[A-Za-z0-9]{70,}', 4),
  format('Netlify token', 'nfp_', '[A-Za-z0-9]{36,}', 4),
  format('Render API key', 'rnd_', '[A-Za-z0-9]{32,}', 4),
  format('Sourcegraph token', 'sgp_', '[A-Za-z0-9_]{40,}', 4),
  format('Facebook access token', 'EAA[BCDG]', '[A-Za-z0-9]{80,}', 4),
  // Prefixes the providers document for their keys (the body lengths are lower bounds, so a longer key still counts).
  format('PlanetScale token', 'pscale_(?:tkn|pw|oauth)_', '[A-Za-z0-9_=.-]{32,64}', 11),
  format('Prefect API key', 'pnu_', '[A-Za-z0-9]{36}', 4),
  format('ReadMe API key', 'rdme_', '[a-z0-9]{70}', 5),
  format('RubyGems API key', 'rubygems_', '[a-f0-9]{48}', 9),
  format('Brevo (Sendinblue) API key', 'xkeysib-', '[a-f0-9]{64}-[A-Za-z0-9]{16}', 8),
  format('Shippo API token', 'shippo_(?:live|test)_', '[a-f0-9]{40}', 12),
  format('Typeform token', 'tfp_', '[A-Za-z0-9_.-]{40,60}', 4),
  format('Dynatrace API token', 'dt0c01\\.', '[A-Z0-9]{24}\\.[A-Z0-9]{64}', 7),
  format('EasyPost API key', 'EZ[AT]K', '[A-Za-z0-9]{40,60}', 4),
  format('Flutterwave secret key', 'FLWSECK(?:_TEST)?-', '[a-f0-9]{32}-X', 8),
  format('Duffel token', 'duffel_(?:live|test)_', '[A-Za-z0-9_=-]{43}', 12),
  format('Clojars token', 'CLOJARS_', '[a-z0-9]{60}', 8),
  format('Frame.io token', 'fio-u-', '[A-Za-z0-9_=-]{64}', 6),
  format('LangSmith API key', 'lsv2_(?:pt|sk)_', '[a-f0-9]{32}_[a-f0-9]{10}', 8),
  format('Pinecone API key', 'pcsk_', '[A-Za-z0-9_]{50,100}', 5),
  format('Buildkite token', 'bkua_', '[a-f0-9]{40}', 5),
  format('CircleCI token', 'CCIPAT_', '[A-Za-z0-9]{22}_[a-f0-9]{40}', 7),
  format('Neon API key', 'napi_', '[a-z0-9]{64}', 5),
  format(
    'Plaid access token',
    'access-(?:sandbox|development|production)-',
    '[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}',
    14,
  ),
  // Formats of developer platforms and agent tools, each from the provider's key documentation or its published
  // token scheme. A prefix common in ordinary text or ids (API-, api-, sk_) keeps the key at `medium`.
  format('Adobe client secret', 'p8e-', '[A-Za-z0-9]{32}', 4),
  format('Contentful personal access token', 'CFPAT-', '[A-Za-z0-9_-]{43}', 6),
  format('Dropbox access token', 'sl\\.', '(?:[A-Za-z]\\.)?[A-Za-z0-9_=-]{130,1400}', 3),
  format('Fly.io token', 'fo1_|fm[12][ar]?_', '[A-Za-z0-9+/=_-]{40,}', 4),
  format('Harness access token', '(?:pat|sat)\\.', '[A-Za-z0-9_-]{22}\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{20}', 4),
  format('HubSpot private app token', 'pat-(?:na|eu)\\d-', '[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}', 8),
  format('Infracost API key', 'ico-', '[A-Za-z0-9]{32}', 4),
  format('Octopus Deploy API key', 'API-', '[A-Z0-9]{26}', 4, 'medium'),
  format('OpenShift user token', 'sha256~', '[A-Za-z0-9_-]{43}', 7),
  format('Scalingo API token', 'tk-us-', '[A-Za-z0-9_-]{48}', 6),
  format('SonarQube token', 'sq[uap]_', '[a-f0-9]{40}', 4),
  format('NuGet API key', 'oy2', '[a-z0-9]{43}', 3),
  format('Defined Networking API key', 'dnkey-', '[a-z0-9=_-]{26}-[a-z0-9=_-]{52}', 6),
  format('Yandex Cloud API key', 'AQVN', '[A-Za-z0-9_-]{35,38}', 4),
  format('Yandex Cloud IAM token', 't1\\.', '[A-Za-z0-9_-]+={0,2}\\.[A-Za-z0-9_-]{86}={0,2}', 3),
  format('Yandex OAuth token', 'y[0-3]_', '[A-Za-z0-9_-]{55}', 3),
  format('Razorpay key id', 'rzp_(?:live|test)_', '[A-Za-z0-9]{14}', 9, 'medium'),
  format('Braintree access token', 'access_token\\$(?:production|sandbox)\\$', '[0-9a-z]{16}\\$[0-9a-f]{32}', 24),
  format('Firebase Cloud Messaging server key', 'AAAA', '[A-Za-z0-9_-]{7}:[A-Za-z0-9_-]{140}', 4),
  format('LaunchDarkly key', '(?:api|sdk)-', '[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}', 4, 'medium'),
  format('Cloudflare Origin CA key', 'v1\\.0-', '[a-f0-9]{24}-[a-f0-9]{146}', 5),
  format('ClickHouse Cloud secret', '4b1d', '[A-Za-z0-9]{38}', 4),
  format('Amazon Bedrock API key', 'ABSK|bedrock-api-key-', '[A-Za-z0-9+/=]{100,}', 4),
  format('Tavily API key', 'tvly-', '(?:dev-|prod-)?[A-Za-z0-9]{32}', 5),
  format('Firecrawl API key', 'fc-', '[a-f0-9]{32}', 3),
  format('E2B API key', 'e2b_', '[a-f0-9]{40}', 4),
  format('Resend API key', 're_', '[A-Za-z0-9]{8}_[A-Za-z0-9]{24}', 3, 'medium'),
  format('Browserbase API key', 'bb_live_', '[A-Za-z0-9_-]{27}', 8, 'medium'),
  format('ElevenLabs API key', 'sk_', '[a-f0-9]{48}', 3, 'medium'),
  format('PostHog personal API key', 'phx_', '[A-Za-z0-9]{43}', 4),
  format('Telnyx API key', 'KEY', '[0-9A-F]{32}_[A-Za-z0-9]{22}', 3),
  format('Salesforce access token', '00D', '[A-Za-z0-9]{12,15}![A-Za-z0-9._]{80,}', 3, 'medium'),
  format('Twitch stream key', 'live_', '\\d{6,12}_[A-Za-z0-9]{30}', 5),
  format('Adafruit IO key', 'aio_', '[A-Za-z0-9]{28}', 4),
  format('Azure SAS signature', 'sig=', '[A-Za-z0-9%+/]{40,}(?:%3D|=){0,2}', 4, 'medium'),
  format(
    'Microsoft Teams webhook',
    'https://[a-z0-9-]+\\.webhook\\.office\\.com/webhookb2/',
    '[a-f0-9-]{36}@[a-f0-9-]{36}/IncomingWebhook/[a-f0-9]{32}/[a-f0-9-]{36}',
    0,
  ),
]

/** One capture group per format: the group that matched names the first format whose anchor is here. */
const PREFILTER = new RegExp(FORMATS.map((f) => `(${f.anchor})`).join('|'), 'g')

/**
 * The anchors' matches one at a time, from left to right, each at or after the position asked for: tried only where
 * the literal index finds an anchor's first word, so that a chunk is not scanned by a 200-way alternation, which is
 * fast only while V8 compiles it optimised (`matchStarts`).
 */
function anchorReader(text: string): (from: number) => RegExpExecArray | null {
  const starts = matchStarts(PREFILTER, text)
  if (starts === null)
    return (from) => {
      PREFILTER.lastIndex = from
      const m = PREFILTER.exec(text)
      PREFILTER.lastIndex = 0
      return m
    }
  let next = 0
  return (from) => {
    while (next < starts.length && (starts[next] as number) < from) next++
    while (next < starts.length) {
      const m = matchAt(PREFILTER, text, starts[next++] as number)
      if (m !== null) return m
    }
    return null
  }
}

/** First characters an anchor can start with (null: a class or group, so any). */
function leads(anchor: string): Set<string> | null {
  const out = new Set<string>()
  let depth = 0
  let atStart = true
  for (let i = 0; i < anchor.length; i++) {
    const c = anchor[i]
    if (atStart) {
      if (c === '[' || c === '(' || c === '\\') return null
      out.add(c)
      atStart = false
    }
    if (c === '\\') i++
    else if (c === '(' || c === '[') depth++
    else if (c === ')' || c === ']') depth--
    else if (c === '|' && depth === 0) atStart = true
  }
  return out
}

/**
 * For the format whose anchor matched first, the later formats whose anchor may also start here (same first
 * character, e.g. `sk-` after `sk-ant-`): the only ones worth trying.
 */
const FOLLOWERS: number[][] = FORMATS.map((f, i) => {
  const mine = leads(f.anchor)
  const out: number[] = []
  for (let j = i; j < FORMATS.length; j++) {
    const theirs = leads(FORMATS[j].anchor)
    if (!mine || !theirs || [...theirs].some((c) => mine.has(c))) out.push(j)
  }
  return out
})

/** Tokens whose shape has no fixed prefix, found by their own regex. */
interface ShapeFormat {
  name: string
  pattern: RegExp
  severity: Severity
  /** Characters before the match that belong to the token. */
  back?: number
  /**
   * Checks what precedes the match, in code: a regex starting with a lookbehind makes V8 give up its fast scan
   * for the literal part and try every position.
   */
  accept?: (text: string, start: number) => boolean
  /** The part of the value a placeholder shows in (default: all of it), when the rest is fixed syntax (`$argon2id$v=19$…`). */
  body?: (value: string) => string
}

const ALNUM = /[A-Za-z0-9]/
const HEX32 = /^[0-9a-f]{32}$/

const SHAPES: ShapeFormat[] = [
  // Base64 of a numeric snowflake (so M, N or O first), a 6-char timestamp and an HMAC.
  {
    name: 'Discord bot token',
    pattern: /(?<![A-Za-z0-9_-])[MNO][A-Za-z0-9_-]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38}(?![A-Za-z0-9_-])/g,
    severity: 'high',
  },
  // <bot id>:<35 chars starting AA>; in a URL it follows /bot, elsewhere it stands alone (a bare "bot<id>:…" glued to
  // a word is not taken: detect-secrets' own cases count it as no token).
  {
    name: 'Telegram bot token',
    pattern: /\d{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])/g,
    severity: 'high',
    accept: (text, start) => start === 0 || !/[\w:]/.test(text[start - 1]) || text.endsWith('/bot', start),
  },
  // Looked up from its "-usN" data-centre suffix (a leading 32-hex scan would restart at every hex letter).
  {
    name: 'Mailchimp API key',
    pattern: /-us\d{1,2}(?![A-Za-z0-9])/g,
    severity: 'high',
    back: 32,
    accept: (text, start) => HEX32.test(text.slice(start, start + 32)) && (start === 0 || !ALNUM.test(text[start - 1])),
  },
  // SoftLayer (IBM Classic) API keys travel in the SOAP/REST endpoint's path: 64 lower-case hex-like characters.
  {
    name: 'SoftLayer API key',
    pattern: /api\.softlayer\.com\/(?:soap|rest)\/v3(?:\.1)?\/([a-z0-9]{64})(?![A-Za-z0-9])/gi,
    severity: 'high',
  },
  // Terraform Cloud / HCP Terraform: 14 characters, then ".atlasv1.", found from the fixed middle.
  {
    name: 'Terraform Cloud token',
    pattern: /\.atlasv1\.[A-Za-z0-9_=-]{60,70}(?![A-Za-z0-9_=-])/g,
    severity: 'high',
    back: 14,
    accept: (text, start) => /^[a-z0-9]{14}$/.test(text.slice(start, start + 14)) && (start === 0 || !ALNUM.test(text[start - 1])),
  },
  // MaxMind license keys end in "_mmk": 6 characters, "_", 29 characters, "_mmk".
  {
    name: 'MaxMind license key',
    pattern: /_mmk(?![A-Za-z0-9_])/g,
    severity: 'high',
    back: 36,
    accept: (text, start) =>
      /^[A-Za-z0-9]{6}_[A-Za-z0-9]{29}$/.test(text.slice(start, start + 36)) && (start === 0 || !/[A-Za-z0-9_]/.test(text[start - 1])),
  },
  // Microsoft Entra ID (Azure AD) client secrets: 3 characters, a digit, "Q~", then 31-34 more.
  {
    name: 'Azure AD client secret',
    pattern: /\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/g,
    severity: 'high',
    back: 3,
    accept: (text, start) =>
      /^[A-Za-z0-9_~.]{3}$/.test(text.slice(start, start + 3)) && (start === 0 || !/[A-Za-z0-9_~.]/.test(text[start - 1])),
  },
  // Password hashes as crypt(3) and its successors write them (MD5 $1$, SHA-256 $5$, SHA-512 $6$, bcrypt $2b$, yescrypt
  // $y$, scrypt $7$, Argon2) and Kerberos roasting output: whoever holds one can guess the password offline.
  {
    name: 'Password hash',
    pattern:
      /\$(?:1|2[abxy]|5|6|y|7)\$(?:rounds=\d+\$)?[A-Za-z0-9./]{1,30}\$[A-Za-z0-9./]{22,}|\$argon2(?:id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]{8,}\$[A-Za-z0-9+/]{20,}|\$krb5(?:asrep|tgs)\$\d+\$[^\s$]{0,200}\$?[a-f0-9]{32}\$[a-f0-9]{64,}/g,
    severity: 'medium',
    accept: (text, start) => start === 0 || !/[\w$]/.test(text[start - 1]),
    body: (value) => value.slice(value.lastIndexOf('$') + 1),
  },
  // The AWS secret access key has no prefix: 40 base64 characters next to words naming it.
  {
    name: 'AWS secret access key',
    pattern: /aws.{0,24}?(?:secret|private).{0,24}?[=:>][ \t]{0,4}["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/gi,
    severity: 'high',
  },
]

function checkPrefixed(chunk: Chunk, hits: RuleHit[]): void {
  const text = chunk.text
  const anchorFrom = anchorReader(text)
  let m: RegExpExecArray | null
  for (let from = 0; (m = anchorFrom(from)) !== null;) {
    const at = m.index
    let matchedEnd = -1
    if (!glued(text, at)) {
      // Formats before the matched group have anchors that do not fit here; later ones may (sk-ant- vs sk-).
      let first = 0
      while (first < FORMATS.length && m[first + 1] === undefined) first++
      for (const i of FOLLOWERS[first] ?? []) {
        const f = FORMATS[i]
        f.anchorAt.lastIndex = at
        if (!f.anchorAt.test(text)) continue
        f.pattern.lastIndex = at
        const tm = f.pattern.exec(text)
        if (!tm) continue
        const token = tm[0]
        const body = token.slice(f.prefix)
        // A random body mixes character classes; one class only (ghp_ + lower-case letters) is a made-up value.
        const placeholder = isPlaceholder(body) || characterClasses(body.replace(/[-_.]/g, '')) < 2
        const severity = placeholder ? 'low' : (f.severity ?? 'high')
        const note = placeholder ? ' (placeholder)' : ''
        hits.push(hitAt(chunk, at, at + token.length, severity, `${f.name}${note}: ${redact(token, 'secret')}`, !placeholder))
        matchedEnd = at + token.length
        break
      }
    }
    from = matchedEnd > at ? matchedEnd : at + 1
  }
}

function checkShapes(chunk: Chunk, hits: RuleHit[]): void {
  const text = chunk.text
  for (const shape of SHAPES) {
    shape.pattern.lastIndex = 0
    let m: RegExpExecArray | null
    while ((m = shape.pattern.exec(text)) !== null) {
      const back = shape.back ?? 0
      if (m.index < back || (shape.accept && !shape.accept(text, m.index - back))) {
        shape.pattern.lastIndex = m.index + 1
        continue
      }
      const value = m[1] ?? text.slice(m.index - back, m.index + m[0].length)
      const start = m[1] === undefined ? m.index - back : m.index + m[0].length - m[1].length
      const placeholder = isPlaceholder(shape.body ? shape.body(value) : value)
      const severity = placeholder ? 'low' : shape.severity
      const note = placeholder ? ' (placeholder)' : ''
      hits.push(hitAt(chunk, start, start + value.length, severity, `${shape.name}${note}: ${redact(value, 'secret')}`, !placeholder))
    }
  }
}

/** Provider API keys and tokens recognised by their documented format. */
export const providerTokenRule: Rule = {
  id: 'secret/provider-token',
  family: 'secret',
  weight: 1,
  description: 'API keys and tokens in a provider’s documented format (AWS, GitHub, GitLab, Slack, Stripe, OpenAI …).',
  check(chunk) {
    const hits: RuleHit[] = []
    checkPrefixed(chunk, hits)
    checkShapes(chunk, hits)
    return hits
  },
}
