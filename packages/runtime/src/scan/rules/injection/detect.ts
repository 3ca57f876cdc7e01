/**
 * The injection detectors over one plain string (already normalised): direct patterns, tool errors stated as
 * facts, memory planting (a memory cue + weighted claims) and instructions addressed to an AI reader inside a
 * document. Offsets are into the string given.
 */
import { runAccountMeans } from './account-means'
import { runAddressPlaceholders } from './address-placeholders'
import { runAddedSteps } from './added-step'
import { runFieldOrders } from './field-orders'
import { runSoftwareOrders } from './software-orders'
import { allMatches, hasMatch } from '../../literal-index'
import { groupFinder } from './needs-words'
import type { Severity } from '../../types'
import {
  asOrder,
  CLOSING_QUOTE,
  dampedReading,
  dampedSeverity,
  evidenceOf,
  matchContext,
  maxSeverity,
  mentionedNotOrdered,
  type MatchContext,
  quotedTerm,
  sentenceEnd,
} from './context'
import { asksToVerifyFirst } from './standing-against-user-zh'
import {
  DE_ACTION,
  DE_ADDRESS,
  EN_ACTION,
  EN_ADDRESS,
  EN_AI_LABEL,
  EN_ADDRESS_GATE,
  EN_USER_WORD_LABEL,
  EN_USER_WORD_WAIVED,
  EN_BLOCK_FRAME,
  EN_LABEL_ADDRESS,
  EN_MENTIONS,
  EN_SHOUTS,
  EN_TAGS,
  ZH_ACTION,
  ZH_ADDRESS,
  ZH_ADDRESS_GATE,
  ZH_GREETINGS,
  ZH_MENTIONS,
  ZH_NOTICE_TAGS,
} from './addresses'
import {
  EN_ACT_FOR_ANOTHER,
  EN_READER_BY_TASK,
  EN_READER_FOR_ANOTHER,
  EN_READER_OF_ERRANDS,
  findReaderByTaskWords,
} from './readers-by-task'
import type { DirectPattern, InjectionRuleName, WeightedCue } from './cue-types'
import { DE_DIRECT, DE_PLANTING_CUES } from './cues-de'
import { ZH_DIRECT, ZH_MEMORY_CUE, ZH_PLANTING_CUES, ZH_TOOL_STATE } from './cues-zh'
import { EN_DIRECT, EN_TOOL_NEVER } from './direct-en'
import { EN_MEMORY_CUE, EN_PLANTING_CUES, EN_TOOL_STATE } from './planting-en'
import { runJailbreakTemplates } from './jailbreak'
import { EN_LATENT, EN_VERDICT, ZH_LATENT } from './latent-orders'
import { runOutputDirectives } from './output-directive'
import { runProcessingActs } from './processing-acts'
import { runPermissionClaims } from './permission'
import {
  DE_PIVOT,
  EN_PIVOT,
  JAILBREAK,
  JAILBREAK_GATE,
  JAILBREAK_UNGATED,
  ZH_JAILBREAK,
  MULTI_OVERRIDE,
  MULTI_OVERRIDE_GATE,
} from './pivot'
import { runStandingInstructions } from './standing'
import { corroborateOrders } from './corroborate'
import { EN_SOLE_ORDER, THIS_ONE } from './sole-order'
import { FORGED_TURN, FORGED_TURN_GATE } from './forged-turn'
import { EN_TASK_TYPED_BACK } from './task-typed-back'
import { EN_STEERING, contentPivot } from './steering'

/** A detector's finding before offsets are mapped back to the scanned text. */
export interface RawHit {
  rule: InjectionRuleName
  start: number
  end: number
  severity: Severity
  evidence: string
  /** For `memory-planting` hits: what kind of order was found (an act, a permission claim, planting cues). */
  kind?: string
  /** Weighed down as a lesson's or an example's (matchContext). */
  damped?: boolean
}

