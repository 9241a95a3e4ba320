import { settingsKey } from '../../../shared/storage/settings';
import type { NoticeTone } from './sound';

// What a live notice does beyond the page: a browser Notification when the member turned
// Push Notifications on, allowed them, and is looking at another tab; a short tone when Sound Effects is on.

const NOTIFICATION_TITLE = 'Mycelius';

function notificationApi(): typeof Notification | null {
  return typeof Notification === 'undefined' ? null : Notification;
}

/**
 * Asks the browser for permission (it only asks while the person is acting, e.g. flipping the switch).
 * Answers the permission it ends with; 'unsupported' without a Notification API.
 */
export async function requestNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  const api = notificationApi();
  if (!api) return 'unsupported';
  if (api.permission !== 'default') return api.permission;
  try {
    return await api.requestPermission();
  } catch (error) {
    console.warn('Notification permission could not be asked', error);
    return api.permission;
  }
}

/** Shows `text` as a browser notification if the switch, the permission and a hidden page all allow it. */
function showBrowserNotification(text: string, pushOn: boolean): boolean {
  const api = notificationApi();
  if (!pushOn || !api || api.permission !== 'granted' || !document.hidden) return false;
  try {
    new api(NOTIFICATION_TITLE, { body: text, tag: text });
    return true;
  } catch (error) {
    // Some browsers only allow notifications from a service worker.
    console.warn('A browser notification could not be shown', error);
    return false;
  }
}

export interface NoticeOutlets {
  notified: boolean;
  sounded: boolean;
}

/** Tells the member of a notice outside the page, as their settings (read now) ask; `tone` plays the sound. */
export function announceBeyondPage(text: string, tone: NoticeTone): NoticeOutlets {
  const settings = settingsKey.read();
  const notified = showBrowserNotification(text, settings.notifications);
  const sounded = settings.soundEffects && tone();
  return { notified, sounded };
}
