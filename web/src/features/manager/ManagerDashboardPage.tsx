import { UnderConstruction } from '../../components/UnderConstruction';
import { SessionPanel } from '../auth/SessionPanel';

export function ManagerDashboardPage() {
  return (
    <UnderConstruction title="Panel de gerencia">
      <SessionPanel />
    </UnderConstruction>
  );
}
