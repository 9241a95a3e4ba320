import { assign, type EventObject } from 'xstate';
import { firstInvalidField, hasErrors, type FieldErrors } from '../../../domain/validation';
import { memberFailure } from '../../../domain/memberFailure';
import { actionNotProvided, notProvided } from '../../../shared/machines/notProvided';

/**
 * The rhythm both auth forms follow (docs/product.md section 5), kept in one place so log-in and sign-up cannot
 * drift apart: errors stay hidden while the form is first filled; a failed SUBMIT shows them, focuses the
 * first invalid field and from then on errors follow every keystroke. A valid SUBMIT is sent to the server
 * (`submitting`, through the screen's `submitCredentials`); once accepted the form fades out (`leaving`)
 * and, after `navigateDelay`, reaches `done`, whose entry navigates. A refused submit shows the server's
 * reason under the field it concerns (or for the whole form) and keeps everything typed.
 * 'Continue as guest' skips the server and leaves the same way. Each flow keeps its own machine file and
 * setup(); this module only supplies the shared pieces.
 */
export interface ServerError<F extends string> {
  /** The field the server's reason concerns; absent for reasons about the whole form. */
  field?: F;
  message: string;
}

export interface FormContext<F extends string> {
  values: Record<F, string>;
  errors: FieldErrors<F>;
  serverError: ServerError<F> | null;
}

export type FormEvent<F extends string> =
  | { type: 'CHANGE'; field: F; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CONTINUE_AS_GUEST' };

// TEvent is only known to be an EventObject here, so CHANGE is recognised by its type alone.
function isChange<F extends string>(event: EventObject): event is Extract<FormEvent<F>, { type: 'CHANGE' }> {
  return event.type === 'CHANGE';
}

type Validate<F extends string> = (values: Record<F, string>) => FieldErrors<F>;

function serverErrorFrom<F extends string>(fields: readonly F[], error: unknown): ServerError<F> {
  const failure = memberFailure(error);
  const field = fields.find((f) => f === failure.field);
  return field ? { field, message: failure.message } : { message: failure.message };
}

/** Actions, guards, delays and actors for setup(); TEvent is the flow's whole event union. */
export function formFlowImplementations<F extends string, TEvent extends EventObject>(fields: readonly F[], validate: Validate<F>) {
  return {
    actors: {
      // Sends the values to the server through the session (the feature's actors/authForms.actors.ts); rejects
      // with its reason.
      submitCredentials: notProvided<unknown, Record<F, string>>('submitCredentials'),
    },
    actions: {
      setValue: assign<FormContext<F>, TEvent, undefined, TEvent, never>({
        values: ({ context, event }) => (isChange<F>(event) ? { ...context.values, [event.field]: event.value } : context.values),
        // A reason about a field is stale once that field changes; one about the whole form stays until the next submit.
        serverError: ({ context, event }) =>
          isChange<F>(event) && context.serverError?.field === event.field ? null : context.serverError,
      }),
      showErrors: assign<FormContext<F>, TEvent, undefined, TEvent, never>({ errors: ({ context }) => validate(context.values) }),
      clearServerError: assign<FormContext<F>, TEvent, undefined, TEvent, never>({ serverError: null }),
      showServerError: assign<FormContext<F>, TEvent, { error: unknown }, TEvent, never>({
        serverError: (_, params) => serverErrorFrom(fields, params.error),
      }),
      /** The screen's: moves keyboard focus to that field's input. */
      focusField: actionNotProvided<{ field: F | undefined }>('focusField'),
      /** The screen's navigate('/connections'). */
      goToConnections: actionNotProvided('goToConnections'),
    },
    guards: {
      formIsValid: ({ context }: { context: FormContext<F> }) => !hasErrors(validate(context.values)),
    },
    delays: { navigateDelay: 500 },
  };
}

/**
 * The form being edited: errors hidden while it is first filled; a SUBMIT that fails validation shows them,
 * focuses the first invalid field and from then on errors follow every keystroke; a valid one goes on to
 * `submitting`. `editingOn` adds the flow's own handlers. Every form of the session feature edits this way.
 */
export function formEditingState<F extends string, const TOn extends object = object>(fields: readonly F[], validate: Validate<F>, editingOn: TOn = {} as TOn) {
  return {
    initial: 'filling',
    on: {
      SUBMIT: [
        { guard: 'formIsValid', target: 'submitting' },
        {
          target: '.correcting',
          actions: [
            'clearServerError',
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
  } as const;
}

/**
 * The states of the log-in and sign-up flows; `editingOn` adds the flow's own handlers while the form is
 * being edited, and `acceptedAction` runs when the server accepts the submit, given the submit's output.
 */
export function formFlowStates<F extends string, const TOn extends object = object, const TAccepted extends string = never>(
  fields: readonly F[],
  validate: Validate<F>,
  editingOn: TOn = {} as TOn,
  acceptedAction?: TAccepted,
) {
  const accepted = acceptedAction === undefined ? [] : [{ type: acceptedAction, params: ({ event }: { event: { output: unknown } }) => ({ output: event.output }) }];
  return {
    editing: formEditingState(fields, validate, { CONTINUE_AS_GUEST: 'leaving', ...editingOn }),
    submitting: {
      entry: 'clearServerError',
      invoke: {
        id: 'submitCredentials',
        src: 'submitCredentials',
        input: ({ context }: { context: FormContext<F> }) => context.values,
        onDone: { target: 'leaving', actions: accepted },
        onError: {
          target: 'editing.correcting',
          actions: [
            { type: 'showServerError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
            {
              type: 'focusField',
              params: ({ context }: { context: FormContext<F> }) => ({ field: context.serverError?.field }),
            },
          ],
        },
      },
    },
    leaving: { after: { navigateDelay: 'done' } },
    done: { type: 'final', entry: 'goToConnections' },
  } as const;
}
