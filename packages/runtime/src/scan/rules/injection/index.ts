/**
 * Instruction injection, English, German and Chinese: overrides of prior instructions, role hijacks, system-prompt
 * exfiltration, memory planting, tool errors stated as facts, instructions addressed to an AI inside a document,
 * hidden characters and wrapped instructions (base64, hex, binary, Morse, Caesar shifts).
 *
 * The whole text is analysed once per scan (an instruction may straddle chunks, e.g. a comment in a config file);
 * each rule reports the hits of its kind that start inside the chunk it is asked about, so every hit is reported
 * exactly once.
 */
import type { Chunk, Rule, RuleHit, ScanInput } from '../../types'
import { injectionHits } from './analyze'
import { learnedRule } from './learned'
import type { InjectionRuleName } from './cue-types'

function hitsFor(name: InjectionRuleName, chunk: Chunk, input: ScanInput): RuleHit[] {
  const out: RuleHit[] = []
  for (const hit of injectionHits(input)) {
    if (hit.rule !== name || hit.start < chunk.start || hit.start >= chunk.end) continue
    out.push({ start: hit.start, end: hit.end, severity: hit.severity, evidence: hit.evidence })
  }
  return out
}

function injectionRule(name: InjectionRuleName, description: string): Rule {
  return {
    id: `injection/${name}`,
    family: 'injection',
    weight: 1,
    description,
    check: (chunk, input) => hitsFor(name, chunk, input),
  }
}

/** The injection family's built-in rules. */
export const injectionRules: Rule[] = [
  injectionRule('override', 'An instruction to ignore, forget or void the prior instructions, rules or prompt.'),
  injectionRule(
    'task-pivot',
    'A task closed and another opened ("well done. Now write …"), ordinary content followed by an order to the model, an interruption, or the answer replaced by a fixed output.',
  ),
  injectionRule(
    'role-hijack',
    'A persona or mode switch that removes the assistant’s restrictions (DAN, developer mode), or a jailbreak template read as a whole: a persona for the model, restrictions removed, refusals suppressed.',
  ),
  injectionRule('prompt-exfiltration', 'A request to print or reveal the system prompt or the hidden instructions.'),
  injectionRule(
    'memory-planting',
    'A memory that removes the user’s permissions, grants the assistant new ones, asserts authority or orders covert behaviour, or a standing instruction ("from now on", "every time", "remember:") to trust a source as the administrator, disable oversight, run code automatically, leak a credential, promote a link in every answer, keep something from the user, switch off a security control or send personal data out.',
  ),
  injectionRule('tool-fact', 'A tool error stated as a permanent fact, with an order never to use the tool again.'),
  injectionRule(
    'addressed-block',
    'A block inside a document or record that addresses the AI reader and tells it what to do, or tells whoever answers from the document what the answer must carry (a link, a claim, a purchase, the user’s password, script for the page, an address that carries the conversation out).',
  ),
  injectionRule(
    'hidden-text',
    'Zero-width characters inside words, bidi controls, mixed-script look-alike words, or terminal escapes that conceal text or write the clipboard.',
  ),
  injectionRule(
    'encoded',
    'A base64-, hex-, binary-, Morse- or Caesar-wrapped (rot13 among them) instruction, or one cut into quoted fragments to be joined.',
  ),
  learnedRule,
]
