/** Strings a careless server stores, echoes, logs or chokes on. */
export const hostileStrings: readonly string[] = [
  '',
  '   ',
  'x\u0000y',
  '\u0000',
  'lone \ud800 high surrogate',
  '\udfff',
  '\ud83d',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' or 1=1 --",
  '"; drop table events; --',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '${jndi:ldap://127.0.0.1/a}',
  '{{7*7}}',
  '\u202eevil\u202c',
  '🙂'.repeat(300),
  'a'.repeat(5_000),
  'b'.repeat(70_000),
  '\r\nX-Injected: 1',
  'NaN',
  '-1',
  '1e309',
  'null',
  'true',
]

/** Values of every JSON type, for fields whose schema asks for another. */
export const hostileValues: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0,
  1e308,
  -1e308,
  2 ** 53 + 2,
  [],
  [null],
  {},
  { $gt: '' },
  ['a', 'b'],
  { nested: { deeper: [1, { x: 'y' }] } },
  ...hostileStrings,
]

/** Raw JSON texts that no object schema accepts, or that stress the parser itself. */
export const hostileBodies: readonly string[] = [
  '',
  'null',
  '[]',
  '"text"',
  '12345',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":"\u0000"}',
  '{"a":"\\ud800"}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  `[${'1,'.repeat(100_000)}1]`,
  `{"a":"${'z'.repeat(1_500_000)}"}`,
]

/** Invalid UTF-8 inside a JSON string: a lone continuation byte and an encoded surrogate. */
export const invalidUtf8Bodies: readonly Uint8Array<ArrayBuffer>[] = [
  Uint8Array.from(Buffer.concat([Buffer.from('{"email":"'), Buffer.from([0x80, 0xff]), Buffer.from('"}')])),
  Uint8Array.from(Buffer.concat([Buffer.from('{"question":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')])),
]

export const hostileContentTypes: readonly (string | undefined)[] = [
  undefined,
  'text/plain',
  'application/jsonx',
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/xml',
  'application/json, text/plain',
]

/** Path and query values: traversal, encoded NUL, invalid percent-encodings and UTF-8. */
export const hostileUrlParts: readonly string[] = [
  '',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%ED%A0%80',
  '%FF',
  '%',
  '%E0%A4%A',
  encodeURIComponent('x\u0000'),
  'a'.repeat(3_000),
  '00000000-0000-0000-0000-000000000000',
  '-1',
  '1e400',
  encodeURIComponent("' or 1=1 --"),
  encodeURIComponent('<script>'),
]
