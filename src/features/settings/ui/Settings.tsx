import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import type { Settings as SettingsValue } from '../../../domain/settings';
import { selectEverythingSaved, selectQuestion, type SettingName, type SettingsQuestion } from '../machines/settings.machine';
import { useAccountDeletionMachine, useSettingsMachine } from './SettingsActors';
import { BlockedPeopleSection } from '../../safety/components';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { PasskeysSection } from './PasskeysSection';
import { PrivacySafetySection } from './PrivacySafetySection';
import { SecuritySection } from './SecuritySection';
import { EmailSection } from './EmailSection';
import { SwitchRow } from './SwitchRow';
import { SessionContext } from '../../session/components';
import { Screen } from '../../../shared/ui/ScreenShell';
import { StatusNotice } from '../../../shared/ui/StatusNotice';
import { inspectOptions } from '../../../shared/ui/inspect';
import { applyTheme } from '../../../shared/ui/theme';
import '../../../shared/ui/styles/social.css';

interface ToggleSpec {
  setting: SettingName;
  title: string;
  isOn: (s: SettingsValue) => boolean;
  on: string;
  off: string;
}

const TOGGLES: ToggleSpec[] = [
  { setting: 'theme', title: 'Theme', isOn: (s) => s.theme === 'dark', on: 'Dark mode', off: 'Light mode' },
  { setting: 'profileVisibility', title: 'Profile Visibility', isOn: (s) => s.profileVisibility === 'public', on: 'Visible to everyone', off: 'Visible to friends only' },
  { setting: 'showOnlineStatus', title: 'Online Status', isOn: (s) => s.showOnlineStatus, on: 'Visible to friends', off: 'Hidden from everyone' },
  { setting: 'notifications', title: 'Push Notifications', isOn: (s) => s.notifications, on: 'On', off: 'Off' },
  { setting: 'soundEffects', title: 'Sound Effects', isOn: (s) => s.soundEffects, on: 'On', off: 'Off' },
];

const sameQuestion = (a: SettingsQuestion | null, b: SettingsQuestion | null) => a?.title === b?.title;

export default function Settings() {
  const navigate = useNavigate();
  const session = SessionContext.useActorRef();
  const member = SessionContext.useSelector((s) => (s.matches('member') ? s.context.member : null));
  const settingsMachine = useSettingsMachine();
  const accountDeletionMachine = useAccountDeletionMachine();
  const actor = useActorRef(
    settingsMachine.provide({
      actions: {
        applyTheme: ({ context }) => applyTheme(context.settings.theme),
        goToAuth: () => void navigate('/auth'),
        endSession: () => session.send({ type: 'LOG_OUT' }),
      },
    }),
    inspectOptions(),
  );
  const deletion = useActorRef(
    accountDeletionMachine.provide({
      actions: { goToAuth: () => void navigate('/auth') },
    }),
    inspectOptions(),
  );
  const deleteDialogOpen = useSelector(deletion, (s) => s.matches('open') || s.matches('deleting'));
  const ready = useSelector(actor, (s) => s.matches('ready'));
  const everythingSaved = useSelector(actor, selectEverythingSaved);
  const settings = useSelector(actor, (s) => s.context.settings);
  const error = useSelector(actor, (s) => s.context.error);
  const notice = useSelector(actor, (s) => s.context.notice);
  const question = useSelector(actor, selectQuestion, sameQuestion);

  return (
    <Screen className="settings">
      <div className="page-title">
        <h1>Settings</h1>
      </div>
      {error && <p className="alert" role="alert">{error}</p>}
      <StatusNotice notice={notice} onDismiss={() => actor.send({ type: 'DISMISS_NOTICE' })} />

      <section className="card settings-section" aria-labelledby="settings-preferences">
        <h2 id="settings-preferences">Preferences</h2>
        <ul className="setting-list">
          {TOGGLES.map((spec) => (
            <SwitchRow
              key={spec.setting}
              title={spec.title}
              valueText={spec.isOn(settings) ? spec.on : spec.off}
              checked={spec.isOn(settings)}
              disabled={!ready}
              onToggle={() => actor.send({ type: 'TOGGLE', setting: spec.setting })}
            />
          ))}
        </ul>
      </section>

      {member ? <PrivacySafetySection /> : null}

      {member ? <PasskeysSection /> : null}

      {member ? <BlockedPeopleSection /> : null}

      {member ? <EmailSection email={member.email} /> : null}

      {member ? <SecuritySection /> : null}

      <section className="card settings-section" aria-labelledby="settings-data">
        <h2 id="settings-data">Your Data</h2>
        <div className="settings-action">
          <div>
            <p className="setting-title">Download my data</p>
            <p className="setting-value" id="download-desc">A JSON file of your profile, friends, settings, stats and chat logs{member ? ', with the server\'s copy of your account' : ''}. Service tokens are left out.</p>
          </div>
          <button type="button" className="btn btn-outline btn-small" aria-describedby="download-desc" disabled={!everythingSaved} onClick={() => actor.send({ type: 'DOWNLOAD' })}>
            Download my data
          </button>
        </div>
        <div className="settings-action">
          <div>
            <p className="setting-title">Clear App Data</p>
            <p className="setting-value" id="clear-desc">Deletes your profile, friends, settings and chat logs on this device. Connected services stay connected.</p>
          </div>
          <button type="button" className="btn btn-danger btn-small" aria-describedby="clear-desc" disabled={!everythingSaved} onClick={() => actor.send({ type: 'CLEAR_DATA' })}>
            Clear App Data
          </button>
        </div>
      </section>

      <section className="card settings-section" aria-labelledby="settings-account">
        <h2 id="settings-account">Account</h2>
        <p className="settings-account-status">
          {member ? (
            <>
              Signed in as <strong>{member.username}</strong>
            </>
          ) : (
            'Guest: your data stays on this device only.'
          )}
        </p>
        <div className="settings-action">
          <div>
            <p className="setting-title">Log Out</p>
            <p className="setting-value" id="logout-desc">Disconnects your music and tracking services and ends this session.</p>
          </div>
          <button type="button" className="btn btn-danger btn-small" aria-describedby="logout-desc" disabled={!everythingSaved} onClick={() => actor.send({ type: 'LOG_OUT' })}>
            Log Out
          </button>
        </div>
        {member && (
          <div className="settings-action">
            <div>
              <p className="setting-title">Delete account</p>
              <p className="setting-value" id="delete-desc">Removes your account and everything the server keeps about you. Asks for your password.</p>
            </div>
            <button type="button" className="btn btn-danger btn-small" aria-describedby="delete-desc" aria-haspopup="dialog" onClick={() => deletion.send({ type: 'OPEN' })}>
              Delete account
            </button>
          </div>
        )}
      </section>
      {deleteDialogOpen && <DeleteAccountDialog actor={deletion} />}
      {question && (
        <ConfirmDialog
          title={question.title}
          message={question.message}
          confirmLabel={question.confirmLabel}
          onConfirm={() => actor.send({ type: 'CONFIRM' })}
          onCancel={() => actor.send({ type: 'CANCEL' })}
        />
      )}

      <footer className="settings-footer">v1.0.0</footer>
    </Screen>
  );
}
