import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { Dialog } from '../../../shared/ui/Dialog.js';

/** Where a catalogue wizard stands: its step (from 1) of `total`, and the refusal shown above its buttons. */
export function useWizard(total: number) {
  const [step, setStep] = useState(1);
  const [error, setError] = useState<string | null>(null);
  return {
    step,
    total,
    error,
    setError,
    /** Going back forgets the refusal: it was about what comes after. */
    previous: () => {
      setError(null);
      setStep(step - 1);
    },
    next: () => setStep(step + 1),
  };
}

export type Wizard = ReturnType<typeof useWizard>;

/** The dialog of a wizard: its title, "Step 2 of 4", then the step's content. */
export function WizardDialog({
  title,
  wizard,
  onClose,
  children,
}: {
  title: string;
  wizard: Wizard;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} title={title} size="lg">
      <div className="catalogue-wizard">
        <p className="catalogue-wizard__step">
          {t('adminCatalogue.wizard.step', { step: wizard.step, total: wizard.total })}
        </p>
        {children}
      </div>
    </Dialog>
  );
}

/**
 * The foot of a wizard's step: its refusal, Previous, and Next (while the step is valid) or, on the last
 * step, the button that runs the wizard. Nothing moves while it runs (`busy`).
 */
export function WizardFooter({
  wizard,
  valid,
  busy,
  beforeNext,
  finishLabel,
  onFinish,
}: {
  wizard: Wizard;
  valid: boolean;
  busy: boolean;
  /** Prepares the next step before it shows. */
  beforeNext?: () => void;
  finishLabel: string;
  onFinish: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {wizard.error && <Alert tone="error">{wizard.error}</Alert>}
      <div className="catalogue-actions catalogue-actions--spread">
        <Button disabled={wizard.step === 1 || busy} onClick={wizard.previous}>
          {t('adminCatalogue.wizard.previous')}
        </Button>
        {wizard.step < wizard.total ? (
          <Button
            variant="primary"
            disabled={!valid}
            onClick={() => {
              beforeNext?.();
              wizard.next();
            }}
          >
            {t('adminCatalogue.wizard.next')}
          </Button>
        ) : (
          <Button variant="primary" disabled={!valid || busy} onClick={onFinish}>
            {finishLabel}
          </Button>
        )}
      </div>
    </>
  );
}
