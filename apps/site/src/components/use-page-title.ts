// Sets the browser tab's title for a page, so history and tabs say where each one leads.
import { useEffect } from 'react';

export function usePageTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · Starport` : 'Starport — Multiplayer Space RTS';
  }, [title]);
}
