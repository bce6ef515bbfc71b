import { describe, expect, it } from 'vitest';
import { csvAmount, csvDateTime, guardFormula, toCsv } from './csv';

/** The staff CSV format (decision 034): BOM, ';', CRLF, comma decimals, formula guard. */
describe('staff CSV files', () => {
  it('turns every text a spreadsheet would run into plain text', () => {
    for (const evil of ['=1+1', '+58 414', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])
      expect(guardFormula(evil), JSON.stringify(evil)).toBe(`'${evil}`);
    for (const fine of ['Recarga Pago Móvil ref. 123', 'Ajuste: =no al inicio', '', "'ya"])
      expect(guardFormula(fine)).toBe(fine);
  });

  it('writes céntimos as bolívares with a comma decimal and no thousands mark', () => {
    expect(csvAmount(123_456)).toBe('1234,56');
    expect(csvAmount(-5)).toBe('-0,05');
    expect(csvAmount(0)).toBe('0,00');
    expect(csvAmount(100_000_000_000)).toBe('1000000000,00');
  });

  it('writes instants in Caracas time', () => {
    expect(csvDateTime(new Date('2026-11-25T03:59:59Z'))).toBe('24/11/2026 23:59:59');
    expect(csvDateTime(new Date('2026-11-25T04:00:00Z'))).toBe('25/11/2026 00:00:00');
  });

  it('starts with a BOM and keeps amounts as numbers while guarding text cells', () => {
    const out = toCsv(
      ['Descripción', 'Monto (Bs.)', 'N'],
      [
        ['=cmd|" /C calc"!A0', { cents: -150 }, { int: 3 }],
        ['Año; señal', { cents: 99 }, { int: 0 }],
      ],
    );
    expect([...out.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(out.toString('utf8')).toBe(
      '\uFEFFDescripción;Monto (Bs.);N\r\n' +
        '"\'=cmd|"" /C calc""!A0";-1,50;3\r\n' +
        '"Año; señal";0,99;0\r\n',
    );
  });
});
