import { describe, expect, it } from 'vitest';
import type { Invitation } from '@domino/contracts';
import { invitationDetails, invitationTitle } from './friends';

const invitation: Invitation = {
  id: 1,
  table_id: 7,
  table_name: 'Mesa de Carolina',
  from_name: 'Carolina R.',
  host_name: 'Carolina R.',
  entry_price: 1000,
  mode: 'parejas',
  players: 4,
  seated: 1,
  link: '/invitacion/ABC123',
  created_at: '2026-11-25T12:00:00.000Z',
};

describe('invitation texts', () => {
  it('says who invites, the mode, the entry in bolívares and the seats taken', () => {
    expect(invitationTitle(invitation)).toBe('Carolina R. te invita a «Mesa de Carolina»');
    expect(invitationDetails(invitation)).toBe('Parejas · Entrada Bs. 1.000,00 · 1 de 4 sentados');
  });

  it('calls a free table "Amistosa"', () => {
    expect(
      invitationDetails({ ...invitation, entry_price: 0, mode: 'individual', players: 2 }),
    ).toBe('Individual · Amistosa · 1 de 2 sentados');
  });
});
