import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ReconciliationMapping } from '@domino/contracts';
import { AppError } from '../../lib/errors';
import { referenceKey } from '../banking/references';
import { matchLines } from './match';
import { parseAmountCents, parseDay, parseStatement, statementKind } from './parse';

const csvMapping: ReconciliationMapping = {
  header_row: 1,
  date_column: 'Fecha',
  date_format: 'dd/mm/yyyy',
  reference_column: 'Referencia',
  amount_mode: 'signed',
  amount_column: 'Monto',
  credit_column: null,
  debit_column: null,
  amount_format: 've',
  description_column: 'Descripción',
};

describe('statement amounts', () => {
  it('reads Venezuelan amounts exactly in céntimos', () => {
    expect(parseAmountCents('1.234,56', 've')).toBe(123456);
    expect(parseAmountCents('1234,5', 've')).toBe(123450);
    expect(parseAmountCents('Bs. 12.345.678,90', 've')).toBe(1234567890);
    expect(parseAmountCents('-250,00', 've')).toBe(-25000);
    expect(parseAmountCents('250,00-', 've')).toBe(-25000);
    expect(parseAmountCents('(1.000,00)', 've')).toBe(-100000);
    expect(parseAmountCents('0,10', 've')).toBe(10);
    expect(parseAmountCents('', 've')).toBeUndefined();
    expect(parseAmountCents(null, 've')).toBeUndefined();
    // Refused: wrong grouping, three decimals, the other format's separators.
    expect(parseAmountCents('1.23,45', 've')).toBeNull();
    expect(parseAmountCents('1,234', 've')).toBeNull();
    expect(parseAmountCents('12,345', 've')).toBeNull();
    expect(parseAmountCents('1234.56', 've')).toBeNull();
    expect(parseAmountCents('abc', 've')).toBeNull();
  });

  it('reads plain amounts and XLSX numbers', () => {
    expect(parseAmountCents('1234.56', 'plain')).toBe(123456);
    expect(parseAmountCents('1,234.56', 'plain')).toBe(123456);
    expect(parseAmountCents('1.234,56', 'plain')).toBeNull();
    expect(parseAmountCents(1234.56, 'plain')).toBe(123456);
    expect(parseAmountCents(0.1 + 0.2, 've')).toBe(30);
    expect(parseAmountCents(12.345, 've')).toBeNull();
  });
});

describe('statement days', () => {
  it('reads each format and refuses impossible days', () => {
    expect(parseDay('15/11/2026', 'dd/mm/yyyy')).toBe('2026-11-15');
    expect(parseDay('15/11/2026 10:32', 'dd/mm/yyyy')).toBe('2026-11-15');
    expect(parseDay('15-11-2026', 'dd-mm-yyyy')).toBe('2026-11-15');
    expect(parseDay('15/11/26', 'dd/mm/yy')).toBe('2026-11-15');
    expect(parseDay('11/15/2026', 'mm/dd/yyyy')).toBe('2026-11-15');
    expect(parseDay('2026-11-15', 'yyyy-mm-dd')).toBe('2026-11-15');
    expect(parseDay('31/02/2026', 'dd/mm/yyyy')).toBeNull();
    expect(parseDay('11/15/2026', 'dd/mm/yyyy')).toBeNull();
    expect(parseDay('2026-11-15', 'dd/mm/yyyy')).toBeNull();
    expect(parseDay(new Date(Date.UTC(2026, 10, 15)), 'dd/mm/yyyy')).toBe('2026-11-15');
    // Excel serial day 46341 = 2026-11-15.
    expect(parseDay(46341, 'dd/mm/yyyy')).toBe('2026-11-15');
  });
});

