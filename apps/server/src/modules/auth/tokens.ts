import { createHash, randomBytes } from 'node:crypto';

/** A new opaque bearer token: 256 random bits, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a token: hex SHA-256. Tokens are never stored in clear. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
