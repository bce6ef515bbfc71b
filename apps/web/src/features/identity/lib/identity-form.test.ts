import { describe, expect, it } from 'vitest';
import { MSG, MSG_IDENTITY, MSG_PAYMENTS, MSG_WALLET } from '@domino/contracts';
import { photoProblem, validateIdentity } from './identity-form';

const photo = (name: string, type: string, size = 2048) => ({ name, type, size });

describe('identity form rules (decision 031)', () => {
  it('takes PNG and JPEG photos and refuses anything else, empty or over 5 MB, in Spanish', () => {
    expect(photoProblem(photo('cedula.jpg', 'image/jpeg'))).toBeNull();
    expect(photoProblem(photo('selfie.PNG', 'image/png'))).toBeNull();
    expect(photoProblem(photo('foto.jpeg', ''))).toBeNull();
    expect(photoProblem(photo('cedula.svg', 'image/svg+xml'))).toBe(MSG_IDENTITY.photoType);
    expect(photoProblem(photo('cedula.pdf', 'application/pdf'))).toBe(MSG_IDENTITY.photoType);
    expect(photoProblem(photo('cedula.heic', ''))).toBe(MSG_IDENTITY.photoType);
    expect(photoProblem(photo('cedula.jpg', 'image/jpeg', 0))).toBe(MSG_WALLET.proofEmpty);
    expect(photoProblem(photo('cedula.jpg', 'image/jpeg', 5_242_881))).toBe(MSG_PAYMENTS.proofSize);
    expect(photoProblem(photo('cedula.jpg', 'image/jpeg', 5_242_880))).toBeNull();
  });

  it('reports every missing or wrong field at once, and nothing for a complete form', () => {
    expect(
      validateIdentity({
        type_identification: '',
        n_identification: '12a',
        full_name: ' ',
        document: null,
        selfie: photo('selfie.gif', 'image/gif'),
      }),
    ).toEqual({
      type_identification: MSG.documentTypeRequired,
      n_identification: MSG.identificationInvalid,
      full_name: MSG_IDENTITY.fullNameRequired,
      document: MSG_IDENTITY.documentMissing,
      selfie: MSG_IDENTITY.photoType,
    });
    expect(
      validateIdentity({
        type_identification: 'V',
        n_identification: '12345678',
        full_name: 'María Pérez',
        document: photo('cedula.jpg', 'image/jpeg'),
        selfie: photo('selfie.png', 'image/png'),
      }),
    ).toEqual({});
  });
});
