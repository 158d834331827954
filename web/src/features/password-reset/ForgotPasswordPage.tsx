import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { RequestResetView } from './RequestResetView';
import { ResetPasswordView } from './ResetPasswordView';
import './ForgotPasswordPage.css';

/**
 * /recuperar: without a token it asks for a reset link (§2 'Forgot password': form, success,
 * error); the link in the email opens /recuperar?token=… to choose the new password.
 */
export function ForgotPasswordPage() {
  useDocumentTitle('Recuperar contraseña');
  const [searchParams, setSearchParams] = useSearchParams();
  // Read on the first render so a reset link never flashes the request form first.
  const [token, setToken] = useState<string | null>(() => searchParams.get('token') || null);
  const [leftDeadLink, setLeftDeadLink] = useState(false);

  // The token is a password-equivalent for an hour: keep it in memory only, out of the address
  // bar, the history and anything the user might copy or share.
  useEffect(() => {
    if (!searchParams.has('token')) return;
    setToken(searchParams.get('token') || null);
    const rest = new URLSearchParams(searchParams);
    rest.delete('token');
    setSearchParams(rest, { replace: true });
  }, [searchParams, setSearchParams]);

  return (
    <section className="recovery">
      <div className="container recovery__inner">
        {token ? (
          <ResetPasswordView
            key={token}
            token={token}
            onRequestNew={() => {
              setLeftDeadLink(true);
              setToken(null);
            }}
          />
        ) : (
          <RequestResetView focusOnMount={leftDeadLink} />
        )}
      </div>
    </section>
  );
}
