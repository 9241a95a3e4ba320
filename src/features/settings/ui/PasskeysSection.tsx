import { useActorRef, useSelector } from '@xstate/react';
import { passkeyTexts as texts } from '../../../domain/passkeys';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { inspectOptions } from '../../../shared/ui/inspect';
import { StatusNotice } from '../../../shared/ui/StatusNotice';
import { AddPasskeyDialog } from './AddPasskeyDialog';
import { usePasskeysMachine } from './SettingsActors';
import { LoadFailedAlert } from '../../../shared/ui/LoadFailedAlert';

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** Settings' 'Passkeys' (members only): the member's passkeys with their names and dates, add and remove. */
export function PasskeysSection() {
  const actor = useActorRef(usePasskeysMachine(), inspectOptions());
  const ready = useSelector(actor, (s) => s.matches('ready'));
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const dialogOpen = useSelector(actor, (s) => s.matches('confirming') || s.matches('adding'));
  const asking = useSelector(actor, (s) => s.matches('askingRemoval') || s.matches('removingPasskey'));
  const removingBusy = useSelector(actor, (s) => s.matches('removingPasskey'));
  const passkeys = useSelector(actor, (s) => s.context.passkeys);
  const removing = useSelector(actor, (s) => s.context.removing);
  const error = useSelector(actor, (s) => s.context.error);
  const notice = useSelector(actor, (s) => s.context.notice);

  return (
    <section className="card settings-section" aria-labelledby="settings-passkeys">
      <h2 id="settings-passkeys">{texts.heading}</h2>
      <p className="setting-value">{texts.intro}</p>
      <LoadFailedAlert error={error} onRetry={failed ? () => actor.send({ type: 'RETRY' }) : undefined} />
      <StatusNotice notice={notice} onDismiss={() => actor.send({ type: 'DISMISS_NOTICE' })} />
      {!loading && !failed && (
        <ul className="setting-list" aria-label={texts.heading}>
          {passkeys.length === 0 && <li className="setting-row setting-value">{texts.none}</li>}
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="settings-action">
              <div>
                <p className="setting-title">{passkey.name}</p>
                <p className="setting-value">{texts.created(dateFormat.format(new Date(passkey.createdAt)))}</p>
              </div>
              <button
                type="button"
                className="btn btn-outline btn-small"
                aria-label={`${texts.remove} ${passkey.name}`}
                aria-haspopup="dialog"
                disabled={!ready}
                onClick={() => actor.send({ type: 'REMOVE', passkey })}
              >
                {texts.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="settings-passkeys-add">
        <button type="button" className="btn btn-primary btn-small" aria-haspopup="dialog" disabled={!ready} onClick={() => actor.send({ type: 'ADD' })}>
          {texts.add}
        </button>
      </div>
      {dialogOpen && <AddPasskeyDialog actor={actor} />}
      {asking && removing && (
        <ConfirmDialog
          title={texts.removeTitle}
          message={texts.removeMessage(removing.name)}
          confirmLabel={texts.remove}
          busy={removingBusy}
          onConfirm={() => actor.send({ type: 'CONFIRM' })}
          onCancel={() => actor.send({ type: 'CANCEL' })}
          fallbackFocus={() => document.getElementById('settings-passkeys')}
        />
      )}
    </section>
  );
}
