import { useRef, type RefObject } from 'react';

export type FieldInputs<F extends string> = RefObject<Partial<Record<F, HTMLInputElement | null>>>;

/**
 * A form's inputs by field, and the focusField action its machine calls after a refusal: the screen
 * fills `inputs` as it renders the boxes, the machine names the box the cursor goes to.
 */
export function useFieldFocus<F extends string>() {
  const inputs: FieldInputs<F> = useRef({});
  const focusField = (_: unknown, { field }: { field: F | undefined }) => {
    if (field) inputs.current[field]?.focus();
  };
  return { inputs, focusField };
}
