import { describe, expect, it } from 'vitest';
import { MSG_RISK, type RiskItem } from '@domino/contracts';
import {
  accountActions,
  accountStake,
  evidenceLines,
  formatPValue,
  formatStakes,
  kindLabel,
  reasonError,
  stakeLine,
} from './risk';

const base = {
  id: 7,
  status: 'open' as const,
  score: 12,
  stake: 640,
  note: null,
  decided_by: null,
  decided_at: null,
  first_seen_at: '2026-11-26T01:00:00.000Z',
  last_seen_at: '2026-11-26T02:00:00.000Z',
  accounts: [
    {
      id: 3,
      name: 'Ana',
      email: 'ana@example.com',
      status: 'activo',
      flagged: false,
      withdrawals_held: false,
    },
    {
      id: 4,
      name: 'Beto',
      email: 'beto@example.com',
      status: 'activo',
      flagged: true,
      withdrawals_held: true,
    },
  ],
};

describe('risk evidence formatting', () => {
  it('writes p-values in Spanish decimals or powers of ten', () => {
    expect(formatPValue(0.04)).toBe('p = 0,040');
    expect(formatPValue(0.001)).toBe('p = 0,001');
    expect(formatPValue(3.2e-8)).toBe('p ≈ 3,2·10⁻⁸');
    expect(formatPValue(9.96e-5)).toBe('p ≈ 1,0·10⁻⁴');
    expect(formatPValue(1.5e-15)).toBe('p ≈ 1,5·10⁻¹⁵');
    expect(formatPValue(0)).toBe('p < 10⁻³⁰⁰');
  });

  it('lists stakes in bolívares', () => {
    expect(formatStakes([10])).toBe('Bs. 10,00');
    expect(formatStakes([5, 10, 50])).toBe('Bs. 5,00, Bs. 10,00 y Bs. 50,00');
    expect(formatStakes([])).toBe('—');
  });

  it('explains chip dumping with names, counts, p-value and the net amount', () => {
    const item: RiskItem = {
      ...base,
      kind: 'chip_dumping',
      evidence: {
        loser_id: 3,
        winner_id: 4,
        losses: 10,
        decided: 10,
        p_value: 1 / 1024,
        net: 450,
        stakes: [50],
      },
    };
    expect(kindLabel(item)).toBe('Pérdidas dirigidas');
    expect(evidenceLines(item)).toEqual([
      'Ana perdió 10 veces contra Beto de 10 partidas que ganó uno de los dos (p ≈ 9,8·10⁻⁴).',
      'Flujo neto hacia Beto: Bs. 450,00 · entradas: Bs. 50,00.',
    ]);
  });

  it('explains co-seating with observed vs expected, partners and opponents', () => {
    const item: RiskItem = {
      ...base,
      kind: 'co_seating',
      evidence: {
        together: 14,
        expected: 0.42,
        p_value: 2e-20,
        partners: 12,
        partners_expected: 0.14,
        partners_p_value: 3e-25,
        opponents: 2,
        matches: [40, 38],
        stakes: [10, 50],
      },
    };
    expect(evidenceLines(item)).toEqual([
      'Jugaron juntos 14 partidas (por azar se esperaban 0,4; p ≈ 2,0·10⁻²⁰).',
      'En parejas fueron compañeros 12 veces (se esperaban 0,1; p ≈ 3,0·10⁻²⁵) y rivales 2.',
      'Partidas de cada cuenta en el periodo: 40 y 38 · entradas: Bs. 10,00 y Bs. 50,00.',
    ]);
    // Individual only: no partners line.
    const single: RiskItem = {
      ...item,
      evidence: { ...item.evidence, partners: 0, partners_expected: 0, opponents: 14 },
    };
    expect(evidenceLines(single)).toHaveLength(2);
  });

  it('explains linked accounts and a shared reference', () => {
    expect(
      evidenceLines({ ...base, kind: 'linked', evidence: { signals: ['device', 'payout_phone'] } }),
    ).toEqual(['Comparten: mismo dispositivo, mismo teléfono de cobro.']);
    expect(
      evidenceLines({
        ...base,
        kind: 'shared_reference',
        evidence: {
          reference: 'AB123456',
          recharges: [
            { id: 1, user_id: 3, amount: 100, status: 'rechazado', created_at: base.first_seen_at },
            { id: 2, user_id: 4, amount: 250, status: 'pendiente', created_at: base.first_seen_at },
          ],
        },
      }),
    ).toEqual([
      'La referencia AB123456 fue usada por 2 cuentas:',
      'Ana: recarga #1 de Bs. 100,00 (rechazado).',
      'Beto: recarga #2 de Bs. 250,00 (pendiente).',
    ]);
  });

  it('explains a group of linked accounts link by link, the address as weight only, with its stake', () => {
    const group: RiskItem = {
      ...base,
      accounts: [
        ...base.accounts,
        { ...base.accounts[0]!, id: 9, name: 'Carla', email: 'carla@example.com' },
      ],
      kind: 'linked',
      evidence: {
        signals: ['device', 'payout_phone', 'address'],
        links: [
          { a: 3, b: 4, signals: ['device'], shared_address: true },
          { a: 4, b: 9, signals: ['payout_phone'], shared_address: false },
        ],
        stakes: { '3': 100, '4': 215, '9': 325 },
      },
    };
    expect(evidenceLines(group)).toEqual([
      'Comparten: mismo dispositivo, mismo teléfono de cobro, misma dirección IP (solo suma peso).',
      'Ana y Beto: mismo dispositivo, misma dirección IP (solo suma peso).',
      'Beto y Carla: mismo teléfono de cobro.',
    ]);
    expect(stakeLine(group)).toBe('En juego: Bs. 640,00');
    expect(accountStake(group, 9)).toBe(325);
    expect(accountStake(group, 5)).toBeNull();
    expect(accountStake({ ...group, evidence: { signals: ['device'] } }, 3)).toBeNull();
  });

  it('explains a pair that shares its hands with hands, decisions, mean gain and z', () => {
    const item: RiskItem = {
      ...base,
      kind: 'hand_sharing',
      evidence: {
        user_ids: [3, 4],
        z: 5.12,
        threshold: 4.5,
        hands: 64,
        decisions: 510,
        matches: 6,
        mean_gain: 2.31,
        top_hands: [],
      },
    };
    expect(kindLabel(item)).toBe('Pareja que comparte sus fichas');
    const lines = evidenceLines(item);
    expect(lines[0]).toContain('Ana y Beto');
    expect(lines[1]).toBe(
      '64 manos juntos en 6 partidas, 510 decisiones con más de una jugada: ganancia media 2,31 puntos por decisión.',
    );
    expect(lines[2]).toContain('z = 5,12');
    expect(lines[2]).toContain('desde 4,5');
  });

  it('offers the actions that change something, and asks for a reason', () => {
    expect(accountActions(base.accounts[0]!)).toEqual(['flag', 'hold', 'suspend']);
    expect(accountActions({ ...base.accounts[1]!, status: 'suspendido' })).toEqual([
      'unflag',
      'release',
    ]);
    expect(reasonError('  a ')).toBe(MSG_RISK.reasonRequired);
    expect(reasonError('', 'note')).toBe(MSG_RISK.noteRequired);
    expect(reasonError('Cuenta duplicada')).toBeNull();
  });
});
