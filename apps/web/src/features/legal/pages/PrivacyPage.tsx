import { LegalPage } from '../components/LegalPage';
import { PRIVACY } from '../content/privacy';

/** /privacy: the privacy policy (spec §2 route table; issue 6). */
export default function PrivacyPage() {
  return <LegalPage doc={PRIVACY} other={{ to: '/terms', label: 'Términos y condiciones' }} />;
}
