import { useState } from 'react';
import { useAuthStore } from '../lib/useAuthStore';
import './SessionPanel.css';

/** Who is logged in on a staff page, and the way out. */
export function SessionPanel() {
  const user = useAuthStore((s) => s.user);
  const logout = useAuthStore((s) => s.logout);
  const [leaving, setLeaving] = useState(false);

  if (!user) return null;

  return (
    <div className="session-panel">
      <p className="session-panel__who">Sesión iniciada como {user.nombre}</p>
      <button
        type="button"
        className="button button--outline"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          void logout();
        }}
      >
        {leaving ? 'Cerrando sesión...' : 'Cerrar sesión'}
      </button>
    </div>
  );
}
