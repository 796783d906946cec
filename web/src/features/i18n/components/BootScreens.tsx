import './boot.css';
import { buttonClasses } from '../../../shared/ui/Button.js';

/** Same neutral loader as index.html, so the hand-over from HTML to React does not flicker. */
export function BootLoader() {
  return (
    <div className="boot" aria-busy="true">
      <div className="boot__dot" />
    </div>
  );
}

/**
 * Shown only when no catalog at all could be loaded, so its words cannot come from a catalog:
 * they are the spec's fixed English text, the one place the UI is not translated.
 */
export function BootFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="boot">
      <div className="boot__failure" role="alert">
        <h1>Podium</h1>
        <p>Failed to load translations</p>
        <button type="button" className={buttonClasses({ variant: 'primary' })} onClick={onRetry}>
          Retry
        </button>
      </div>
    </main>
  );
}
