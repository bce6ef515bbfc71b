import { describe, expect, it } from 'vitest';
import type { BankConnectorAccount, BankProviderInfo } from '@domino/contracts';
import { connectorToForm, credentialPlaceholder, formToInput, outcomeColor } from './banking';

const bdv: BankProviderInfo = {
  provider: 'bdv',
  label: 'Banco de Venezuela',
  hosts: ['bdvconciliacion.banvenez.com'],
  credential_fields: [{ name: 'apiKey', label: 'Clave' }],
  capabilities: { verify: true, charge: false, notify: false, payout: false },
  available: true,
};
const account: BankConnectorAccount = {
  id: 1,
  bank_code: '0102',
  bank_name: 'Banco de Venezuela',
  account_number: '01020000000000000001',
  holder_name: 'Dominó',
  phone: '04120000000',
  active: true,
  connector: {
    id: 3,
    provider: 'bdv',
    base_url: 'https://bdvconciliacion.banvenez.com',
    enabled: true,
    capabilities: { verify: true, charge: false, notify: false, payout: false },
    credentials_set: ['apiKey'],
    credentials_readable: true,
    notification_url: null,
    updated_at: '2026-11-29T08:00:00.000Z',
  },
  calls: [],
};

describe('bank connector form rules', () => {
  it('starts from the stored connector with no credential values, "Guardada" where set', () => {
    const form = connectorToForm(account, [bdv]);
    expect(form).toMatchObject({ provider: 'bdv', enabled: true, credentials: {} });
    expect(credentialPlaceholder(account, form, 'apiKey')).toBe('Guardada');
    expect(credentialPlaceholder(account, { ...form, provider: 'r4' }, 'apiKey')).toBe('');
    expect(connectorToForm({ ...account, connector: null }, [bdv])).toMatchObject({
      provider: 'bdv',
      base_url: `https://${bdv.hosts[0]}`,
      enabled: false,
    });
    // A new connector starts with the provider of the account's bank, at its address.
    const mercantil = { ...bdv, provider: 'mercantil' as const, hosts: ['api.mercantil.example'] };
    expect(
      connectorToForm({ ...account, bank_code: '0105', connector: null }, [bdv, mercantil]),
    ).toMatchObject({ provider: 'mercantil', base_url: 'https://api.mercantil.example' });
  });

  it('sends only typed credentials of the provider and capabilities it supports', () => {
    const form = {
      ...connectorToForm(account, [bdv]),
      base_url: ' https://bdvconciliacion.banvenez.com ',
      credentials: { apiKey: '', other: 'x' },
      capabilities: { verify: true, charge: true, notify: false, payout: false },
    };
    expect(formToInput(form, bdv)).toEqual({
      provider: 'bdv',
      base_url: 'https://bdvconciliacion.banvenez.com',
      credentials: {},
      enabled: true,
      capabilities: { verify: true, charge: false, notify: false, payout: false },
    });
    expect(formToInput({ ...form, credentials: { apiKey: 'k' } }, bdv).credentials).toEqual({
      apiKey: 'k',
    });
    expect(outcomeColor('ok')).toBe('green');
    expect(outcomeColor('unavailable')).toBe('red');
  });
});
