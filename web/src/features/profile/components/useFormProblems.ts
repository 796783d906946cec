import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProblems } from './validation.js';

/**
 * Inline validation shared by the profile forms: a field's problem shows once it has been left or the
 * form submitted, and updates as the user types.
 */
export function useFormProblems<T extends object>(problems: FieldProblems<T>) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  return {
    errorOf(field: keyof T): string | undefined {
      const problem = problems[field];
      if (!problem || !(submitted || touched[field])) return undefined;
      return t(problem.key, problem.params);
    },
    touch: (field: keyof T) => () => setTouched((current) => ({ ...current, [field]: true })),
    /** Marks the form submitted; true when it may be sent. */
    submit(): boolean {
      setSubmitted(true);
      return Object.keys(problems).length === 0;
    },
    reset() {
      setTouched({});
      setSubmitted(false);
    },
  };
}
