import { describe, expect, it } from 'vitest';
import * as contracts from '@domino/contracts';
import { notSpanishReason } from './spanish';

/** Every string value of every MSG / MSG_* / MSG_*_* catalogue in packages/contracts (functions called). */
function catalogueMessages(): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(contracts)) {
    if (!/^MSG(_[A-Z]+)*$/.test(name) || !value || typeof value !== 'object') continue;
    for (const v of Object.values(value as Record<string, unknown>)) {
      if (typeof v === 'string') out.push(v);
      else if (typeof v === 'function')
        out.push(String((v as (...a: unknown[]) => unknown)(500, 'texto')));
    }
  }
  return out;
}

describe('the Spanish check of the route walker', () => {
  it('flags the English defaults of zod, Fastify, @fastify/multipart, busboy and Node', () => {
    const english = [
      'Invalid input: expected object, received array',
      'Invalid input: expected number, received NaN',
      'Too small: expected string to have >=1 characters',
      'Too big: expected number to be <=100000',
      'Invalid option: expected one of "a"|"b"',
      'Unrecognized key: "x"',
      "Body cannot be empty when content-type is set to 'application/json'",
      "Body is not valid JSON but content-type is set to 'application/json'",
      'Unsupported Media Type: application/xml',
      'Request body is too large',
      "'/api/games/%E0%A4%A/fairness' is not a valid url component",
      'Route GET:/api/nope not found',
      'reach files limit',
      'request file too large',
      'Multipart: Boundary not found',
      'Unexpected end of form',
      'Client Error',
      'Service Unavailable',
      'Internal Server Error',
      'Not Found',
      'Bad Request',
      'Unauthorized',
      'Input image exceeds pixel limit',
    ];
    for (const m of english) expect(notSpanishReason(m), m).not.toBeNull();
  });

  it('flags empty, non-Latin and non-string messages', () => {
    expect(notSpanishReason('')).toBe('empty');
    expect(notSpanishReason('  ...  ')).toBe('empty');
    expect(notSpanishReason(undefined)).toBe('not a string');
    expect(notSpanishReason('无效输入')).toBe('non-Latin characters');
    expect(notSpanishReason('Ok')).toBe('no Spanish word');
  });

  it('accepts every message of the contracts catalogues, and client data quoted «like this»', () => {
    const all = catalogueMessages();
    expect(all.length).toBeGreaterThan(150);
    for (const m of all) expect(notSpanishReason(m), m).toBeNull();
    expect(notSpanishReason('Campo no permitido: «the invalid field»')).toBeNull();
  });
});
