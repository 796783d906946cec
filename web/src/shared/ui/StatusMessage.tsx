import './alert.css';

/**
 * What an action did, said in a polite live region that stays in the page while the keyboard goes on
 * elsewhere (the next item of a list): screen readers announce a change inside a region they already
 * know, not always a message that arrives with a region of its own. It looks like an Alert.
 */
export function StatusMessage({
  message,
  tone = 'success',
}: {
  message: string | null;
  tone?: 'success' | 'info';
}) {
  return (
    <div role="status" className="status-message">
      {message && (
        <div className={`alert alert--${tone}`}>
          <div className="alert__body">{message}</div>
        </div>
      )}
    </div>
  );
}
