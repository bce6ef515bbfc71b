import { describe, expect, it } from 'vitest';
import { PRIVACY } from './privacy';
import { TERMS } from './terms';

const text = (doc: typeof TERMS) =>
  doc.sections
    .flatMap((s) => s.blocks.flatMap((b) => (typeof b === 'string' ? [b] : b.list)))
    .join('\n');

describe('legal pages', () => {
  it('state the real minimums, fees and pot rules the platform enforces', () => {
    const terms = text(TERMS);
    expect(terms).toContain('Bs. 250,00');
    expect(terms).toContain('Bs. 500,00');
    expect(terms).toContain('8% y 2% de las entradas');
    expect(terms).toContain('50%, 30% y 20%');
    expect(terms).toContain('mayor de 18 años');
    expect(terms).toContain('Una sola cuenta por persona');
  });

  it('say what data is kept, what is public and for how long', () => {
    const privacy = text(PRIVACY);
    for (const word of [
      'cédula',
      'teléfono',
      'comprobante',
      'dirección IP',
      'diez años',
      '60 minutos',
    ])
      expect(privacy).toContain(word);
    expect(privacy).toContain('«María G.»');
  });

  it('give every section a unique anchor', () => {
    for (const doc of [TERMS, PRIVACY]) {
      const ids = doc.sections.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).not.toContain('contacto');
    }
  });
});
