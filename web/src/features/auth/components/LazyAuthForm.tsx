import { lazy } from 'react';

/** The form's module: loading it early (when the page is idle) makes its first opening instant. */
export const loadAuthForm = () => import('./AuthForm.js');

/**
 * The sign-in and registration form, in a chunk of its own: no page needs it to show, so it is out of
 * the first load (its rules and fields are not evaluated before the page answers). Render it inside a
 * Suspense boundary.
 */
export const AuthForm = lazy(() => loadAuthForm().then((module) => ({ default: module.AuthForm })));
