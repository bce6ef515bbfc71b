import { LegalPage } from '../components/LegalPage';
import { TERMS } from '../content/terms';

/** /terms: the terms and conditions the register form links to. */
export default function TermsPage() {
  return <LegalPage doc={TERMS} other={{ to: '/privacy', label: 'Política de privacidad' }} />;
}
