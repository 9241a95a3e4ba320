import { assign, type EventObject } from 'xstate';
import { firstInvalidField, hasErrors, type FieldErrors } from '../domain/validation';

/**
 * The rhythm both auth forms follow (docs/product.md section 5), kept in one place so log-in and sign-up cannot
 * drift apart: errors stay hidden while the form is first filled; a failed SUBMIT shows them, focuses the
 * first invalid field and from then on errors follow every keystroke; a valid SUBMIT fades out (`leaving`)
 * and, after `navigateDelay`, reaches `done`, whose entry navigates. Each flow keeps its own machine file and
 * setup(); this module only supplies the shared pieces.
 */
export interface FormContext<F extends string> {
  values: Record<F, string>;
  errors: FieldErrors<F>;
}

export type FormEvent<F extends string> = { type: 'CHANGE'; field: F; value: string } | { type: 'SUBMIT' };

// TEvent is only known to be an EventObject here, so CHANGE is recognised by its type alone.
function isChange<F extends string>(event: EventObject): event is Extract<FormEvent<F>, { type: 'CHANGE' }> {
  return event.type === 'CHANGE';
}

type Validate<F extends string> = (values: Record<F, string>) => FieldErrors<F>;

/** Actions, guards and delays for setup(); TEvent is the flow's whole event union (it may add its own events). */
export function formFlowImplementations<F extends string, TEvent extends EventObject>(validate: Validate<F>) {
  return {
    actions: {
      setValue: assign<FormContext<F>, TEvent, undefined, TEvent, never>({
        values: ({ context, event }) => (isChange<F>(event) ? { ...context.values, [event.field]: event.value } : context.values),
      }),
      showErrors: assign<FormContext<F>, TEvent, undefined, TEvent, never>({ errors: ({ context }) => validate(context.values) }),
      focusField: (_: unknown, _params: { field: F | undefined }) => {
        // Provided by the screen: moves keyboard focus to that field's input.
      },
      goToConnections: () => {
        // Provided by the screen: navigate('/connections').
      },
    },
    guards: {
      formIsValid: ({ context }: { context: FormContext<F> }) => !hasErrors(validate(context.values)),
    },
    delays: { navigateDelay: 500 },
  };
}

/** The states of the flow; `editingOn` adds the flow's own handlers while the form is being edited. */
export function formFlowStates<F extends string, const TOn extends object = object>(
  fields: readonly F[],
  validate: Validate<F>,
  editingOn: TOn = {} as TOn,
) {
  return {
    editing: {
      initial: 'filling',
      on: {
        SUBMIT: [
          { guard: 'formIsValid', target: 'leaving' },
          {
            target: '.correcting',
            actions: [
              'showErrors',
              {
                type: 'focusField',
                params: ({ context }: { context: FormContext<F> }) => ({ field: firstInvalidField(fields, validate(context.values)) }),
              },
            ],
          },
        ],
        ...editingOn,
      },
      states: {
        filling: { on: { CHANGE: { actions: 'setValue' } } },
        correcting: { on: { CHANGE: { actions: ['setValue', 'showErrors'] } } },
      },
    },
    leaving: { after: { navigateDelay: 'done' } },
    done: { type: 'final', entry: 'goToConnections' },
  } as const;
}
