import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { checkedSerializerCompiler, plainSerializerCompiler } from './response-serializer.ts';

const ClientSchema = z.object({
  data: z.object({ id: z.number(), firstName: z.string(), note: z.string().nullable() }),
});
const route = { schema: ClientSchema, method: 'GET', url: '/api/stylist/clients/:clientId' };
const checked = checkedSerializerCompiler(route);
const plain = plainSerializerCompiler(route);

describe('answers as JSON, held to their contract in tests', () => {
  test('an answer the contract describes is sent as it is, keys in any order', () => {
    const answer = { data: { note: null, firstName: 'Ada', id: 1 } };
    expect(checked(answer)).toBe(JSON.stringify(answer));
    expect(plain(answer)).toBe(JSON.stringify(answer));
  });

  test('a key the contract does not name fails, saying where, instead of being sent', () => {
    const answer = { data: { id: 1, firstName: 'Ada', note: null, passwordHash: 'x' } };
    expect(() => checked(answer)).toThrow(/beyond its contract at \.data\.passwordHash/);
  });

  test('an answer the contract refuses fails', () => {
    expect(() => checked({ data: { id: '1', firstName: 'Ada', note: null } })).toThrow(
      /Response doesn't match the schema/,
    );
  });
});