describe('statement files', () => {
  it('tells CSV from XLSX by content and refuses other files in Spanish', async () => {
    expect(statementKind(Buffer.from('Fecha;Referencia;Monto\n'))).toBe('csv');
    expect(() => statementKind(Buffer.from('%PDF-1.4 ...'))).toThrow(AppError);
    expect(() => statementKind(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0]))).toThrowError(
      'El archivo debe ser un estado de cuenta en CSV o Excel (XLSX).',
    );
    // A ZIP that is not a workbook.
    await expect(
      parseStatement(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]), csvMapping),
    ).rejects.toThrowError('No pudimos leer el archivo');
  });

  it('reads a semicolon CSV in Windows-1252 with credits, debits and bad rows', async () => {
    const text =
      'Fecha;Referencia;Descripción;Monto\n' +
      '15/11/2026;00012345678;PAGO MÓVIL RECIBIDO;1.234,56\n' +
      '15/11/2026;99999999;COMISIÓN;-10,00\n' +
      '\n' +
      '32/11/2026;11111111;X;5,00\n' +
      '16/11/2026;;SIN REF;5,00\n' +
      '16/11/2026;22222222;MONTO MALO;5.0,0\n';
    const bytes = Buffer.from(text, 'latin1');
    const out = await parseStatement(bytes, csvMapping);
    expect(out.kind).toBe('csv');
    expect(out.lines).toEqual([
      {
        row: 2,
        postedOn: '2026-11-15',
        reference: '00012345678',
        amountCents: 123456,
        description: 'PAGO MÓVIL RECIBIDO',
      },
    ]);
    expect(out.ignored).toBe(1);
    expect(out.rejected).toEqual([
      { row: 5, message: 'Fecha no válida: «32/11/2026».' },
      { row: 6, message: 'La fila no tiene referencia.' },
      { row: 7, message: 'Monto no válido: «5.0,0».' },
    ]);
  });

  it('names a missing column and a missing header row', async () => {
    await expect(
      parseStatement(Buffer.from('Fecha,Ref,Monto\n15/11/2026,1,1\n'), csvMapping),
    ).rejects.toThrowError('La columna «Referencia» no aparece en la fila 1 de encabezados.');
    await expect(
      parseStatement(Buffer.from('Fecha,Referencia,Monto\n'), { ...csvMapping, header_row: 5 }),
    ).rejects.toThrowError('El archivo no tiene la fila 5 de encabezados.');
  });

  it('reads an XLSX with date cells, numbers, a title above the header and split columns', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Movimientos');
    ws.addRow(['Banco de Prueba']);
    ws.addRow([]);
    ws.addRow(['FECHA', 'Nro. Referencia', 'Concepto', 'Débito', 'Crédito']);
    ws.addRow([new Date(Date.UTC(2026, 10, 15)), 12345678901, 'PM', null, 1500.5]);
    ws.addRow([new Date(Date.UTC(2026, 10, 16)), '777', 'Cargo', 20, null]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const out = await parseStatement(bytes, {
      ...csvMapping,
      header_row: 3,
      date_column: 'fecha',
      reference_column: 'nro. referencia',
      amount_mode: 'split',
      amount_column: null,
      credit_column: 'Credito',
      debit_column: 'Debito',
      amount_format: 'plain',
      description_column: 'Concepto',
    });
    expect(out.kind).toBe('xlsx');
    expect(out.lines).toEqual([
      {
        row: 4,
        postedOn: '2026-11-15',
        reference: '12345678901',
        amountCents: 150050,
        description: 'PM',
      },
    ]);
    expect(out.ignored).toBe(1);
    expect(out.rejected).toEqual([]);
  });
});

describe('matching rules', () => {
  const r = (id: number, reference: string, amountCents: number, requestedOn = '2026-11-15') => ({
    id,
    reference,
    amountCents,
    requestedOn,
  });
  const l = (id: number, reference: string, amountCents: number, postedOn = '2026-11-15') => ({
    id,
    reference,
    amountCents,
    postedOn,
  });

  it('compares the last six digits of the references', () => {
    expect(referenceKey('0102-000123456789')).toBe('456789');
    expect(referenceKey('12345')).toBeNull();
    const out = matchLines([l(1, '000000123456789', 5000)], [r(10, '456789', 5000)]);
    expect(out.matched).toEqual([{ lineId: 1, rechargeId: 10 }]);
    // Five digits are not enough, and the sixth from the end must agree.
    expect(matchLines([l(1, '12345', 5000)], [r(10, '12345', 5000)]).matched).toEqual([]);
    expect(matchLines([l(1, '1456789', 5000)], [r(10, '2456789', 5000)]).matched).toHaveLength(1);
    expect(matchLines([l(1, '1456789', 5000)], [r(10, '1556789', 5000)]).matched).toEqual([]);
  });

  it('needs the exact amount and a day within one', () => {
    expect(matchLines([l(1, '123456', 5001)], [r(10, '123456', 5000)])).toEqual({
      matched: [],
      ambiguous: [],
      unmatchedLines: [1],
      unmatchedRecharges: [10],
    });
    expect(
      matchLines([l(1, '123456', 5000, '2026-11-14')], [r(10, '123456', 5000)]).matched,
    ).toHaveLength(1);
    expect(
      matchLines([l(1, '123456', 5000, '2026-11-16')], [r(10, '123456', 5000)]).matched,
    ).toHaveLength(1);
    expect(
      matchLines([l(1, '123456', 5000, '2026-11-17')], [r(10, '123456', 5000)]).matched,
    ).toEqual([]);
    expect(
      matchLines([l(1, '123456', 5000, '2026-11-13')], [r(10, '123456', 5000)]).matched,
    ).toEqual([]);
  });

  it('never pairs a line that fits two recharges (or a recharge two lines)', () => {
    const out = matchLines(
      [l(1, '123456', 5000), l(2, '654321', 700)],
      [r(10, '11123456', 5000), r(11, '22123456', 5000), r(12, '654321', 700)],
    );
    expect(out.matched).toEqual([{ lineId: 2, rechargeId: 12 }]);
    expect(out.ambiguous).toEqual([{ lineIds: [1], rechargeIds: [10, 11] }]);
    const twoLines = matchLines(
      [l(1, '123456', 5000), l(2, '9123456', 5000, '2026-11-16')],
      [r(10, '123456', 5000)],
    );
    expect(twoLines.matched).toEqual([]);
    expect(twoLines.ambiguous).toEqual([{ lineIds: [1, 2], rechargeIds: [10] }]);
  });
});
