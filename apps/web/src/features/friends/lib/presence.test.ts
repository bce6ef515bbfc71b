import { describe, expect, it } from 'vitest';
import { canInvite, connectedSummary, presenceBadge } from './presence';

describe('friends presence', () => {
  it('labels each presence in Spanish with its own color', () => {
    expect(presenceBadge('online')).toEqual({ label: 'En línea', color: 'green' });
    expect(presenceBadge('waiting')).toEqual({ label: 'Esperando', color: 'yellow' });
    expect(presenceBadge('playing')).toEqual({ label: 'Jugando', color: 'orange' });
    expect(presenceBadge('offline')).toEqual({ label: 'Desconectado', color: 'gray' });
  });

  it('counts who is connected', () => {
    expect(connectedSummary([{ presence: 'online' }, { presence: 'offline' }])).toBe(
      '1 de 2 conectados',
    );
    expect(connectedSummary([{ presence: 'playing' }])).toBe('1 de 1 conectado');
  });

  it('offers "Invitar" only with a private table and to a friend not in a match', () => {
    expect(canInvite(true, { presence: 'offline' })).toBe(true);
    expect(canInvite(true, { presence: 'playing' })).toBe(false);
    expect(canInvite(false, { presence: 'online' })).toBe(false);
  });
});
