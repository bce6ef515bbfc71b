import { describe, expect, it } from 'vitest';
import { installWay } from './pwa';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ipad =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15';
const android =
  'Mozilla/5.0 (Linux; Android 14; SM-A146M) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';

describe('how this browser installs Dominó (decision 050)', () => {
  const base = { standalone: false, promptAvailable: false, userAgent: android, maxTouchPoints: 5 };

  it('offers the browser dialog where it exists', () => {
    expect(installWay({ ...base, promptAvailable: true })).toBe('prompt');
  });

  it('gives iPhone and iPad the "Compartir → Agregar a inicio" steps', () => {
    expect(installWay({ ...base, userAgent: iphone })).toBe('ios');
    expect(installWay({ ...base, userAgent: ipad, maxTouchPoints: 5 })).toBe('ios');
    expect(installWay({ ...base, userAgent: ipad, maxTouchPoints: 0 })).toBe('none');
  });

  it('says nothing once installed or where nothing applies', () => {
    expect(installWay({ ...base, standalone: true, promptAvailable: true })).toBe('installed');
    expect(installWay(base)).toBe('none');
  });
});
