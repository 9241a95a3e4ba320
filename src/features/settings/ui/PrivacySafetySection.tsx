import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { friendRequestsFromSchema, privacySafetyTexts as texts, type FriendRequestsFrom } from '../../../domain/privacySafety';
import { inspectOptions } from '../../../shared/ui/inspect';
import { usePrivacySafetyMachine } from './SettingsActors';
import { SwitchRow } from './SwitchRow';
import { LoadFailedAlert } from '../../../shared/ui/LoadFailedAlert';

/** Settings' 'Privacy and safety' (members only): who may ask to be friends, whether my reads and typing are told, and whether others' reads are shown to me. */
export function PrivacySafetySection() {
  const actor = useActorRef(usePrivacySafetyMachine(), inspectOptions());
  const ready = useSelector(actor, (s) => s.matches('ready'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const safety = useSelector(actor, (s) => s.context.safety);
  const error = useSelector(actor, (s) => s.context.error);
  const name = useId();
  return (
    <section className="card settings-section" aria-labelledby="settings-privacy-safety">
      <h2 id="settings-privacy-safety">{texts.heading}</h2>
      <LoadFailedAlert error={error} onRetry={failed ? () => actor.send({ type: 'RETRY' }) : undefined} />
      <ul className="setting-list">
        <li className="setting-row">
          <fieldset className="setting-choice" disabled={!ready}>
            <legend className="setting-title">{texts.friendRequestsTitle}</legend>
            {friendRequestsFromSchema.options.map((value: FriendRequestsFrom) => (
              <label key={value} className="setting-option">
                <input
                  type="radio"
                  name={name}
                  value={value}
                  checked={safety.friendRequests === value}
                  onChange={() => actor.send({ type: 'CHOOSE_FRIEND_REQUESTS', value })}
                />{' '}
                {texts.friendRequestsOptions[value]}
              </label>
            ))}
          </fieldset>
        </li>
        <SwitchRow title={texts.readReceiptsTitle} valueText={safety.sendReadReceipts ? texts.on : texts.off} checked={safety.sendReadReceipts} disabled={!ready} onToggle={() => actor.send({ type: 'TOGGLE_READ_RECEIPTS' })} />
        <SwitchRow title={texts.typingTitle} valueText={safety.sendTypingIndicator ? texts.on : texts.off} checked={safety.sendTypingIndicator} disabled={!ready} onToggle={() => actor.send({ type: 'TOGGLE_TYPING' })} />
        <SwitchRow
          title={texts.showReadReceiptsTitle}
          valueText={safety.showReadReceipts ? texts.on : texts.off}
          checked={safety.showReadReceipts}
          disabled={!ready}
          onToggle={() => actor.send({ type: 'TOGGLE_SHOW_READ_RECEIPTS' })}
        />
      </ul>
    </section>
  );
}
