import { fromPromise } from 'xstate';
import type { PrivacySettings, Settings } from '../../../domain/settings';
import { isSessionEnded } from '../../../shared/http/errors';
import { settingsWithServerPrivacy, sharePrivacyWithServer } from '../../../shared/http/memberSettings';
import { clearAppData, logOutStorage } from '../../../shared/storage/appData';
import { settingsKey } from '../../../shared/storage/settings';
import { requestNotificationPermission } from '../../live';
import { deleteAccountThrough, settledSession, type SessionActor } from '../../session';
import { exportForSession } from '../services/exportData';
import { passkeysActorsWith } from './passkeys.actors';
import { privacySafetyActorsWith } from './privacySafety.actors';
import { saveJsonFile } from '../services/fileDownload';

/** Settings' `exportData`: the device's data, plus the server's copy while a member is signed in. */
export function exportDataWith(session: SessionActor) {
  return fromPromise<unknown>(() => exportForSession(session));
}

/**
 * Settings' privacy IO for the session: a member's privacy switches start as the server keeps them and are
 * told to it (a 401 ends the session); a guest's stay on the device.
 */
export function privacyActorsWith(session: SessionActor) {
  const isMember = async () => (await settledSession(session)).matches('member');
  const endOnUnauthenticated = (error: unknown): never => {
    if (isSessionEnded(error)) session.send({ type: 'SESSION_EXPIRED' });
    throw error;
  };
  return {
    loadSettings: fromPromise<Settings>(async () => {
      if (!(await isMember())) return settingsKey.read();
      // Unreachable, the device copy stands; the next switch tells the server again.
      return settingsWithServerPrivacy().catch((error: unknown) => {
        if (isSessionEnded(error)) session.send({ type: 'SESSION_EXPIRED' });
        else console.error('Could not read the privacy the server keeps', error);
        return settingsKey.read();
      });
    }),
    sharePrivacy: fromPromise<PrivacySettings, PrivacySettings>(async ({ input }) =>
      (await isMember()) ? sharePrivacyWithServer(input).catch(endOnUnauthenticated) : input,
    ),
  };
}

/** What settings does on this device: clear or log out the device's data, offer the export as a file. */
export const settingsDeviceActions = {
  // Browsers ask only while the person acts: this runs inside the switch's click.
  askNotificationPermission: () => {
    void requestNotificationPermission();
  },
  clearData: () => clearAppData(),
  logOut: () => logOutStorage(),
  saveExport: (_: unknown, params: { data: unknown }) => saveJsonFile('mycelius-my-data.json', params.data),
};

/** Every switch saves the whole settings object on the device. */
export const saveSettingsOnDevice = fromPromise<unknown, Settings>(async ({ input }) => settingsKey.write(input));

/** The settings feature's real IO, given the app's session actor. */
export const settingsActors = {
  settings: (session: SessionActor) => ({
    actors: { ...privacyActorsWith(session), exportData: exportDataWith(session), saveSettings: saveSettingsOnDevice },
    actions: settingsDeviceActions,
  }),
  privacySafety: (session: SessionActor) => ({ actors: privacySafetyActorsWith(session) }),
  passkeys: (session: SessionActor) => ({ actors: passkeysActorsWith(session) }),
  accountDeletion: (session: SessionActor) => ({
    // The session deletes the account (and becomes a guest).
    actors: { deleteAccount: fromPromise<unknown, { password: string }>(({ input }) => deleteAccountThrough(session, input.password)) },
  }),
};
export type SettingsActors = typeof settingsActors;