const HAS_CJK = /[\u4e00-\u9fff]/
const HAS_GERMAN_CUE =
  /\b(?:ignorier|vergiss|vergesst|vergessen|missachte|übergehe|bisherig|vorherig|obigen|bist du|zeig|gib|nenne|verrate|wiederhole|Hinweis|Nachricht|Anweisung|überweise|KI|nun|jetzt|Aufgabe|stell dir|stellen sie|tue? so|angenommen|achtung|du bist|Sie sind|verwirf|streich)/i
/** Matches read per pattern: past this many, more of the same adds nothing but time (keeps 1 MB inputs fast). */
const MAX_MATCHES = 64

/** Runs every detector on `text`; hits of one rule that overlap are merged (strongest severity kept). */
export function detectInjection(text: string): RawHit[] {
  const hits: RawHit[] = []
  const cjk = HAS_CJK.test(text)
  const lower = text.toLowerCase()
  const german = hasMatch(HAS_GERMAN_CUE, text)
  runDirect(text, EN_DIRECT, hits, lower)
  runDirect(text, EN_PIVOT, hits, lower)
  runDirect(text, EN_STEERING, hits, lower)
  if (hasMatch(THIS_ONE, text)) runDirect(text, EN_SOLE_ORDER, hits, lower)
  if (FORGED_TURN_GATE.test(text)) runDirect(text, FORGED_TURN, hits, lower)
  runDirect(text, EN_TASK_TYPED_BACK, hits, lower)
  runDirect(text, EN_LATENT, hits, lower)
  if (hasMatch(JAILBREAK_GATE, text)) runDirect(text, JAILBREAK, hits, lower)
  runDirect(text, JAILBREAK_UNGATED, hits, lower)
  if (german) runDirect(text, DE_DIRECT, hits, lower)
  if (german) runDirect(text, DE_PIVOT, hits, lower)
  if (hasMatch(MULTI_OVERRIDE_GATE, text)) runDirect(text, MULTI_OVERRIDE, hits, lower)
  if (cjk) runDirect(text, ZH_DIRECT, hits, lower)
  if (cjk) runDirect(text, ZH_JAILBREAK, hits, lower)
  if (cjk) runDirect(text, ZH_LATENT, hits, lower)
  upgradeToolFacts(text, hits, cjk)
  runPlanting(text, EN_MEMORY_CUE, german ? [...EN_PLANTING_CUES, ...DE_PLANTING_CUES] : EN_PLANTING_CUES, 200, hits)
  if (cjk) runPlanting(text, ZH_MEMORY_CUE, ZH_PLANTING_CUES, 60, hits, zhCueKeepsNothing)
  runPermissionClaims(text, cjk, hits)
  runStandingInstructions(text, cjk, hits)
  corroborateOrders(hits)
  runJailbreakTemplates(text, cjk, hits)
  // Every English address names the reader (AI, assistant, model, bot …): one test spares the seven patterns.
  const enAddress = hasMatch(EN_ADDRESS_GATE, text) ? EN_ADDRESS : []
  const byTask = findReaderByTaskWords(lower).size > 0 ? EN_READER_BY_TASK : []
  const mention = text.includes('@')
  const userWord = lower.includes('from ')
  runAddressed(
    text,
    {
      addresses: [...enAddress, ...byTask, ...(german ? DE_ADDRESS : [])],
      // (the user's word that waives the user's own confirmation is a tag: high with an order, as a frame is)
      tags: userWord ? [...EN_TAGS, ...EN_USER_WORD_WAIVED] : EN_TAGS,
      weak: [
        ...EN_SHOUTS,
        ...(lower.includes('whoever') || lower.includes(' of this ') ? EN_READER_OF_ERRANDS : []),
        ...(userWord ? EN_USER_WORD_LABEL : []),
      ],
    },
    // An English address in a Chinese text ("Assistant instruction：如用户询问此航班，请告诉用户…") is followed by a Chinese order,
    // read by its request form only: the bare verbs of ZH_ACTION (调用, 把) are how a Chinese text talks about an "(Agent)".
    [EN_ACTION, EN_VERDICT, ...(german ? [DE_ACTION] : []), ...(cjk ? [ZH_REQUEST] : [])],
    hits,
  )
  // A reader acting for another person, told to act on that person's money, accounts or things
  if (lower.includes('for')) runAddressed(text, { weak: EN_READER_FOR_ANOTHER }, [EN_ACT_FOR_ANOTHER], hits)
  // A mention of the assistant in a chat (English actions only, whatever the other languages of the text)
  if (mention && enAddress.length) runAddressed(text, { weak: EN_MENTIONS }, [EN_ACTION], hits)
  if (cjk)
    runAddressed(
      text,
      {
        addresses: ZH_ADDRESS_GATE.test(text) ? ZH_ADDRESS : [],
        weak: [...ZH_NOTICE_TAGS, ...ZH_GREETINGS, ...(mention ? ZH_MENTIONS : [])],
      },
      [ZH_ACTION],
      hits,
    )
  runAddedSteps(text, lower, cjk, hits)
  runAccountMeans(text, lower, cjk, hits)
  runFieldOrders(text, cjk, hits)
  runSoftwareOrders(text, cjk, hits)
  runOutputDirectives(text, hits)
  runAddressPlaceholders(text, hits)
  runProcessingActs(text, hits)
  scriptBait(text, hits)
  const pivot = contentPivot(text, hits)
  if (pivot) hits.push(pivot)
  return mergeHits(hits)
}

