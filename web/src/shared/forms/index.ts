export * from './field-rules.js';
export { type FieldRules, type FormValues, type Problem, type Problems, problemsOf } from './problems.js';
export { type UseFormOptions, useForm } from './useForm.js';
