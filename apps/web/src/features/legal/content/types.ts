/** A legal page: sections of paragraphs and bullet lists, rendered by LegalPage. */
export type LegalBlock = string | { list: readonly string[] };

export interface LegalSection {
  /** Anchor of the section (`/terms#retiros`). */
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** When the text last changed, dd/mm/yyyy. */
  updated: string;
  intro: string;
  sections: readonly LegalSection[];
}
