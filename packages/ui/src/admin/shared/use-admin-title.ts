// Names the browser tab (or console window) after the admin screen, so history says where each entry leads.
import { useEffect } from 'react';

export function useAdminTitle(screen: string) {
  useEffect(() => {
    document.title = `${screen} · Admin · Starport`;
  }, [screen]);
}
