import { describe, expect, it } from 'vitest';
import { PAGO_MOVIL_BANKS } from '@domino/contracts';
import { bankOptions } from './withdraw-form';

/** Decision 016: /withdraw offered four small banks, unsorted. */
describe('the withdrawal bank select', () => {
  const catalogue = PAGO_MOVIL_BANKS.map((b, i) => ({ id: i + 1, ...b, status: 'activo' }));

  it('offers every available bank, name first with its code, in Spanish alphabetical order', () => {
    const shuffled = [...catalogue].reverse();
    const options = bankOptions([
      ...shuffled,
      { id: 99, code: '0001', name: 'Viejo', status: 'inactivo' },
    ]);
    expect(options).toHaveLength(26);
    expect(options.slice(0, 4).map((o) => o.label)).toEqual([
      '100% Banco (0156)',
      'Bancamiga (0172)',
      'Bancaribe (0114)',
      'Banco Activo (0171)',
    ]);
    const labels = options.map((o) => o.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        'Banesco (0134)',
        'Mercantil (0105)',
        'BBVA Provincial (0108)',
        'BNC Banco Nacional de Crédito (0191)',
      ]),
    );
    expect(labels.at(-1)).toBe('Venezolano de Crédito (0104)');
    const banesco = options.find((o) => o.label === 'Banesco (0134)');
    expect(banesco?.value).toBe(String(catalogue.find((b) => b.code === '0134')?.id));
  });
});
