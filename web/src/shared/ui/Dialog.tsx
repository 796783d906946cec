import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.js';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The part of the page a control belongs to, for focus to come back to when the control itself is gone. */
const RETURN_REGION = '[data-focus-region], section, header, nav, aside, form, main';

/** How long a part of the page may take to show its new controls (a panel loading after sign-in). */
const RETURN_WAIT_MS = 3000;

/**
 * Focuses the first control of `region` as soon as it has one, unless the person has put the focus
 * somewhere themselves in the meantime.
 */
function focusFirstControlOf(region: HTMLElement) {
  const attempt = () => {
    if (!region.isConnected) return true;
    const focused = document.activeElement;
    if (focused && focused !== document.body) return true;
    const control = region.querySelector<HTMLElement>(FOCUSABLE);
    control?.focus();
    return control !== null;
  };
  if (attempt()) return;
  const observer = new MutationObserver(() => {
    if (attempt()) observer.disconnect();
  });
  observer.observe(region, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), RETURN_WAIT_MS);
}

/**
 * Modal dialog on the native <dialog> (top layer, inert page behind). Escape, the close button
 * and a backdrop click call onClose; Tab cycles inside; focus goes back where it was on close (or, when
 * that control is gone, to the first control of its part of the page).
 * An element marked `data-autofocus` receives the initial focus.
 */
export function Dialog(props: DialogProps) {
  return props.open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({ onClose, title, children, size = 'md' }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const pressStartedOnBackdrop = useRef(false);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Signing in replaces the button that opened the dialog ("Sign in to vote" becomes "Start voting"):
    // then the keyboard goes to the first control of the part of the page it came from.
    const returnRegion = returnTo?.closest<HTMLElement>(RETURN_REGION) ?? null;
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      dialog.close();
      if (returnTo?.isConnected) {
        returnTo.focus();
        return;
      }
      if (returnRegion) focusFirstControlOf(returnRegion);
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusables = Array.from(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const first = focusables[0];
    const last = focusables.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${size}`}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // The browser would close the element itself; React state must stay the source of truth.
        event.preventDefault();
        onClose();
      }}
      // The panel fills the <dialog> box, so a press whose target is the <dialog> is on the backdrop.
      // Both ends must be there: a text selection dragged out of the panel must not close it.
      onPointerDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (pressStartedOnBackdrop.current && event.target === event.currentTarget) onClose();
      }}
    >
      <div className="dialog__panel">
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label={t('action.close')} onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        <div className="dialog__body">{children}</div>
      </div>
    </dialog>
  );
}
