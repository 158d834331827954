import { Component, type ReactNode } from 'react';
import { reloadPage } from '../lib/browser';
import { ChunkLoadError } from './lazyPage';

interface Props {
  /** The current path: moving to another page clears a failed load. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
}

/** Catches a lazy page whose chunk failed to load and offers a reload; rethrows anything else. */
export class PageBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidUpdate(prevProps: Props) {
    if (prevProps.resetKey !== this.props.resetKey && this.state.error !== null) {
      this.setState({ error: null });
    }
  }

  render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // Not a missing chunk: the router's error page handles it as before.
    if (!(error instanceof ChunkLoadError)) throw error;
    return (
      <div className="page-loading page-loading--failed" role="alert">
        <p>No se ha podido cargar esta página. Puede que haya una versión nueva de la web.</p>
        <button type="button" className="button button--primary" onClick={() => reloadPage()}>
          Recargar la página
        </button>
      </div>
    );
  }
}
