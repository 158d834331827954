import { UnderConstruction } from '../../components/UnderConstruction';
import { SessionPanel } from '../auth/SessionPanel';

export function WorkerDashboardPage() {
  return (
    <UnderConstruction title="Panel del trabajador">
      <SessionPanel />
    </UnderConstruction>
  );
}
