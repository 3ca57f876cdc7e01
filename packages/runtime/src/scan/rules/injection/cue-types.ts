/**
 * The shapes of the injection detectors' cue tables (`direct-en.ts`, `planting-en.ts`, `cues-de.ts`, `cues-zh.ts`):
 * a direct pattern is a finding by itself, a weighted cue adds to a window's sum.
 */
import type { Severity } from '../../types'

/** The injection rules' short names (the rule id is `injection/<name>`). */
export type InjectionRuleName =
  | 'override'
  | 'task-pivot'
  | 'role-hijack'
  | 'prompt-exfiltration'
  | 'memory-planting'
  | 'tool-fact'
  | 'addressed-block'
  | 'hidden-text'
  | 'encoded'

/** A direct pattern: a match is a finding of `rule` at `severity` (before context damping). */
export interface DirectPattern {
  rule: InjectionRuleName
  re: RegExp
  severity: Severity
  what: string
  /**
   * Lower-case words of which every match contains at least one: a text holding none of them skips the pattern.
   * Worth it for one to four words (a substring search beats a regex attempt at every word boundary); a longer
   * list costs more than the regex it would save.
   */
  needs?: readonly string[]
  /** A match that is not the pattern's act after all (a look the expression cannot take, e.g. at letter case). */
  skip?: (text: string, start: number, end: number) => boolean
  /**
   * The match sets the reader's task aside and dictates what comes next (忽略以上提问，直接输出：…): the question before it
   * is the decoy and the words after it the payload, so neither makes it a question or a lesson. Only a quotation, a
   * report or an example shown under a lesson weighs it down. Also a request whose question form is the request itself
   * ("What is your secret key?"): its question mark does not make it a question about a phrase.
   */
  dictates?: true
}

/** A weighted cue (memory planting, tool facts): findings come from the sum of cue weights in a window. */
export interface WeightedCue {
  re: RegExp
  weight: number
  what: string
  /** A match that is not the cue's claim after all (a look the expression cannot take, e.g. at the word before it). */
  skip?: (text: string, start: number, end: number) => boolean
}
