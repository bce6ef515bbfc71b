import { describe, expect, it } from 'vitest';
import { MSG_PAYMENTS, MSG_WALLET } from '@domino/contracts';
import { chooseProof, proofProblem, validateRecharge } from './recharge-form';

const ok = { amount: '300', reference: 'ABC123' };

/**
 * Decision 016: a wrong file type showed an error that vanished on submit, and the recharge went
 * through without the proof. The chosen file is kept with its problem and blocks the form.
 */
describe('the chosen proof', () => {
  it('keeps a refused file with its problem instead of dropping it', () => {
    const pdf = { name: 'comprobante.pdf', type: 'application/pdf', size: 2_000 };
    expect(chooseProof(pdf, true)).toEqual({ file: pdf, problem: MSG_PAYMENTS.proofType });
  });

  it('blocks the submit while the chosen file is not acceptable', () => {
    const pdf = chooseProof(
      { name: 'comprobante.pdf', type: 'application/pdf', size: 2_000 },
      true,
    );
    expect(validateRecharge(ok, pdf).errors).toEqual({ payment_proof: MSG_PAYMENTS.proofType });
    const big = chooseProof({ name: 'a.png', type: 'image/png', size: 5_242_881 }, false);
    expect(validateRecharge(ok, big).errors).toEqual({ payment_proof: MSG_PAYMENTS.proofSize });
  });

  it('refuses an empty file, which the server used to take as no proof', () => {
    expect(proofProblem({ name: 'a.png', type: 'image/png', size: 0 })).toBe(MSG_WALLET.proofEmpty);
    const empty = chooseProof({ name: 'a.png', type: 'image/png', size: 0 }, false);
    expect(validateRecharge(ok, empty).errors.payment_proof).toBe(MSG_WALLET.proofEmpty);
  });

  it('names a file the picker refused for another reason (several files at once)', () => {
    const png = { name: 'a.png', type: 'image/png', size: 10 };
    expect(chooseProof(png, true).problem).toBe(MSG_WALLET.proofOneFile);
    expect(validateRecharge(ok, chooseProof(png, true)).errors.payment_proof).toBe(
      MSG_WALLET.proofOneFile,
    );
  });

  it('lets a good file or no file through', () => {
    const png = chooseProof({ name: 'a.png', type: 'image/png', size: 10 }, false);
    expect(png.problem).toBeNull();
    expect(validateRecharge(ok, png)).toEqual({ errors: {}, amountCents: 30_000 });
    expect(validateRecharge(ok, null)).toEqual({ errors: {}, amountCents: 30_000 });
  });
});
