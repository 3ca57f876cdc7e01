import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { emailMatches } from '../../src/scan/rules/pii/contact'
import { piiRules } from '../../src/scan/rules/pii/index'
import { runRules, strongest } from './secrets-helpers'

const scan = (text: string, offset = 0) => runRules(piiRules, text, offset)
const spansOf = (text: string, rule: string) =>
  scan(text)
    .filter((h) => h.rule === rule)
    .map((h) => text.slice(h.start, h.end))

describe('pii/email', () => {
  it('finds addresses (incl. IDN punycode) at low with a redacted hint', () => {
    const text = 'Write to jane.doe+memo@mail.example.co.uk or a@xn--d1acufc.xn--p1ai.'
    const hits = scan(text).filter((h) => h.rule === 'pii/email')
    expect(hits.map((h) => text.slice(h.start, h.end))).toEqual(['jane.doe+memo@mail.example.co.uk', 'a@xn--d1acufc.xn--p1ai'])
    expect(hits.every((h) => h.severity === 'low')).toBe(true)
    expect(hits[0].evidence).toContain('j***@mail.example.co.uk')
    expect(hits[0].evidence).not.toContain('jane.doe')
  })

  it("finds what the expression's exec loop finds, trying only where the run before an @ starts", () => {
    const EMAIL =
      /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}(?:[A-Za-z]{2,24}|xn--[A-Za-z0-9-]{2,59})(?![A-Za-z0-9-])/g
    const execLoop = (text: string) => [...text.matchAll(EMAIL)].map((m) => [m.index, m[0]])
    const pieces = [
      'a',
      'Bob',
      '.',
      '-',
      '_',
      '+',
      '%',
      '@',
      'x.com',
      'mail.example.org',
      ' ',
      ':',
      '<',
      '>',
      'é',
      'xn--d1acufc.xn--p1ai',
      '9',
      'a'.repeat(60),
    ]
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 16 }), (parts) => {
        const text = parts.join('')
        expect(emailMatches(text).map((m) => [m.index, m[0]])).toEqual(execLoop(text))
      }),
      { numRuns: 3000 },
    )
    // a local part of 64 characters is read, one of 65 is not; an address right after another's domain is not one
    for (const text of [`${'a'.repeat(64)}@x.com`, `${'a'.repeat(65)}@x.com`, 'a@b.cc.d@e.com', 'a@b.com b@c.org'])
      expect(
        emailMatches(text).map((m) => [m.index, m[0]]),
        text,
      ).toEqual(execLoop(text))
    expect(emailMatches(`${'a'.repeat(64)}@x.com`)).toHaveLength(1)
    expect(emailMatches(`${'a'.repeat(65)}@x.com`)).toHaveLength(0)
  })

  it('leaves out non-addresses and URL credentials', () => {
    expect(spansOf('hello-world here, user@localhost, @mention', 'pii/email')).toEqual([])
    expect(spansOf('https://user:secret@host.example.com/x', 'pii/email')).toEqual([])
  })

  it('finds an address written with [at] and [dot], not the words at and dot in brackets elsewhere', () => {
    expect(spansOf('Write to john.doe[AT]example[DOT]com or jane (at) example (dot) org, or ops@example[dot]com.', 'pii/email')).toEqual([
      'john.doe[AT]example[DOT]com',
      'jane (at) example (dot) org',
      'ops@example[dot]com',
    ])
    expect(scan('john.doe[AT]example[DOT]com')[0]!.evidence).toContain('j***@example.com')
    expect(spansOf('We met at the office (at) noon; array[at] index; see docs[dot]python; a [at] b', 'pii/email')).toEqual([])
    // a plain address is found once, not again as a written-out one
    expect(spansOf('mail ops@example.com [dot] now', 'pii/email')).toEqual(['ops@example.com'])
    // a URL's credentials stay the secret family's, with a bracketed [at] elsewhere in the text
    expect(spansOf('https://user:secret@host.example.com/x (at) noon', 'pii/email')).toEqual([])
  })
})

