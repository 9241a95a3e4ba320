// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { friendNameFor } from '../../src/features/live/services/friendNames';
import { announceBeyondPage, requestNotificationPermission } from '../../src/features/live/services/notifications';
import { createNoticeTone, type NoticeTone } from '../../src/features/live/services/sound';
import { json, mockFetch } from './fetchMock';

// What a live notice does beyond the page: a browser Notification (Push Notifications on, permission given,
// tab hidden) and a Web Audio tone (Sound Effects on); and whose name a message notice says.

const browser = {
  permission: 'default' as NotificationPermission,
  answer: 'granted' as NotificationPermission,
  shown: [] as { title: string; body?: string }[],
  asked: 0,
};

/** The browser's Notification: a constructor that shows, with the permission and its question. */
function FakeNotification(title: string, options: NotificationOptions = {}) {
  browser.shown.push({ title, body: options.body });
}
Object.defineProperty(FakeNotification, 'permission', { get: () => browser.permission });
FakeNotification.requestPermission = async () => {
  browser.asked += 1;
  browser.permission = browser.answer;
  return browser.answer;
};

class FakeAudioContext {
  static made = 0;
  static started: number[] = [];
  state = 'running';
  currentTime = 2;
  destination = {};
  constructor() {
    FakeAudioContext.made += 1;
  }
  createOscillator() {
    const oscillator = {
      type: '',
      frequency: { setValueAtTime: (hz: number) => FakeAudioContext.started.push(hz) },
      connect: () => undefined,
      start: () => undefined,
      stop: () => undefined,
    };
    return oscillator;
  }
  createGain() {
    return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: () => undefined };
  }
  resume() {
    return Promise.resolve();
  }
}

function hideTab(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
}

function storeSettings(notifications: boolean, soundEffects: boolean) {
  localStorage.setItem(
    'user_settings',
    JSON.stringify({ theme: 'dark', profileVisibility: 'public', notifications, soundEffects, showOnlineStatus: true }),
  );
}

let tone: NoticeTone;

beforeEach(() => {
  localStorage.clear();
  browser.permission = 'default';
  browser.answer = 'granted';
  browser.shown = [];
  browser.asked = 0;
  FakeAudioContext.made = 0;
  FakeAudioContext.started = [];
  tone = createNoticeTone();
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  hideTab(false);
});

afterEach(() => vi.unstubAllGlobals());

describe('browser notifications', () => {
  it('asks for permission once, and then answers what the browser keeps', async () => {
    expect(await requestNotificationPermission()).toBe('granted');
    expect(await requestNotificationPermission()).toBe('granted');
    expect(browser.asked).toBe(1);
  });

  it('says unsupported where there is no Notification API', async () => {
    vi.stubGlobal('Notification', undefined);
    expect(await requestNotificationPermission()).toBe('unsupported');
  });

  it('shows a notification only with the switch on, permission granted and the tab hidden', () => {
    storeSettings(true, false);
    browser.permission = 'granted';
    expect(announceBeyondPage('New message from nova', tone)).toEqual({ notified: false, sounded: false });
    hideTab(true);
    expect(announceBeyondPage('New message from nova', tone)).toEqual({ notified: true, sounded: false });
    expect(browser.shown).toEqual([{ title: 'Mycelius', body: 'New message from nova' }]);
    browser.permission = 'denied';
    expect(announceBeyondPage('juno sent you a friend request', tone).notified).toBe(false);
    browser.permission = 'granted';
    storeSettings(false, false);
    expect(announceBeyondPage('juno sent you a friend request', tone).notified).toBe(false);
    expect(browser.shown).toHaveLength(1);
  });

  it('plays the tone with Sound Effects on (the default) and stays quiet with it off', () => {
    expect(announceBeyondPage('New message from nova', tone)).toEqual({ notified: false, sounded: true });
    storeSettings(false, false);
    expect(announceBeyondPage('New message from nova', tone).sounded).toBe(false);
    expect(FakeAudioContext.made).toBe(1);
  });
});

describe('notice tone', () => {
  it('plays two rising notes from oscillators, reusing one audio context per player', () => {
    expect(tone()).toBe(true);
    expect(tone()).toBe(true);
    expect(FakeAudioContext.made).toBe(1);
    expect(FakeAudioContext.started).toEqual([660, 880, 660, 880]);
    // Another player (another member's notices) makes its own context.
    expect(createNoticeTone()()).toBe(true);
    expect(FakeAudioContext.made).toBe(2);
  });

  it('is silent without Web Audio', () => {
    vi.stubGlobal('AudioContext', undefined);
    expect(tone()).toBe(false);
  });
});

describe('friend names for message notices', () => {
  it("finds a friend's username in the friends list, asking the server once per unknown id", async () => {
    const friend = (id: string, username: string) => ({ id, username, avatar: username.slice(0, 2).toUpperCase(), profilePicture: '', since: '2026-11-23T10:00:00.000Z' });
    const { calls } = mockFetch({ 'GET /api/friends': json({ friends: [friend('m-2', 'nova'), friend('m-3', 'juno')] }) });
    expect(await friendNameFor('m-2')).toBe('nova');
    expect(await friendNameFor('m-3')).toBe('juno');
    expect(calls).toHaveLength(1);
    expect(await friendNameFor('m-9')).toBeNull();
    expect(calls).toHaveLength(2);
  });
});
