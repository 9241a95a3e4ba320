import type { InputHTMLAttributes, Ref } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'value' | 'onChange' | 'aria-invalid' | 'aria-describedby'>;

interface TextFieldProps extends InputProps {
  /** The input's id; its error, when there is one, is `<id>-error`. */
  id: string;
  label: string;
  value: string;
  /** Said under the box, announced, and tied to the input so a screen reader reads it with the box. */
  error?: string | null | undefined;
  onValueChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input with its error under it: the one shape of a box in the app's forms and dialogs. */
export function TextField({ id, label, value, error, onValueChange, inputRef, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        className="input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
