import { UnderConstruction } from '../../components/UnderConstruction';
import { SessionPanel } from '../auth/SessionPanel';

export function AdminDashboardPage() {
  return (
    <UnderConstruction title="Panel de administración">
      <SessionPanel />
    </UnderConstruction>
  );
}