describe('pii/phone', () => {
  it.each([
    '+1 415 555 0132',
    '(415) 555-0132',
    '415-555-0132',
    '555.012.3456',
    '1-800-555-0199',
    '+1-202-555-0143',
    '001-541-754-3010',
    '+44 20 7946 0958',
    '020 7946 0958',
    '+49 30 1234567',
    '030 1234567',
    '+33 1 42 68 53 00',
    '01 42 68 53 00',
    '+91 98765 43210',
    '98765 43210',
    '090-1234-5678',
    '+90 (532) 123 45 67',
    '0532 123 45 67',
    '+639171234567',
    '09171234567',
  ])('finds %s', (phone) => {
    const text = `Call me on ${phone}, thanks.`
    expect(spansOf(text, 'pii/phone')).toEqual([phone])
  })

  it('stops before an extension', () => {
    expect(spansOf('desk 555-555-5555 x123', 'pii/phone')).toEqual(['555-555-5555'])
  })

  it.each([
    'Released on 2024-01-15 at 10:30:00.',
    'mixed separators 555-012.3456',
    'Version 1.2.3.4567 fixes it.',
    'Total: 1,234,567.89 EUR, or 1.234.567,89',
    'timestamp 1700000000123 and 1700000000',
    'Order #20240115123456 shipped.',
    'ISBN 978-3-16-148410-0',
    'port 8080, pid 12345, build 20240115',
    'coordinates 48.8584, 2.2945',
  ])('leaves %s alone', (text) => {
    expect(spansOf(text, 'pii/phone')).toEqual([])
  })
})

describe('pii/phone: a number its context names a phone number', () => {
  it.each([
    ['My phone number is 622 15 31 23.', '622 15 31 23'],
    ['Tel: 0176/12345678', '0176/12345678'],
    ['Phone: 223-4567', '223-4567'],
    ['My phone number is 12-34-56-78.', '12-34-56-78'],
    ['mobile 004407624938475', '004407624938475'],
    ['服务电话：7629236', '7629236'],
    ['如需修改请致电 0571-8797 1234。', '0571-8797 1234'],
    // the shape still wins over the length: the note after it is not part of the number
    ['Questions? Call 1-800-555-0110 (24/7).', '1-800-555-0110'],
  ])('%s', (text, phone) => {
    expect(spansOf(text, 'pii/phone')).toEqual([phone])
  })

  it.each([
    'Sent: 01/06/2025 11:02:10 AM (UTC-08:00)',
    'Tel. appointment on 05/15/2024 7:42 PM',
    'Join Zoom: https://zoom.us/j/8841129034',
    'ACH 121000358 / 4490021877',
    'Wi-Fi, not mobile data. Try 192.168.0.1 directly',
    '(customer approved by phone)  24.95     10.00     34.95',
    'Need help? Call ext. 4400 (24/7).',
    'card number 12345678',
  ])('leaves %s alone', (text) => {
    expect(spansOf(text, 'pii/phone')).toEqual([])
  })
})

describe('pii/cn-mobile', () => {
  it.each(['13812345678', '138 1234 5678', '138-1234-5678', '+86 13812345678', '+86-138-1234-5678', '0086 19912345678'])(
    'finds %s',
    (mobile) => {
      expect(spansOf(`手机：${mobile}。`, 'pii/cn-mobile')).toEqual([mobile])
      expect(spansOf(`手机：${mobile}。`, 'pii/phone')).toEqual([])
    },
  )

  it.each(['10086', '12306', '12345678901', '10012345678', '138123456789', '13800.00 元'])('leaves %s alone', (text) => {
    expect(spansOf(text, 'pii/cn-mobile')).toEqual([])
  })
})

