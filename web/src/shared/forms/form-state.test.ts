import { describe, expect, it } from 'vitest';
import {
  type FormAction,
  type FormState,
  formReducer,
  initialFormState,
  shownProblem,
} from './form-state.js';
import type { Problems } from './problems.js';

interface Values {
  username: string;
  email: string;
}

const start = initialFormState<Values>({ username: '', email: '' });
const run = (...actions: FormAction<Values>[]): FormState<Values> =>
  actions.reduce(formReducer<Values>, start);
const problems: Problems<Values> = { username: { key: 'form.required' } };
const taken = { field: 'username' as const, message: 'Username taken' };

describe('a field problem', () => {
  it('stays hidden while the person has neither left the field nor submitted', () => {
    expect(
      shownProblem(run({ type: 'edit', field: 'username', value: 'a' }), problems, 'username'),
    ).toBeUndefined();
  });

  it('shows once the field was left with something typed, and only for that field', () => {
    const state = run({ type: 'edit', field: 'username', value: 'a' }, { type: 'leave', field: 'username' });
    expect(shownProblem(state, problems, 'username')).toEqual({ key: 'form.required' });
    expect(shownProblem(state, { email: { key: 'form.required' } }, 'email')).toBeUndefined();
  });

  it('stays hidden when an empty field is only passed through, until the form is submitted', () => {
    const state = run({ type: 'leave', field: 'username' });
    expect(shownProblem(state, problems, 'username')).toBeUndefined();
    expect(shownProblem(formReducer(state, { type: 'submit', valid: false }), problems, 'username')).toEqual({
      key: 'form.required',
    });
  });

  it('shows for every field once the form was submitted', () => {
    const state = run({ type: 'submit', valid: false });
    expect(shownProblem(state, problems, 'username')).toEqual({ key: 'form.required' });
  });
});

describe('a refused submit', () => {
  it('asks to move the keyboard to the first invalid field; an accepted one does not', () => {
    expect(run({ type: 'submit', valid: false }).focusRequests).toBe(1);
    expect(run({ type: 'submit', valid: true }).focusRequests).toBe(0);
  });
});

describe('a server refusal', () => {
  it('naming a field stays until that field is edited, and asks for the focus', () => {
    const refused = run({ type: 'refuse', refusal: taken });
    expect(refused.focusRequests).toBe(1);
    expect(formReducer(refused, { type: 'edit', field: 'email', value: 'x' }).refusal).toEqual(taken);
    expect(formReducer(refused, { type: 'edit', field: 'username', value: 'x' }).refusal).toBeNull();
  });

  it('naming no field goes at the next edit of any field', () => {
    const refused = run({ type: 'refuse', refusal: { field: null, message: 'Server down' } });
    expect(refused.focusRequests).toBe(0);
    expect(formReducer(refused, { type: 'edit', field: 'email', value: 'x' }).refusal).toBeNull();
  });

  it('goes when the form is submitted again', () => {
    expect(run({ type: 'refuse', refusal: taken }, { type: 'submit', valid: true }).refusal).toBeNull();
  });
});

describe('a reset', () => {
  it('brings the values given and hides every problem and refusal', () => {
    const state = run(
      { type: 'leave', field: 'username' },
      { type: 'submit', valid: true },
      { type: 'refuse', refusal: taken },
      { type: 'reset', values: { username: 'lea', email: 'lea@example.test' } },
    );
    expect(state).toEqual(initialFormState({ username: 'lea', email: 'lea@example.test' }));
  });
});
