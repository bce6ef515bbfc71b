import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, MSG_UPLOADS } from '@domino/contracts';
import { auditTargetLink, auditTargetText } from '../../../lib/staff/audit';
import {
  EMPTY_MAPPING_FORM,
  countLabel,
  formToMapping,
  formatDay,
  mappingToForm,
  statementFileProblem,
} from './reconciliation';

describe('statement file before sending', () => {
  it('refuses an empty or oversized statement in a statement’s words, never an image’s', () => {
    expect(statementFileProblem({ size: 0 })).toBe(MSG_UPLOADS.statementEmpty);
    expect(statementFileProblem({ size: 5_242_881 })).toBe(MSG_UPLOADS.statementTooLarge);
    expect(statementFileProblem({ size: 5_242_880 })).toBeNull();
    expect(statementFileProblem({ size: 427 })).toBeNull();
  });
});

describe('reconciliation form rules', () => {
  it('sends only the columns of the chosen amount mode, blanks as null', () => {
    expect(
      formToMapping({ ...EMPTY_MAPPING_FORM, credit_column: 'Crédito', description_column: ' ' }),
    ).toMatchObject({ amount_column: 'Monto', credit_column: null, description_column: null });
    expect(
      formToMapping({
        ...EMPTY_MAPPING_FORM,
        amount_mode: 'split',
        header_row: '3',
        credit_column: ' Crédito ',
        debit_column: '',
      }),
    ).toMatchObject({
      header_row: 3,
      amount_column: null,
      credit_column: 'Crédito',
      debit_column: null,
    });
  });

  it('round-trips a stored mapping and defaults a missing one', () => {
    expect(mappingToForm(null)).toEqual(EMPTY_MAPPING_FORM);
    const stored = {
      header_row: 2,
      date_column: 'Fecha',
      date_format: 'dd/mm/yyyy' as const,
      reference_column: 'Referencia',
      amount_mode: 'split' as const,
      amount_column: null,
      credit_column: 'Crédito',
      debit_column: 'Débito',
      amount_format: 've' as const,
      description_column: null,
    };
    expect(formToMapping(mappingToForm(stored))).toEqual(stored);
  });

  it('formats days and counts in Spanish', () => {
    expect(formatDay('2026-11-05')).toBe('05/11/2026');
    expect(countLabel(1, 'recarga', 'recargas')).toBe('1 recarga');
    expect(countLabel(1000, 'recarga', 'recargas')).toBe('1.000 recargas');
  });
});

describe('reconciliation in the audit log', () => {
  it('names its actions and targets in Spanish and links to the page', () => {
    expect(AUDIT_ACTION_LABELS['reconciliation.upload']).toBe(
      'Conciliación: estado de cuenta subido',
    );
    expect(AUDIT_ACTION_LABELS['reconciliation.mapping']).toMatch(/^Conciliación/);
    expect(auditTargetText('bank_statement', '4')).toBe('Estado de cuenta #4');
    expect(auditTargetLink('bank_statement', '4')).toBe('/admin/conciliacion');
  });
});
