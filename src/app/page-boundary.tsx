import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../ui/button';
import { isChunkLoadError, shouldReloadForChunk } from './pwa/chunk-reload';
import './not-found.css';

interface State {
  error: unknown;
}

/**
 * The error boundary of a page. A chunk that fails to load after a new build reloads the page
 * once per path within 10 s (spec §4, §8); any other failure shows a calm message.
 */
export class PageBoundary extends Component<{ path: string; children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkLoadError(error) && shouldReloadForChunk(this.props.path, Date.now(), sessionStorage)) {
      window.location.reload();
      return;
    }
    console.error('[page] failed', error, info.componentStack);
  }

  override componentDidUpdate(prev: { path: string }): void {
    if (prev.path !== this.props.path && this.state.error) this.setState({ error: null });
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    const chunk = isChunkLoadError(this.state.error);
    return (
      <div className="page-error" role="alert">
        <p className="page-error__title">Щось пішло не так</p>
        <p className="page-error__text">
          {chunk ? 'Не вдалося завантажити сторінку. Перевір з’єднання й спробуй ще раз.' : 'Спробуй оновити сторінку.'}
        </p>
        <Button onClick={() => window.location.reload()}>Оновити</Button>
      </div>
    );
  }
}