describe('pii/payment-card', () => {
  // Published test numbers of the card networks (Luhn-valid, no account behind them).
  it.each([
    ['Visa', '4111 1111 1111 1111'],
    ['Mastercard', '5555-5555-5555-4444'],
    ['American Express', '378282246310005'],
    ['Discover', '6011111111111117'],
    ['JCB', '3530111333300000'],
  ])('%s %s is medium and sensitive, last four kept', (brand, card) => {
    const [hit] = scan(`card: ${card}`).filter((h) => h.rule === 'pii/payment-card')
    expect(hit.severity).toBe('medium')
    expect(hit.sensitive).toBe(true)
    expect(hit.evidence).toContain(brand)
    expect(hit.evidence).toContain(card.slice(-4))
    expect(hit.evidence).not.toContain(card.slice(0, 8))
  })

  it('needs Luhn, a known IIN and consistent grouping', () => {
    expect(spansOf('4111 1111 1111 1112', 'pii/payment-card')).toEqual([])
    expect(spansOf('9111111111111111', 'pii/payment-card')).toEqual([])
    expect(spansOf('4111-1111 1111-1111', 'pii/payment-card')).toEqual([])
  })
})

describe('pii/iban', () => {
  it.each(['DE82370400440532013999', 'GB36 NWBK 6016 1331 9200 00', 'FR14 2004 1010 0505 0001 3M02 606', 'NL91-ABNA-0417-1643-00'])(
    '%s is medium and sensitive',
    (iban) => {
      const text = `Please pay to ${iban} by Friday.`
      const hits = scan(text).filter((h) => h.rule === 'pii/iban')
      expect(hits.map((h) => text.slice(h.start, h.end))).toEqual([iban])
      expect(hits[0].severity).toBe('medium')
      expect(hits[0].sensitive).toBe(true)
    },
  )

  it('needs mod-97, the country length and upper case', () => {
    expect(spansOf('DE82370400440532013998', 'pii/iban')).toEqual([])
    expect(spansOf('DE8237040044053201399', 'pii/iban')).toEqual([])
    expect(spansOf('de82370400440532013999', 'pii/iban')).toEqual([])
    expect(spansOf('ZZ82370400440532013999', 'pii/iban')).toEqual([])
  })

  it('stops at the registered length before a following word', () => {
    expect(spansOf('IBAN GB36 NWBK 6016 1331 9200 00 X in a sentence', 'pii/iban')).toEqual(['GB36 NWBK 6016 1331 9200 00'])
  })
})

describe('pii/us-ssn', () => {
  it('a formatted valid SSN is medium and sensitive; a bare one low', () => {
    const [formatted] = scan('SSN 123-45-6789').filter((h) => h.rule === 'pii/us-ssn')
    expect([formatted.severity, formatted.sensitive]).toEqual(['medium', true])
    expect(formatted.evidence).not.toContain('6789')
    const [bare] = scan('ref 123456789').filter((h) => h.rule === 'pii/us-ssn')
    expect([bare.severity, bare.sensitive ?? false]).toEqual(['low', false])
  })

  it.each(['000-12-3456', '666-12-3456', '912-34-5678', '123-00-4567', '123-45-0000', '078-05-1120', '123-45-67890'])(
    '%s is not an SSN',
    (text) => {
      expect(spansOf(text, 'pii/us-ssn')).toEqual([])
    },
  )
})

