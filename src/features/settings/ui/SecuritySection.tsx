import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { securityTexts as texts, type ListedDevice } from '../../../domain/accountSecurity';
import { inspectOptions } from '../../../shared/ui/inspect';
import { TextField } from '../../../shared/ui/TextField';
import { useFieldFocus } from '../../../shared/ui/useFieldFocus';
import { fieldError, type ChangePasswordField } from '../machines/changePassword.machine';
import type { signedInDevicesMachine } from '../machines/signedInDevices.machine';
import { useChangePasswordMachine, useSignedInDevicesMachine } from './SecurityActors';
import { LoadFailedAlert } from '../../../shared/ui/LoadFailedAlert';

const passwordFields: { field: ChangePasswordField; label: string; autoComplete: string }[] = [
  { field: 'currentPassword', label: texts.currentPasswordLabel, autoComplete: 'current-password' },
  { field: 'newPassword', label: texts.newPasswordLabel, autoComplete: 'new-password' },
  { field: 'confirmPassword', label: texts.confirmPasswordLabel, autoComplete: 'new-password' },
];

/** Settings' 'Security' (members only): change the password, and see and sign out the devices signed in. */
export function SecuritySection() {
  const devices = useActorRef(useSignedInDevicesMachine(), inspectOptions());
  return (
    <section className="card settings-section security-section" aria-labelledby="settings-security">
      <h2 id="settings-security">{texts.heading}</h2>
      <ChangePasswordForm onChanged={() => devices.send({ type: 'RELOAD' })} />
      <SignedInDevices actor={devices} />
    </section>
  );
}

function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const machine = useChangePasswordMachine();
  const { inputs, focusField } = useFieldFocus<ChangePasswordField>();
  const actor = useActorRef(machine.provide({ actions: { passwordChanged: onChanged, focusField } }), inspectOptions());
  const context = useSelector(actor, (s) => s.context);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const id = useId();
  const headingId = `${id}-heading`;
  const formError = context.serverError && !context.serverError.field ? context.serverError.message : null;
  return (
    <form
      className="security-form"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
    >
      <h3 id={headingId}>{texts.changePasswordHeading}</h3>
      {formError && (
        <p className="alert" role="alert">
          {formError}
        </p>
      )}
      {passwordFields.map(({ field, label, autoComplete }) => (
        <TextField
          key={field}
          id={`${id}-${field}`}
          inputRef={(input) => {
            inputs.current[field] = input;
          }}
          label={label}
          type="password"
          autoComplete={autoComplete}
          value={context.values[field]}
          readOnly={saving}
          error={fieldError(context, field)}
          onValueChange={(value) => actor.send({ type: 'CHANGE', field, value })}
        />
      ))}
      <div role="status" aria-live="polite">
        {context.notice && <p className="security-notice">{context.notice}</p>}
      </div>
      <button type="submit" className="btn btn-primary btn-small" disabled={saving} aria-busy={saving || undefined}>
        {saving ? texts.changing : texts.changePassword}
      </button>
    </form>
  );
}

function SignedInDevices({ actor }: { actor: ActorRefFrom<typeof signedInDevicesMachine> }) {
  const devices = useSelector(actor, (s) => s.context.devices);
  const error = useSelector(actor, (s) => s.context.error);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const ready = useSelector(actor, (s) => s.matches('ready'));
  const ending = useSelector(actor, (s) => (s.matches('endingOne') ? s.context.ending : s.matches('endingOthers') ? 'others' : null));
  const others = devices.filter((device) => !device.current);
  return (
    <div className="security-devices">
      <h3 id="settings-devices">{texts.devicesHeading}</h3>
      <LoadFailedAlert error={error} onRetry={failed ? () => actor.send({ type: 'RETRY' }) : undefined} />
      <ul className="setting-list" aria-labelledby="settings-devices" aria-busy={!ready || undefined}>
        {devices.map((device: ListedDevice) => (
          <li className="setting-row device-row" key={device.id}>
            <div className="setting-text">
              <p className="setting-title">
                {device.name}
                {device.current && <span className="badge device-this">{texts.thisDevice}</span>}
              </p>
              <p className="setting-value">{device.lastActive}</p>
            </div>
            {!device.current && (
              <button
                type="button"
                className="btn btn-outline btn-small"
                aria-label={`${texts.signOut} ${device.name}`}
                disabled={!ready}
                aria-busy={ending === device.id || undefined}
                onClick={() => actor.send({ type: 'SIGN_OUT', id: device.id })}
              >
                {texts.signOut}
              </button>
            )}
          </li>
        ))}
      </ul>
      {ready && others.length === 0 && <p className="setting-value">{texts.onlyThisDevice}</p>}
      {others.length > 0 && (
        <button type="button" className="btn btn-danger btn-small security-sign-out-others" disabled={!ready} aria-busy={ending === 'others' || undefined} onClick={() => actor.send({ type: 'SIGN_OUT_OTHERS' })}>
          {texts.signOutOthers}
        </button>
      )}
    </div>
  );
}