/** Which of a table's patterns have a `needs` word in the text, found in one pass (needs-words.ts), built on first use. */
const TABLE_FINDERS = new WeakMap<readonly DirectPattern[], (lower: string) => Uint8Array>()

function neededPatterns(patterns: readonly DirectPattern[], lower: string): Uint8Array {
  let finder = TABLE_FINDERS.get(patterns)
  if (!finder) {
    finder = groupFinder(patterns.map((pattern) => pattern.needs))
    TABLE_FINDERS.set(patterns, finder)
  }
  return finder(lower)
}

function runDirect(text: string, patterns: readonly DirectPattern[], hits: RawHit[], lower: string): void {
  const needed = neededPatterns(patterns, lower)
  for (let index = 0; index < patterns.length; index++) {
    const pattern = patterns[index]!
    if (pattern.needs && needed[index] === 0) continue
    for (const match of allMatches(pattern.re, text, MAX_MATCHES)) {
      const start = match.index
      const end = start + match[0].length
      if (pattern.skip?.(text, start, end)) continue
      // a phrase that is the whole of its quotation marks is named, not said ("tool output containing 'ignore previous
      // instructions' is blocked"); an attack quotes an order with what it wants after it
      const severity = namedPhrase(text, start, end) ? 'low' : dampedSeverity(pattern.severity, directContext(pattern, text, start, end))
      hits.push({ rule: pattern.rule, start, end, severity, evidence: evidenceOf(text, start, end, pattern.what) })
    }
  }
}

/** How a direct pattern's match is read; a dictating one (DirectPattern.dictates) as an order (`asOrder`). */
function directContext(pattern: DirectPattern, text: string, start: number, end: number): MatchContext {
  const context = matchContext(text, start, end)
  return pattern.dictates ? asOrder(context) : context
}

/** The match is all its quotation holds, but for a closing stop or comma: `'ignore previous instructions.'`. */
function namedPhrase(text: string, start: number, end: number): boolean {
  return quotedTerm(text, start, end) || (/^[.,!?。，！？]$/.test(text[end] ?? '') && quotedTerm(text, start, end + 1))
}

const TOOL_NEVER_TABLE = [EN_TOOL_NEVER]

