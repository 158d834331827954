import { UnderConstruction } from '../../components/UnderConstruction';

// Default export: the router loads this page with React.lazy (§2).
export default function PrivacyPolicyPage() {
  return <UnderConstruction title="Política de privacidad" />;
}