describe('pii/ip-public and pii/ip-private', () => {
  it.each([
    ['8.8.8.8', 'pii/ip-public'],
    ['133.133.133.133:8080', 'pii/ip-public'],
    ['2001:4860:4860::8888', 'pii/ip-public'],
    ['::ffff:8.8.4.4', 'pii/ip-public'],
    ['10.0.0.1', 'pii/ip-private'],
    ['172.16.5.4', 'pii/ip-private'],
    ['192.168.1.1', 'pii/ip-private'],
    ['127.0.0.1', 'pii/ip-private'],
    ['169.254.169.254', 'pii/ip-private'],
    ['::1', 'pii/ip-private'],
    ['fe80::1%eth0', 'pii/ip-private'],
    ['fd12:3456:789a::1', 'pii/ip-private'],
    ['2001:db8::1', 'pii/ip-private'],
    ['::ffff:192.168.1.1', 'pii/ip-private'],
  ])('%s -> %s', (address, rule) => {
    const hits = scan(`host ${address} responded`)
    expect(hits).toHaveLength(1)
    expect(hits[0].rule).toBe(rule)
    expect(hits[0].severity).toBe('low')
  })

  it.each([
    '256.1.1.1',
    '1.2.3.04',
    '1.2.3',
    '1.2.3.4.5.6',
    'Time 12:34:56',
    'std::vector',
    'a[1::2]',
    '00:1A:2B:3C:4D:5E',
    '2001::25de::cade',
    'text192.168.1.1',
  ])('%s is no address', (text) => {
    expect(scan(text).filter((h) => h.rule.startsWith('pii/ip'))).toEqual([])
  })

  it('keeps an address with a CIDR suffix and an embedded v4 once', () => {
    expect(spansOf('route 10.0.0.0/8 via gw', 'pii/ip-private')).toEqual(['10.0.0.0/8'])
    expect(scan('tunnel 2001:db8::10.0.0.1 up').filter((h) => h.rule.startsWith('pii/ip'))).toHaveLength(1)
  })
})

describe('pii/cn-resident-id', () => {
  // Made up for these tests: valid regions and dates, check characters computed by GB 11643-1999.
  it.each(['110105194910011237', '440306200002294560', '33010619850715118X', '33010619850715118x'])(
    '%s (checksum-valid) is medium and sensitive',
    (id) => {
      const [hit] = scan(`身份证号：${id}，已核验。`).filter((h) => h.rule === 'pii/cn-resident-id')
      expect([hit.severity, hit.sensitive]).toEqual(['medium', true])
      expect(hit.evidence).not.toContain(id.slice(2, 14))
    },
  )

  it('a wrong check character is medium but not sensitive', () => {
    const [hit] = scan('ID 110105194910011238').filter((h) => h.rule === 'pii/cn-resident-id')
    expect([hit.severity, hit.sensitive ?? false]).toEqual(['medium', false])
  })

  it.each([
    ['unknown province', '990105194910011237'],
    ['month 13', '110105194913011237'],
    ['29 February of a common year', '110105190002291237'],
    ['year before 1900', '110105185001011237'],
    ['year after 2029', '110105215001011237'],
    ['19 digits', '1101051949100112371'],
  ])('%s: no finding', (_why, id) => {
    expect(spansOf(`ID ${id}`, 'pii/cn-resident-id')).toEqual([])
  })
})

describe('pii family, whole', () => {
  it('never goes above medium and never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: fc.constantFrom(...'0123456789 -+.()@:abcXDE') }), (text) => {
        const severity = strongest(scan(text))
        expect(['none', 'low', 'medium']).toContain(severity)
      }),
      { numRuns: 500 },
    )
  })

  it('a tool output with records holds e-mails and IBANs for review, without a reject-level finding', () => {
    const record = 'From: ana@example.org\nTo: billing@example.com\nIBAN: DE82370400440532013999\nAmount: 1,250.00 EUR\n'
    const hits = scan(record)
    expect(strongest(hits)).toBe('medium')
    expect(hits.filter((h) => h.rule === 'pii/email')).toHaveLength(2)
  })

  it('finds every planted ID in a 1 MB input of digits and separators', () => {
    const filler = '1234567890 12:34 1.2.3 +1 (55) '
    const text = `${filler.repeat(15_000)} 110105194910011237 ${filler.repeat(15_000)}`
    expect(spansOf(text, 'pii/cn-resident-id')).toEqual(['110105194910011237'])
  })
})
