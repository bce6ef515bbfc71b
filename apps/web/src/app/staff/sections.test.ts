import { describe, expect, it } from 'vitest';
import { isSectionActive, sectionHref, STAFF_SECTIONS, staffRoutes } from './sections';

describe('staff sections', () => {
  const overview = STAFF_SECTIONS[0]!;
  const recharges = STAFF_SECTIONS[1]!;

  it('marks the overview active only on /admin itself', () => {
    expect(isSectionActive(overview, '/admin')).toBe(true);
    expect(isSectionActive(overview, '/admin/')).toBe(true);
    expect(isSectionActive(overview, '/admin/recargas')).toBe(false);
  });

  it('marks a section active on its path and below it', () => {
    expect(isSectionActive(recharges, '/admin/recargas')).toBe(true);
    expect(isSectionActive(recharges, '/admin/recargas/12')).toBe(true);
    expect(isSectionActive(recharges, '/admin/recargasx')).toBe(false);
  });

  it('lists every section under /admin with a unique path and a label', () => {
    const hrefs = STAFF_SECTIONS.map(sectionHref);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    for (const h of hrefs) expect(h === '/admin' || h.startsWith('/admin/')).toBe(true);
    for (const s of STAFF_SECTIONS) expect(s.label.trim()).not.toBe('');
  });

  it('routes every section and its deeper pages under /admin, the overview as the index', () => {
    const routes = staffRoutes();
    expect(routes.filter((r) => r.index)).toHaveLength(1);
    const paths = routes.flatMap((r) => (r.path ? [r.path] : []));
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining(['recargas', 'usuarios', 'usuarios/:id', 'usuarios/:id/ajuste']),
    );
    for (const p of paths) expect(p.startsWith('/')).toBe(false);
  });

  it('keeps a player’s page under Usuarios in the navigation', () => {
    const users = STAFF_SECTIONS.find((s) => s.path === 'usuarios')!;
    const adjustments = STAFF_SECTIONS.find((s) => s.path === 'ajustes')!;
    expect(isSectionActive(users, '/admin/usuarios/7/ajuste')).toBe(true);
    expect(isSectionActive(adjustments, '/admin/usuarios/7/ajuste')).toBe(false);
  });
});
