import { Component, type ErrorInfo, type ReactNode } from 'react';
import { windowOnline } from '../state/online';
import { Button } from '../ui/button';
import { isChunkLoadError, shouldReloadForChunk } from './pwa/chunk-reload';
import './not-found.css';

interface State {
  error: unknown;
  /** A page's code that could not load while offline: it loads again when the connection is back. */
  offline: boolean;
}

interface Props {
  path: string;
  children: ReactNode;
  /** Loads the page again (the tests pass their own). */
  reload?: () => void;
}

const reloadPage = () => window.location.reload();

/**
 * The error boundary of a page. A chunk that fails to load after a new build reloads the page
 * once per path within 10 s (docs/rules.md#states, docs/rules.md#error-reactions); offline, where a reload would fail the same way, the
 * screen says so and loads again when the connection is back. Any other failure shows a calm message.
 */
export class PageBoundary extends Component<Props, State> {
  override state: State = { error: null, offline: false };
  private stopWaiting: (() => void) | null = null;

  static getDerivedStateFromError(error: unknown): State {
    return { error, offline: isChunkLoadError(error) && !navigator.onLine };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const reload = this.props.reload ?? reloadPage;
    if (this.state.offline) {
      this.waitForNetwork(reload);
      return;
    }
    if (isChunkLoadError(error) && shouldReloadForChunk(this.props.path, Date.now(), sessionStorage)) {
      reload();
      return;
    }
    console.error('[page] failed', error, info.componentStack);
  }

  override componentDidUpdate(prev: Props): void {
    if (prev.path !== this.props.path && this.state.error) {
      this.stopWaiting?.();
      this.setState({ error: null, offline: false });
    }
  }

  override componentWillUnmount(): void {
    this.stopWaiting?.();
  }

  private waitForNetwork(reload: () => void): void {
    this.stopWaiting?.();
    const unsubscribe = windowOnline.subscribe(() => {
      if (!windowOnline.get()) return;
      this.stopWaiting?.();
      reload();
    });
    this.stopWaiting = () => {
      unsubscribe();
      this.stopWaiting = null;
    };
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    const chunk = isChunkLoadError(this.state.error);
    return (
      <div className="page-error" role="alert">
        <p className="page-error__title">Щось пішло не так</p>
        <p className="page-error__text">
          {this.state.offline
            ? 'Ця сторінка ще не збережена на пристрої. Вона відкриється, щойно з’явиться інтернет.'
            : chunk
              ? 'Не вдалося завантажити сторінку. Перевір з’єднання й спробуй ще раз.'
              : 'Спробуй оновити сторінку.'}
        </p>
        <Button onClick={this.props.reload ?? reloadPage}>Оновити</Button>
      </div>
    );
  }
}
