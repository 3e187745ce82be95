// Electron checklist 5: the console uses no web permission (no camera, microphone, notifications,
// clipboard API, location, devices...; copy and paste are the Edit menu's native roles), so its
// session refuses every request (and logs it), answers no to every check and grants no device.
// Electron's default, without these handlers, is to grant everything.
import type { Session } from 'electron';
import { logRefusal, type RefusalLog } from './refusal-log.ts';

export function refuseAllPermissions(session: Session, log: RefusalLog = logRefusal): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    log('permission request', `${permission} for ${details.requestingUrl}`);
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
