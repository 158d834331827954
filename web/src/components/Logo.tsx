import { TruckIcon } from './icons';
import './Logo.css';

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className={`logo${inverted ? ' logo--inverted' : ''}`}>
      <span className="logo__mark">
        <TruckIcon width={22} height={22} />
      </span>
      <span className="logo__text">
        Mudanzas<span className="logo__dot">.</span>
      </span>
    </span>
  );
}