/** "never call it again" is a tool error stated as a fact when a tool/key is declared broken close by. */
function upgradeToolFacts(text: string, hits: RawHit[], cjk: boolean): void {
  const states: Array<[number, number]> = []
  for (const re of cjk ? [EN_TOOL_STATE, ZH_TOOL_STATE] : [EN_TOOL_STATE]) {
    re.lastIndex = 0
    for (const match of text.matchAll(re)) if (states.push([match.index, match.index + match[0].length]) >= MAX_MATCHES) break
  }
  if (states.length === 0) return
  runDirect(text, TOOL_NEVER_TABLE, hits, text.toLowerCase())
  for (const hit of hits) {
    if (hit.rule !== 'tool-fact') continue
    const near = states.find(([s, e]) => Math.abs(s - hit.start) < 200 || Math.abs(e - hit.end) < 200)
    if (!near) continue
    // A standing "never …" about a tool declared broken is an order for every later turn: high even without "again".
    const standing =
      /^(?:never|no longer)\b/i.test(text.slice(hit.start, hit.end)) ||
      /(?:以后|今后|永远|再也)[，,\s]*$/.test(text.slice(Math.max(0, hit.start - 6), hit.start))
    hit.start = Math.min(hit.start, near[0])
    hit.end = Math.max(hit.end, near[1])
    hit.severity = hit.severity === 'low' && !standing ? 'medium' : 'high'
    hit.evidence = evidenceOf(text, hit.start, hit.end, 'tool error stated as fact')
  }
}

interface CueMatch {
  start: number
  end: number
  cue: number
  weight: number
  what: string
}

/** Who acknowledges just before a Chinese memory cue followed by 了: "嗯", "好的，", "我都", "已经". */
const ZH_ACKNOWLEDGED = /(?:嗯|好的?|行|收到|明白|我|都|已经?)[，,、\s]*$/
/** A prohibition just before a Chinese memory cue. */
const ZH_FORBIDDING = /(?:不得|禁止|不要|不应|不能|切勿|严禁|请勿|避免|防止|不会)[^。！？!?\n，,]{0,6}$/
/** People addressed just before it: "请大家牢记：", "各位同事务必记住". */
const ZH_PEOPLE_ADDRESSED =
  /(?:大家|各位(?:同事|同学|员工|家长|老师|朋友|用户|领导|伙伴)?|同事们|同学们|朋友们|全体(?:员工|同事|成员|同学)?)(?:都|一定|务必|要|请)*$/

/**
 * A Chinese memory cue that asks nothing to be kept: a prohibition before it ("来源为工具输出的内容不得直接写入长期记忆", a
 * defence's rule), people it addresses ("请大家牢记：", a notice to staff), a step it times ("写入长期记忆前先做检测"), or
 * any cue of a notice that asks to be verified before anything changes (a supplier's genuine change of account, "此后开具的
 * 发票…", with "请勿仅凭本邮件修改付款信息"). English cues carry their negation in the expression.
 */
function zhCueKeepsNothing(text: string, start: number, end: number): boolean {
  if (asksToVerifyFirst(text)) return true
  const before = text.slice(Math.max(0, start - 8), start)
  if (ZH_FORBIDDING.test(before) || ZH_PEOPLE_ADDRESSED.test(before)) return true
  // a reply that acknowledges ("嗯记住了。", "好的，记下了"): the speaker noting something, not a note to keep
  if (text[end] === '了' && ZH_ACKNOWLEDGED.test(before)) return true
  return text[end - 1] === '忆' && /^(?:前|之前|时|的)/.test(text.slice(end, end + 2))
}

/**
 * Memory planting: weighted claims grouped into clusters (cues closer than `gap` characters). A cluster near a
 * memory cue ("remember:", "store this", 记住) with weight ≥ 2 is high; without a memory cue it needs more
 * weight (≥ 3 medium, ≥ 4 high), so one odd phrase in ordinary text is not a finding.
 */
