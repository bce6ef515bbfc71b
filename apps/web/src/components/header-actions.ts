/**
 * The id of a slot in the navbar, beside the menu button, where a page may put a small action of
 * its own on phones (the landing's scroll-to-top button: floating over a 360 px page it covered
 * the footer text and the cards' badges, decision 017). The slot is empty unless a page portals
 * into it.
 */
export const HEADER_ACTIONS_ID = 'header-actions';
