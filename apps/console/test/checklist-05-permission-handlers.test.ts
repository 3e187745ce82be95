// Electron security checklist 5 (handle session permission requests): SECURITY.md "a permission
// handler that refuses". The console uses no web permission (its copy and paste are the Edit menu's
// native roles), so every request is refused and logged, every check answers no, and no device is
// granted.
import type { Session, WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import { refuseAllPermissions } from '../src/main/permissions.ts';
import { FakeSession, FakeWebContents } from './fake-electron.ts';

// Every permission Electron 45 names for requests and checks (docs: Session.setPermission*Handler).
const requestedAndChecked = [
  'clipboard-read',
  'clipboard-sanitized-write',
  'fileSystem',
  'fullscreen',
  'geolocation',
  'idle-detection',
  'media',
  'mediaKeySystem',
  'midi',
  'midiSysex',
  'notifications',
  'openExternal',
  'pointerLock',
  'storage-access',
  'top-level-storage-access',
];
const requested = [
  ...requestedAndChecked,
  'display-capture',
  'keyboardLock',
  'speaker-selection',
  'window-management',
  'unknown',
];
const checked = [...requestedAndChecked, 'deprecated-sync-clipboard-read', 'hid', 'serial', 'usb'];

function guarded() {
  const session = new FakeSession();
  const logged: [string, string][] = [];
  refuseAllPermissions(session as unknown as Session, (what, detail) => logged.push([what, detail]));
  return { session, logged };
}

const contents = new FakeWebContents() as unknown as WebContents;

describe('permission requests', () => {
  it.each(requested)('refuses %s and logs the refusal', (permission) => {
    const { session, logged } = guarded();
    const answers: boolean[] = [];
    session.requestHandler?.(contents, permission, (granted) => answers.push(granted), {
      requestingUrl: 'app://console/index.html',
      isMainFrame: true,
    });
    expect(answers).toEqual([false]);
    expect(logged).toEqual([['permission request', `${permission} for app://console/index.html`]]);
  });

  it('refuses a request from any other page too', () => {
    const { session, logged } = guarded();
    const answers: boolean[] = [];
    session.requestHandler?.(contents, 'media', (granted) => answers.push(granted), {
      requestingUrl: 'https://evil.example/',
      isMainFrame: false,
    });
    expect(answers).toEqual([false]);
    expect(logged).toEqual([['permission request', 'media for https://evil.example/']]);
  });
});

describe('permission checks', () => {
  it.each(checked)('answer no for %s', (permission) => {
    const { session } = guarded();
    expect(session.checkHandler?.(contents, permission, 'app://console', { isMainFrame: true })).toBe(false);
    expect(session.checkHandler?.(null, permission, 'https://evil.example', {})).toBe(false);
  });
});

describe('devices', () => {
  it.each(['hid', 'serial', 'usb'] as const)('no %s device is granted', (deviceType) => {
    const { session } = guarded();
    expect(session.deviceHandler?.({ deviceType, origin: 'app://console' })).toBe(false);
  });
});
