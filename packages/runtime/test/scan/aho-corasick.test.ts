// The scanner's Aho-Corasick automaton (aho-corasick.ts): every occurrence of every word, overlapping ones included,
// checked against indexOf on small vectors and on a word list long enough for the 32-bit table.
import { describe, expect, it } from 'vitest'
import { seeded } from '../support/seeded'
import { buildAutomaton } from '../../src/scan/aho-corasick.js'

/** Every (word, start) an automaton reports, sorted. */
function found(words: string[], text: string): string[] {
  const out: string[] = []
  buildAutomaton(words).scan(text, (word, start) => out.push(`${words[word]}@${start}`))
  return out.sort()
}

/** The same by indexOf, word by word. */
function expected(words: string[], text: string): string[] {
  const out: string[] = []
  for (const word of words) for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) out.push(`${word}@${at}`)
  return out.sort()
}

describe('buildAutomaton', () => {
  it('reports every occurrence, words inside words and overlaps included', () => {
    const words = ['he', 'she', 'his', 'hers', 'ignore', 'ign', 'gno']
    const text = 'ushers ignore his shell; she ignored hers'
    expect(found(words, text)).toEqual(expected(words, text))
    expect(found(words, text)).toContain('she@1')
    expect(found(words, text)).toContain('hers@2')
  })

  it('reads words and texts outside ASCII, and ASCII words in Chinese text', () => {
    const words = ['药师', '忽略', 'ai', '验证码']
    const text = '请忽略AI助手的话：验证码不要告诉药师，ai也不行'
    expect(found(words, text)).toEqual(expected(words, text))
    expect(found(['ab', 'cd'], '中文ab中cd文')).toEqual(['ab@2', 'cd@5'])
  })

  it('agrees with indexOf on random words and texts, with a table too large for 16 bits', () => {
    const next = seeded(5)
    const word = () => Array.from({ length: 2 + next(6) }, () => 'abcé'[next(4)]).join('')
    const small = Array.from({ length: 40 }, word)
    // 70,000 characters of words: node numbers past 16 bits
    const large = [...small, ...Array.from({ length: 9000 }, (_, i) => `w${i.toString(36)}x${'yz'.repeat(2)}`)]
    for (let round = 0; round < 50; round++) {
      const text = Array.from({ length: 200 }, () => 'abcé w1x9yz'[next(11)]).join('')
      expect(found(small, text)).toEqual(expected(small, text))
      expect(found(large, text)).toEqual(expected(large, text))
    }
  })
})
