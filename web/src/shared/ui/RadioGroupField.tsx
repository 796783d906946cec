import { useId } from 'react';
import './field.css';

export interface RadioChoice<Value extends string> {
  value: Value;
  label: string;
  /** One line under the label saying what the choice does; read with it as its description. */
  hint?: string;
}

/** A labelled group of radio buttons (a fieldset and its legend), each choice with its own line of explanation. */
export function RadioGroupField<Value extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
}: {
  legend: string;
  name: string;
  value: Value;
  choices: readonly RadioChoice<Value>[];
  onChange: (value: Value) => void;
}) {
  const id = useId();
  return (
    <fieldset className="field radio-group">
      <legend className="field__label radio-group__legend">{legend}</legend>
      {choices.map((choice) => {
        const inputId = `${id}-${choice.value}`;
        return (
          <div key={choice.value} className="field-choice">
            <input
              id={inputId}
              type="radio"
              className="field-choice__input"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              aria-describedby={choice.hint ? `${inputId}-hint` : undefined}
              onChange={() => onChange(choice.value)}
            />
            <label htmlFor={inputId} className="field-choice__label">
              {choice.label}
            </label>
            {choice.hint && (
              <p id={`${inputId}-hint`} className="field__hint field-choice__hint">
                {choice.hint}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
