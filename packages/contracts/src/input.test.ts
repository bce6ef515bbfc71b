import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG } from './messages';
import {
  MSG_INPUT,
  hasForbiddenCharacters,
  idParam,
  pageQuery,
  spanishErrorMap,
  uuidParam,
} from './input';
import { rechargeAccountInputSchema } from './admin';
import { loginRequestSchema } from './auth';
import { MSG_PAYMENTS, rechargeFieldsSchema, withdrawRequestSchema } from './payments';

const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('zod speaks Spanish once contracts are loaded', () => {
  it('answers the defaults that used to reach clients in English with Spanish', () => {
    expect(messages(z.object({ a: z.string() }), [])).toEqual([MSG_INPUT.expectedObject]);
    expect(messages(z.object({ a: z.string() }), {})).toEqual([MSG_INPUT.required]);
    expect(messages(z.coerce.number(), 'abc')).toEqual([MSG_INPUT.expectedNumber]);
    expect(messages(z.string().min(1), '')).toEqual([MSG_INPUT.required]);
    expect(messages(z.string().min(3), 'ab')).toEqual(['Debe tener al menos 3 caracteres']);
    expect(messages(z.string().max(100_000), 'a'.repeat(100_001))).toEqual([
      'Debe tener como máximo 100.000 caracteres',
    ]);
    expect(messages(z.number().max(5), 6)).toEqual(['Debe ser como máximo 5']);
    expect(messages(z.enum(['facil', 'medio']), 'x')).toEqual([
      'Debe ser uno de estos valores: «facil», «medio»',
    ]);
    expect(messages(z.string().regex(/^\d+$/), 'x')).toEqual([MSG_INPUT.invalidFormat]);
    expect(messages(z.email(), 'x')).toEqual([MSG.emailInvalid]);
    expect(messages(z.strictObject({}), { hola: 1 })).toEqual(['Campo no permitido: «hola»']);
    expect(messages(z.array(z.number()), 'x')).toEqual([MSG_INPUT.expectedList]);
    expect(messages(z.boolean(), 'x')).toEqual([MSG_INPUT.expectedBoolean]);
    expect(messages(z.union([z.enum(['a']), z.literal('')]), 'x')).toEqual(['Debe ser «a»']);
  });

  it('keeps the messages schemas word themselves (docs/product.md §5)', () => {
    expect(messages(loginRequestSchema, {})).toEqual(
      expect.arrayContaining([MSG.emailRequired, MSG.passwordRequired]),
    );
    expect(messages(withdrawRequestSchema, { amount: 10, bank_account: 'x' })).toEqual([
      MSG.withdrawMinAmount,
      MSG.bankRequired,
    ]);
  });

  it('never words a message with type jargon or a regular expression', () => {
    const samples = [
      spanishErrorMap({
        code: 'invalid_type',
        expected: 'number',
        input: Number.NaN,
        path: [],
      } as never),
      spanishErrorMap({
        code: 'invalid_format',
        format: 'regex',
        pattern: '/^\\d{20}$/',
        input: 'x',
        path: [],
      } as never),
    ];
    for (const m of samples) expect(String(m)).not.toMatch(/NaN|\\d|\^|instanceof|received/);
  });
});

describe('canonical ids and pages', () => {
  it('reads only canonical decimal ids', () => {
    expect(idParam.parse('1')).toBe(1);
    expect(idParam.parse('9007199254740991')).toBe(9007199254740991);
    for (const bad of ['0x10', ' 1', '1 ', '1e3', '01', '-1', '+1', '1.5', '0', '', '１', 'NaN'])
      expect(idParam.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(idParam.safeParse('9007199254740993').success).toBe(false);
    expect(idParam.safeParse('123456789012345678901234567890').success).toBe(false);
  });

  it('reads only canonical lower-case UUIDs as game ids', () => {
    expect(uuidParam.safeParse('3f0e8c1a-7b2d-4c5e-9f10-a1b2c3d4e5f6').success).toBe(true);
    for (const bad of [
      '3F0E8C1A-7B2D-4C5E-9F10-A1B2C3D4E5F6',
      '1',
      '%00',
      ' 3f0e8c1a-7b2d-4c5e-9f10-a1b2c3d4e5f6',
    ])
      expect(uuidParam.safeParse(bad).success, bad).toBe(false);
  });

  it('reads a page strictly, 1 when absent', () => {
    const page = z.object({ page: pageQuery(100) });
    expect(page.parse({})).toEqual({ page: 1 });
    expect(page.parse({ page: '7' })).toEqual({ page: 7 });
    for (const bad of ['0x10', ' 2', '1e3', '02', '0', '-1', '1.5', 'abc', '', '101'])
      expect(page.safeParse({ page: bad }).success, bad).toBe(false);
  });

  it('reads the bank id of a recharge account from a number or its canonical decimal spelling only', () => {
    const bankId = rechargeAccountInputSchema.shape.bank_id;
    expect(bankId.parse(16)).toBe(16);
    expect(bankId.parse('16')).toBe(16);
    for (const bad of ['0x10', ' 16', '1.6e1', '016', '-16', 0, 1.5, null, ''])
      expect(messages(bankId, bad), JSON.stringify(bad)).toEqual([MSG.bankRequired]);
  });

  it('reads the bank account of a withdrawal and the account of a recharge the same way', () => {
    const bank = withdrawRequestSchema.shape.bank_account;
    const account = rechargeFieldsSchema.shape.account_id;
    expect(bank.parse('7')).toBe(7);
    expect(account.parse(7)).toBe(7);
    for (const bad of ['01', '0x1', ' 1', '1e0', '1.0', '+1', '-1', 0, 1.5, null, '']) {
      expect(messages(bank, bad), JSON.stringify(bad)).toEqual([MSG.bankRequired]);
      expect(messages(account, bad), JSON.stringify(bad)).toEqual([MSG_PAYMENTS.accountRequired]);
    }
  });
});

describe('forbidden characters', () => {
  it('finds NUL and lone surrogates, and accepts well-formed text of any script', () => {
    expect(hasForbiddenCharacters('a\u0000b')).toBe(true);
    expect(hasForbiddenCharacters('\ud800')).toBe(true);
    expect(hasForbiddenCharacters('x\udc00')).toBe(true);
    expect(hasForbiddenCharacters('\udc00\ud800')).toBe(true);
    expect(hasForbiddenCharacters('Dominó 🂡 ñandú — 漢字\n\t')).toBe(false);
  });
});
