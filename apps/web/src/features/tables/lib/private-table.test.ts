import { describe, expect, it } from 'vitest';
import {
  entryPriceLabel,
  expiryText,
  invitationUrl,
  isHostOf,
  minutesLeft,
  parseInviteCode,
  seatsTakenText,
  shareMessage,
  whatsappUrl,
} from './private-table';

describe('private table pages', () => {
  it('lists prices as players read them: the free one by name, the rest in bolívares', () => {
    expect(entryPriceLabel(0)).toBe('Amistosa (gratis)');
    expect(entryPriceLabel(100)).toBe('Bs. 100,00');
    expect(entryPriceLabel(1000)).toBe('Bs. 1.000,00');
  });

  it('reads a code from the address upper-cased, and refuses what is not a code', () => {
    expect(parseInviteCode('k7m2qx')).toBe('K7M2QX');
    expect(parseInviteCode('K7M2Q')).toBeNull();
    // 0, O, 1, I and L are not in the alphabet (they read alike).
    expect(parseInviteCode('K7M2Q0')).toBeNull();
    expect(parseInviteCode('KLM2QX')).toBeNull();
    expect(parseInviteCode(undefined)).toBeNull();
  });

  it('shares the full address of the invitation with a message', () => {
    const url = invitationUrl('https://domino.example/', '/invitacion/K7M2QX');
    expect(url).toBe('https://domino.example/invitacion/K7M2QX');
    const text = shareMessage('K7M2QX', url);
    expect(text).toContain('K7M2QX');
    expect(text).toContain(url);
    expect(whatsappUrl(text)).toBe(`https://wa.me/?text=${encodeURIComponent(text)}`);
  });

  it('counts the minutes left up, and says when the invitation expired', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(minutesLeft('2026-01-01T12:30:00Z', now)).toBe(30);
    expect(minutesLeft('2026-01-01T12:00:01Z', now)).toBe(1);
    expect(minutesLeft('2026-01-01T11:59:00Z', now)).toBe(0);
    expect(minutesLeft(null, now)).toBeNull();
    expect(minutesLeft('mañana', now)).toBeNull();
    expect(expiryText(30)).toBe('Vence en 30 minutos');
    expect(expiryText(1)).toBe('Vence en 1 minuto');
    expect(expiryText(0)).toBe('La invitación venció');
  });

  it('knows the host and counts the seats taken', () => {
    const table = { private: { host: { id: 7, name: 'Ana' } } };
    expect(isHostOf(table, 7)).toBe(true);
    expect(isHostOf(table, 8)).toBe(false);
    expect(isHostOf(table, undefined)).toBe(false);
    expect(isHostOf({ private: null }, 7)).toBe(false);
    const seats = [
      { seat: 0, user: { id: 7, name: 'Ana' } },
      { seat: 1, user: null },
    ];
    expect(seatsTakenText({ seats, max_players: 2 })).toBe('1 de 2');
  });
});
