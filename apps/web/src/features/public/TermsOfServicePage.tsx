import { LegalPage } from './LegalPage.tsx';

export default function TermsOfServicePage() {
  return <LegalPage document="terms" />;
}
