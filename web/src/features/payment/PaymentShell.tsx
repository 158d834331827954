import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LockIcon } from './LockIcon';
import './Payment.css';

/** The payment pages' own frame: §2 hides the site's header, footer and login popup here. */
export function PaymentShell({ children }: { children: ReactNode }) {
  return (
    <div className="payment">
      <header className="payment__brand">
        <Link to="/" className="payment__logo">
          Mudanzas
        </Link>
        <span className="payment__secure">
          <LockIcon /> Pago seguro
        </span>
      </header>
      <div className="payment__inner">{children}</div>
    </div>
  );
}
