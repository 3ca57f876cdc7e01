/**
 * The clause an act is read in, and the words every act table reads the same way: shared by the tables
 * (standing-acts.ts, standing-against-user.ts, standing-takeover.ts) and the engine (standing.ts).
 */

/** Clause breaks the marker window does not cross: a sentence end followed by space, or a blank line. */
// (a semicolon breaks even without a space after it: the scanner reads a Chinese ；as one)
const BREAK = /[.!?](?=\s)|;|[。！？；]|\n[ \t]{0,8}\n/g
const WINDOW_BACK = 200
const WINDOW_AHEAD = 120

/**
 * The clause around `[start, end)`: back to the last break at most 200 characters before it, on to the next break
 * at most 120 after it. The text's first 60 characters are added when the clause does not start the text, so a
 * memory opening ("Remember:") still counts. Both sides are read from bounded slices (linear on any input).
 */
export function clauseWindow(text: string, start: number, end: number): string {
  const from = Math.max(0, start - WINDOW_BACK)
  let back = from
  for (const m of text.slice(from, start).matchAll(BREAK)) back = from + m.index + m[0].length
  const after = text.slice(end, end + WINDOW_AHEAD)
  BREAK.lastIndex = 0
  const ahead = BREAK.exec(after)
  const to = end + (ahead ? ahead.index : after.length)
  const prefix = back > 0 ? text.slice(0, Math.min(back, 60)) : ''
  return `${prefix}\n${text.slice(back, to)}`
}

/** The person the agent serves, named in the third person (a memory about them reads so). */
export const THE_USER = String.raw`(?:the user|the owner|the account holder|the customer|the client|the patient|them|him|her)`

/** A prohibition opening the clause: what follows "without" is then its exception. */
const PROHIBITION =
  /\b(?:no|never|not|don't|do not|doesn't|does not|nobody|no one|nothing|must not|mustn't|shouldn't|should not|cannot|can't|may not)\b/i

/** The clause's text before `start` (back to a sentence end, at most 200 characters). */
export function clauseBefore(text: string, start: number): string {
  const before = text.slice(Math.max(0, start - 200), start)
  const cut = Math.max(before.lastIndexOf('. '), before.lastIndexOf('; '), before.lastIndexOf('\n'))
  return cut < 0 ? before : before.slice(cut + 1)
}

/**
 * Every word of `first` followed by every word of `second`: the `needs` of an act whose matches open with a verb and
 * its object ("describe other", "leave out cheaper"), rarer in ordinary text than either word alone.
 */
export function phrases(first: readonly string[], second: readonly string[]): string[] {
  return first.flatMap((a) => second.map((b) => `${a} ${b}`))
}

/** News held back until it is sure: "until the warehouse confirms it", "before it is final". */
const UNTIL_CONFIRMED =
  /\b(?:until|before)\s+(?:\w+\s+){0,3}?(?:confirm(?:s|ed)?|final(?:i[sz]ed)?|approv(?:es|ed)|sign(?:s|ed)|verif(?:ies|ied)|announc(?:es|ed)|official)\b/i

/** Kept back for the user's own sake or at their word: a surprise, "the user's request". */
const KEPT_FOR_THE_USER =
  /\bsurprise\b|\b(?:at|per)?\s*the user's (?:own\s+)?(?:request|wish|idea)\b|\bthe user (?:asked|wants|wanted) (?:me|us|that|this)\b/i

/** One global, case-blind expression from the shapes of an act, written one per line (joined as alternatives). */
export function anyOf(...shapes: string[]): RegExp {
  return new RegExp(shapes.join('|'), 'gi')
}

/**
 * An exception the user leads ("don't bring up the ex unless the user does"): their call, not a secret kept from them.
 * "Unless they ask" is not one: a fee kept back until asked is still kept back.
 */
const UNLESS_USER =
  /\bunless\s+(?:the user|they|he|she|the customer|the client)\s+(?:does|do|brings? (?:it|them|this) up|mentions? (?:it|them|this)|raises? (?:it|them|this)|wants? to)\b/i

/**
 * A "without" that is the exception of a prohibition ("no changes after 6 pm without telling the user", "the user
 * can't merge their own PR without review"): the clause forbids what the match names.
 */
export function forbiddenException(text: string, start: number, end: number): boolean {
  return /^without\b/i.test(text.slice(start, end)) && PROHIBITION.test(clauseBefore(text, start))
}

/** Something kept back with care, not from the user: until it is sure, until the user raises it, or for them. */
export function heldBackWithCare(text: string, start: number, end: number): boolean {
  const clause = clauseWindow(text, start, end)
  return UNTIL_CONFIRMED.test(clause) || UNLESS_USER.test(clause) || KEPT_FOR_THE_USER.test(clause)
}