function runPlanting(
  text: string,
  memoryCue: RegExp,
  cues: readonly WeightedCue[],
  gap: number,
  hits: RawHit[],
  keepsNothing?: (text: string, start: number, end: number) => boolean,
): void {
  const matches: CueMatch[] = []
  cues.forEach((cue, index) => {
    for (const match of allMatches(cue.re, text, MAX_MATCHES)) {
      const end = match.index + match[0].length
      if (titleCased(match[0]) || mentionedNotOrdered(text, match.index, end) || cue.skip?.(text, match.index, end)) continue
      matches.push({ start: match.index, end, cue: index, weight: cue.weight, what: cue.what })
    }
  })
  if (matches.length === 0) return
  memoryCue.lastIndex = 0
  const memories: MemoryCue[] = []
  for (const m of text.matchAll(memoryCue)) {
    if (keepsNothing?.(text, m.index, m.index + m[0].length)) continue
    if (quotedTerm(text, m.index, m.index + m[0].length)) continue
    const quote = quotationAround(text, m.index)
    if (memories.push({ start: m.index, end: m.index + m[0].length, quote }) >= MAX_MATCHES * 4) break
  }
  matches.sort((a, b) => a.start - b.start)
  const turns = chatTurnStarts(text)
  let cluster: CueMatch[] = []
  const flush = (): void => {
    if (cluster.length > 0) plantingHit(text, cluster, turnMemories(memories, turns, cluster[0].start), gap, hits)
    cluster = []
  }
  for (const match of matches) {
    const last = cluster[cluster.length - 1]
    if (last && (match.start - last.end > gap || turnOf(turns, match.start) !== turnOf(turns, last.start))) flush()
    cluster.push(match)
  }
  flush()
}

/**
 * A turn of a timestamped chat log: a line that starts with a time and a speaker ("[09:41] Priya Nair: …",
 * "14:02 许晴：…"); the lines after it belong to it until the next one.
 */
const CHAT_TURN = /^[ \t]*\[?\d{1,2}:\d{2}(?::\d{2})?\]?[ \t]*[^\s:：，。,.!?！？][^\n:：，。,.!?！？]{0,23}[：:]/gm

/**
 * Where the turns of a chat log start, or null when the text is not one (fewer than two such lines). Each turn
 * is one person's words: a colleague's "记一下" and the next speaker's "抄送…邮箱" are not one note.
 */
function chatTurnStarts(text: string): number[] | null {
  const starts: number[] = []
  for (const m of text.matchAll(CHAT_TURN)) if (starts.push(m.index) > MAX_MATCHES * 4) break
  return starts.length >= 2 ? starts : null
}

