import type { Problem, Problems } from './problems.js';

/** A refusal from the server: under the field it names, or above the form when it names none of them. */
export interface Refusal<T> {
  field: keyof T | null;
  message: string;
}

export interface FormState<T> {
  values: T;
  /** Fields the person has left with something typed in them: their problems show from then on. */
  left: Partial<Record<keyof T, true>>;
  submitted: boolean;
  refusal: Refusal<T> | null;
  /** Counts the times the keyboard should move to the first invalid field. */
  focusRequests: number;
}

export type FormAction<T> =
  | { type: 'edit'; field: keyof T; value: T[keyof T] }
  | { type: 'leave'; field: keyof T }
  | { type: 'submit'; valid: boolean }
  | { type: 'refuse'; refusal: Refusal<T> }
  | { type: 'reset'; values: T };

export function initialFormState<T>(values: T): FormState<T> {
  return { values, left: {}, submitted: false, refusal: null, focusRequests: 0 };
}

export function formReducer<T>(state: FormState<T>, action: FormAction<T>): FormState<T> {
  switch (action.type) {
    case 'edit': {
      // A refusal goes once the person acts on it: the field it names is edited, or any field for the form's.
      const fixed = state.refusal && (state.refusal.field === null || state.refusal.field === action.field);
      return {
        ...state,
        values: { ...state.values, [action.field]: action.value },
        refusal: fixed ? null : state.refusal,
      };
    }
    case 'leave': {
      // Passing through an empty field says nothing yet: its "required" would appear as the person moves
      // on, shift the layout under their pointer and swallow the click they were making ("Register
      // instead"). An empty field's problem shows at submit.
      const value = state.values[action.field];
      if (state.left[action.field] || (typeof value === 'string' && value.trim() === '')) return state;
      return { ...state, left: { ...state.left, [action.field]: true } };
    }
    case 'submit':
      return {
        ...state,
        submitted: true,
        refusal: null,
        focusRequests: state.focusRequests + (action.valid ? 0 : 1),
      };
    case 'refuse':
      return {
        ...state,
        refusal: action.refusal,
        focusRequests: state.focusRequests + (action.refusal.field === null ? 0 : 1),
      };
    case 'reset':
      return initialFormState(action.values);
  }
}

/** A field's problem is shown once the field was left filled in or the form submitted, then follows the typing. */
export function shownProblem<T>(
  state: FormState<T>,
  problems: Problems<T>,
  field: keyof T,
): Problem | undefined {
  return state.submitted || state.left[field] ? problems[field] : undefined;
}
