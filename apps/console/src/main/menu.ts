// The console's menu: Reload and Sign Out (the renderer revokes the token), plus the usual edit
// roles so copy and paste work in the forms.
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  reload: () => void;
  signOut: () => void;
  quit: () => void;
}

export function menuTemplate(actions: MenuActions): MenuItemConstructorOptions[] {
  return [
    {
      label: 'Console',
      submenu: [
        { label: 'Reload', accelerator: 'CmdOrCtrl+R', click: actions.reload },
        { label: 'Sign Out', click: actions.signOut },
        { type: 'separator' },
        { label: 'Quit', accelerator: 'CmdOrCtrl+Q', click: actions.quit },
      ],
    },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
  ];
}
