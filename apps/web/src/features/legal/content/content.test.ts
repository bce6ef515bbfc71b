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

  it('promise only what the platform and its staff console can do', () => {
    const section = (doc: typeof TERMS, id: string) =>
      text({ ...doc, sections: doc.sections.filter((s) => s.id === id) });
    const all = `${text(TERMS)}\n${text(PRIVACY)}`;
    // A suspended account cannot log in (403), so it cannot withdraw by itself: the texts say
    // to withdraw first, and how staff pay what is left (a balance adjustment with a reason).
    const responsible = section(TERMS, 'juego-responsable');
    expect(responsible).not.toContain('aunque sí cobrar');
    expect(responsible).toContain('antes de pedir la autoexclusión solicita el retiro');
    expect(responsible).toContain('ajuste con su motivo');
    expect(section(TERMS, 'suspension')).toContain('ajuste con su motivo');
    // No tool removes pot points; suspended accounts are left out of the ranking and payouts.
    const fair = section(TERMS, 'juego-limpio');
    expect(fair).not.toContain('retirar los puntos');
    expect(fair).toContain('queda fuera del ranking del Pote del Mes');
    expect(fair).toContain('su lugar pasa al siguiente jugador');
    expect(section(TERMS, 'pote')).toContain('cuya cuenta está activa');
    // There is no account deletion or closure, only suspension ("baja").
    expect(all).not.toMatch(
      /cierre de (tu|la) cuenta|cerrarla|la cerramos|cuenta (suspendida o )?cerrada/,
    );
    expect(all).toContain('Dar de baja una cuenta es suspenderla');
    expect(all).toContain('Darla de baja es suspenderla');
  });

  it('say where short names are shown: landing, pot notice, ranking and past winners', () => {
    const privacy = text(PRIVACY);
    for (const place of [
      'página de inicio',
      'aviso del Pote del Mes',
      'ganadores de meses anteriores',
    ])
      expect(privacy).toContain(place);
  });

  it('say that seeds, deals and replays are for the players of the match and staff, the commitment for all', () => {
    const privacy = text(PRIVACY);
    expect(privacy).toContain('solo los ven los jugadores de esa partida y el personal');
    expect(privacy).toContain('se muestra en la sala de espera');
    expect(privacy).not.toContain('cualquiera');
    expect(text(TERMS)).toContain('cada jugador de la partida compruebe cada mano');
    expect(text(TERMS)).not.toContain('para que cualquiera compruebe');
  });

  it('give every section a unique anchor', () => {
    for (const doc of [TERMS, PRIVACY]) {
      const ids = doc.sections.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).not.toContain('contacto');
    }
  });
});
