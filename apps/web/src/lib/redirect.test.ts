import { describe, expect, it } from 'vitest';
import {
  isGuestOnlyPath,
  loginPathFor,
  redirectTargetFromSearch,
  sanitizeRedirect,
} from './redirect';

describe('sanitizeRedirect', () => {
  it('keeps a same-site path with its query and hash', () => {
    expect(sanitizeRedirect('/waiting-room/3?seat=2#chat')).toBe('/waiting-room/3?seat=2#chat');
    expect(sanitizeRedirect('/transactions')).toBe('/transactions');
  });

  it('falls back to /dashboard for a missing or empty target', () => {
    expect(sanitizeRedirect(null)).toBe('/dashboard');
    expect(sanitizeRedirect(undefined)).toBe('/dashboard');
    expect(sanitizeRedirect('')).toBe('/dashboard');
  });

  it('refuses absolute and protocol-relative URLs', () => {
    expect(sanitizeRedirect('https://evil.example/dashboard')).toBe('/dashboard');
    expect(sanitizeRedirect('//evil.example/x')).toBe('/dashboard');
    expect(sanitizeRedirect('/\\evil.example')).toBe('/dashboard');
    expect(sanitizeRedirect('javascript:alert(1)')).toBe('/dashboard');
    expect(sanitizeRedirect('dashboard')).toBe('/dashboard');
  });

  it('refuses control characters that browsers strip into a protocol-relative URL', () => {
    expect(sanitizeRedirect('/\t/evil.example')).toBe('/dashboard');
    expect(sanitizeRedirect('/\n/evil.example')).toBe('/dashboard');
  });

  it('does not send a logged-in user back to a guest-only page', () => {
    expect(sanitizeRedirect('/login')).toBe('/dashboard');
    expect(sanitizeRedirect('/register?x=1')).toBe('/dashboard');
    expect(sanitizeRedirect('/')).toBe('/dashboard');
    expect(sanitizeRedirect('/forgot-password/')).toBe('/dashboard');
  });
});

describe('redirectTargetFromSearch', () => {
  it('reads the redirect query parameter', () => {
    expect(redirectTargetFromSearch('?redirect=%2Fprofile%3Ftab%3D1')).toBe('/profile?tab=1');
  });

  it('defaults to /dashboard', () => {
    expect(redirectTargetFromSearch('')).toBe('/dashboard');
    expect(redirectTargetFromSearch('?redirect=https%3A%2F%2Fevil.example')).toBe('/dashboard');
  });
});

describe('loginPathFor', () => {
  it('carries the full target path in the redirect parameter', () => {
    const path = loginPathFor('/waiting-room/7?a=1#top');
    expect(path.startsWith('/login?redirect=')).toBe(true);
    expect(redirectTargetFromSearch(path.slice('/login'.length))).toBe('/waiting-room/7?a=1#top');
  });

  it('keeps /dashboard as an explicit target', () => {
    expect(loginPathFor('/dashboard')).toBe('/login?redirect=%2Fdashboard');
  });

  it('gives a bare /login for guest-only or unsafe targets', () => {
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/register')).toBe('/login');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });
});

describe('isGuestOnlyPath', () => {
  it('matches the guest-only routes of docs/product.md §2', () => {
    for (const path of ['/', '/login', '/register', '/forgot-password']) {
      expect(isGuestOnlyPath(path)).toBe(true);
    }
    expect(isGuestOnlyPath('/dashboard')).toBe(false);
    expect(isGuestOnlyPath('/privacy')).toBe(false);
  });
});