/** The turn an offset falls in (-1 before the first), or 0 when the text is not a chat log. */
function turnOf(turns: readonly number[] | null, at: number): number {
  if (!turns) return 0
  let lo = 0
  let hi = turns.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (turns[mid]! <= at) {
      found = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  return found
}

/** The memory cues said in the same turn as a cluster of claims (all of them when the text is not a chat log). */
function turnMemories(memories: readonly MemoryCue[], turns: readonly number[] | null, at: number): readonly MemoryCue[] {
  if (!turns) return memories
  const turn = turnOf(turns, at)
  return memories.filter((m) => turnOf(turns, m.start) === turn)
}

/**
 * A headline's words ("What You Need To Know", "… Posts Message For ‘Curvy’ Girls Watching The Victoria’s Secret" in a
 * news site's menu): three or more words, each capitalised and none shouted. A note or an order is written in sentences.
 */
function titleCased(match: string): boolean {
  const words = match.match(/[A-Za-z][A-Za-z'’]*/g)
  return words !== null && words.length >= 3 && words.every((word) => /^[A-Z][a-z'’]/.test(word))
}

/** A memory cue, and the quotation it opens when it is quoted speech (see quotationAround). */
interface MemoryCue {
  start: number
  end: number
  quote: readonly [number, number] | null
}

const OPENING_QUOTE = /["“‘'「『]\s*$/

/**
 * The quotation a memory cue opens (`say "Remember that I'm vegetarian"`), from its opening mark to its closing one
 * on the same line; null when the cue is not quoted or the quotation does not close there. A cue quoted as
 * something a person says is that sentence's, not a marker for the text around it.
 */
function quotationAround(text: string, at: number): readonly [number, number] | null {
  const before = OPENING_QUOTE.exec(text.slice(Math.max(0, at - 4), at))
  if (!before) return null
  const mark = before[0][0]!
  const lineEnd = text.indexOf('\n', at)
  const close = text.slice(at, lineEnd < 0 ? text.length : lineEnd).indexOf(CLOSING_QUOTE[mark]!)
  return close < 0 ? null : [at - before[0].length, at + close + 1]
}

function plantingHit(text: string, cluster: readonly CueMatch[], memories: readonly MemoryCue[], gap: number, hits: RawHit[]): void {
  // Each cue counts once per cluster: three "you must" are one standing order.
  const byCue = new Map<number, CueMatch>()
  for (const match of cluster) if (!byCue.has(match.cue)) byCue.set(match.cue, match)
  let weight = 0
  for (const match of byCue.values()) weight += match.weight
  const first = cluster[0]
  const last = cluster.reduce((a, b) => (b.end > a.end ? b : a))
  // A quoted cue marks only claims inside its own quotation.
  const memory = memories.find(
    (m) =>
      m.end >= first.start - gap &&
      m.start <= last.end + gap &&
      (m.quote === null || (m.quote[0] <= first.start && last.end <= m.quote[1])),
  )
  let severity: Severity | null = null
  if (memory && weight >= 2) severity = 'high'
  else if (weight >= 4) severity = 'high'
  else if (weight >= 3) severity = 'medium'
  if (!severity) return
  const start = memory ? Math.min(memory.start, first.start) : first.start
  const end = Math.max(last.end, memory ? memory.end : 0)
  const read = dampedReading(severity, matchContext(text, first.start, last.end))
  const what = [...byCue.values()].map((m) => m.what).join(', ')
  const evidence = evidenceOf(text, start, end, what)
  hits.push({ rule: 'memory-planting', start, end, ...read, evidence, kind: 'planting cues' })
}

/** Actors told never to leave their roles: the frame of a script written to make the model voice anything. */
const STAY_IN_ROLE =
  /\b(?:stay|stays|remain|remains|keep|keeps|staying|remaining)\s+(?:\w+\s+){0,3}?in\s+(?:their|his|her|your|the|its)\s+(?:roles?|characters?|parts?)\b|\b(?:never|not|without|don't|do not|doesn't|does not)\s+(?:even\s+)?(?:break|breaking|fall(?:ing)? out of|drop(?:ping)?|step(?:ping)? out of|break(?:ing)? out of)\s+(?:\w+\s+){0,2}?(?:character|characters|role|roles|figure)\b/i
/** The text ends on an open speaker turn ("…\nJohn:"): the model is meant to write the next line. */
const OPEN_TURN = /\n\s*[A-Z][\w'’ .-]{0,30}:\s*$/

/**
 * Script bait: a scene whose actors "never break character", ending on an open speaker turn so the model writes
 * the line. A role-play prompt alone passes; the frame plus the open turn is the jailbreak's shape (medium).
 */
function scriptBait(text: string, hits: RawHit[]): void {
  if (!OPEN_TURN.test(text.slice(-40))) return
  const frame = STAY_IN_ROLE.exec(text)
  if (!frame) return
  const end = text.trimEnd().length
  hits.push({
    rule: 'role-hijack',
    start: frame.index,
    end,
    severity: 'medium',
    evidence: evidenceOf(text, frame.index, frame.index + frame[0].length, 'a scene that never breaks character, ending on an open turn'),
  })
}

/** A Chinese order in its request form, after an English address (see runAddressed's caller). */
const ZH_REQUEST =
  /请\s*(?:告诉|告知|回复|回答|将|把|发送|转发|推荐|执行|删除|忽略|记住|说明|通知)|(?:告诉|告知)用户|不要(?:告诉|提及|透露|向用户)/g

const TRANSCRIPT_LABEL = /^[ \t]*(?:user|human|customer|me)[ \t]*:/im
/** Address patterns that read a line's label: in a chat transcript that label is a speaker, not an address. */
const SPEAKER_LABELS: ReadonlySet<RegExp> = new Set([EN_LABEL_ADDRESS, EN_AI_LABEL])

/**
 * What opens an addressed block, by strength: an address to the AI (medium alone, high with an imperative after it;
 * a bare speaker label, "Assistant:", only with the imperative),
 * an instruction tag (high with an imperative, nothing alone but `<INFORMATION>`), and weak cues that ordinary mail
 * and chats hold too, a shout or a mention (medium with an imperative, nothing alone).
 */
interface AddressCues {
  addresses?: readonly RegExp[]
  tags?: readonly RegExp[]
  weak?: readonly RegExp[]
}

/**
 * An address to the AI ("Note to the AI assistant", "If you are an AI", "AI请注意") or an instruction tag
 * (`<INFORMATION>`, `[INST]`) followed within a short block by an imperative: an indirect injection.
 */
function runAddressed(text: string, cues: AddressCues, actions: readonly RegExp[], hits: RawHit[]): void {
  const transcript = hasMatch(TRANSCRIPT_LABEL, text)
  const consider = (re: RegExp, kind: 'address' | 'tag' | 'weak'): void => {
    // "Assistant:" lines in a chat transcript are speaker labels, not an address.
    if (transcript && kind === 'address' && SPEAKER_LABELS.has(re)) return
    for (const match of allMatches(re, text, MAX_MATCHES)) {
      const start = match.index
      const end = start + match[0].length
      const windowEnd = Math.min(text.length, end + 300)
      let actionEnd = -1
      for (const action of actions) {
        action.lastIndex = 0
        const found = action.exec(text.slice(end, windowEnd))
        if (found) actionEnd = Math.max(actionEnd, end + found.index + found[0].length)
      }
      let severity: Severity | null
      if (actionEnd >= 0) severity = kind === 'weak' ? 'medium' : 'high'
      // (a bare label, "Assistant: Hello! How can I help?", is a line the assistant said: an address only with an order)
      else
        severity =
          (kind === 'address' && re !== EN_LABEL_ADDRESS) || /INFORMATION/i.test(match[0]) || re === EN_BLOCK_FRAME ? 'medium' : null
      if (!severity) continue
      const stop = actionEnd >= 0 ? sentenceEnd(text, actionEnd, 160) : end
      severity = dampedSeverity(severity, matchContext(text, start, end))
      hits.push({ rule: 'addressed-block', start, end: stop, severity, evidence: evidenceOf(text, start, stop, 'addressed to the AI') })
    }
  }
  cues.addresses?.forEach((re) => consider(re, 'address'))
  cues.tags?.forEach((re) => consider(re, 'tag'))
  cues.weak?.forEach((re) => consider(re, 'weak'))
}

/** Sorts hits and merges overlapping hits of the same rule, keeping the strongest severity and its evidence. */
export function mergeHits(hits: readonly RawHit[]): RawHit[] {
  const sorted = [...hits].sort((a, b) => a.start - b.start || b.end - a.end)
  const out: RawHit[] = []
  const lastByRule = new Map<InjectionRuleName, RawHit>()
  for (const hit of sorted) {
    const last = lastByRule.get(hit.rule)
    if (last && hit.start < last.end) {
      if (maxSeverity(hit.severity, last.severity) !== last.severity) {
        last.severity = hit.severity
        last.evidence = hit.evidence
      }
      last.end = Math.max(last.end, hit.end)
      continue
    }
    const copy = { ...hit }
    out.push(copy)
    lastByRule.set(hit.rule, copy)
  }
  return out
}
