import { LegalPage } from '../components/LegalPage';
import { PRIVACY } from '../content/privacy';

/** /privacy: the privacy policy (docs/product.md §2 route table). */
export default function PrivacyPage() {
  return <LegalPage doc={PRIVACY} other={{ to: '/terms', label: 'Términos y condiciones' }} />;
}
