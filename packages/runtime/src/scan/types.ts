/**
 * The scanner's vocabulary, shared by the chunker, every rule family and the scorer.
 *
 * Offsets are UTF-16 code-unit offsets into the text given to `scan()` (JavaScript string indices), so a
 * finding's `text.slice(start, end)` is the evidence before redaction, in Node and in browsers alike.
 */

/** The four rule families. A finding belongs to exactly one. */
export type Family = 'injection' | 'code' | 'secret' | 'pii'

/**
 * How much a finding says about the candidate.
 * - `low`: worth recording, not worth a human's time on its own (a placeholder-looking key, a bare mention).
 * - `medium`: a human should look (decision `review` when alone).
 * - `high`: strong evidence of an attack or a leak (decision `reject` when alone).
 * - `critical`: unambiguous (a live private key block, a download-and-run pipeline).
 */
export type Severity = 'low' | 'medium' | 'high' | 'critical'

export type ScanDecision = 'approve' | 'review' | 'reject'

/** What a rule reports. Offsets are into the whole scanned text (not the chunk). */
export interface RuleHit {
  start: number
  end: number
  severity: Severity
  /**
   * A short human-readable description of what was matched. Families whose matches are sensitive (secrets, PII)
   * must already redact it (see `redact()` in `./redact`): evidence ends up in receipts and in reports.
   */
  evidence: string
  /**
   * True for findings that must never be approved silently (a real secret, a checksum-valid national ID, a
   * Luhn-valid card): they cap the decision at `review`; they never lift a `reject`.
   */
  sensitive?: boolean
}

/** A finding in the result of `scan()`: a hit with the rule that made it. */
export interface Finding extends RuleHit {
  family: Family
  /** The rule's id, e.g. `injection/override`. */
  rule: string
}

/** What the chunker recognised a stretch of text as. */
export type ChunkKind = 'prose' | 'code' | 'json' | 'shell'

/** Languages the code checks understand; others are `'other'` (still scanned by prose/secret/PII rules). */
export type CodeLanguage = 'javascript' | 'typescript' | 'python' | 'shell' | 'other'

export interface Chunk {
  kind: ChunkKind
  /** Offsets into the scanned text of the chunk's content (for a fenced block: without the fences). */
  start: number
  end: number
  /** `text.slice(start, end)`, kept for the rules' convenience. */
  text: string
  /** For `code` and `shell` chunks: the language, from the fence tag or detected. */
  language?: CodeLanguage
  /** Whether `language` came from a fence tag or from detection. */
  languageFrom?: 'tag' | 'detected'
  /** True when the chunk was inside a fenced block (``` or ~~~). */
  fenced?: boolean
}

/** Everything a rule may look at. Built once per `scan()` call. */
export interface ScanInput {
  /** The text as given to `scan()`. */
  text: string
  /** Every chunk of it, in order, non-overlapping; together they cover the text. */
  chunks: readonly Chunk[]
}

/**
 * A rule of the registry. Built-in rules and user rules have the same shape.
 *
 * `check` is called once per chunk whose kind is in `appliesTo` (every chunk when absent); it must be pure,
 * synchronous and deterministic, must not throw on any input (the scanner catches and reports it as a rule
 * failure all the same), and must stay roughly linear in the chunk's length.
 */
export interface Rule {
  /** Unique, `family/name` (e.g. `code/exec-call`, `pii/cn-resident-id`). */
  id: string
  family: Family
  /**
   * How much this rule's findings count, in (0, 1]. The scorer multiplies it with the finding's severity
   * penalty; 1 is the norm for built-in rules, user rules may use less to mean "a hint".
   */
  weight: number
  /** One sentence for docs, the CLI and reports. */
  description: string
  /** Chunk kinds this rule reads; all when absent. */
  appliesTo?: readonly ChunkKind[]
  check(chunk: Chunk, input: ScanInput): RuleHit[]
}

export interface ScanThresholds {
  /** A score at or above this is `approve` (default 0.9). */
  approve: number
  /** A score at or above this (and below `approve`) is `review` (default 0.6); below is `reject`. */
  review: number
}

export interface ScanOptions {
  /** Decision thresholds on the trust score. */
  thresholds?: Partial<ScanThresholds>
  /** Extra rules, added to the built-in ones (ids must not clash). */
  rules?: readonly Rule[]
  /** Built-in rule ids (or families) to leave out, e.g. `['pii']` or `['pii/ip-address']`. */
  disable?: readonly string[]
}

export interface ScanResult {
  /** Trust score in [0, 1]: 1 is nothing found. */
  score: number
  decision: ScanDecision
  findings: Finding[]
  chunks: Chunk[]
  /** Names the built-in rule set and the user rules, e.g. `builtin@8+user:acme/no-urls`. */
  ruleSet: string
}
