// The common-password list for a form that sets a password: a chunk of its own (about 40 KB gzipped),
// fetched when such a form is shown, never with the first page. Until it arrives (or if it cannot),
// the form goes without it: the server refuses a common password all the same.
import { useEffect, useState } from 'react';

export type CommonPasswordCheck = (password: string) => boolean;

export function useCommonPasswordCheck(): CommonPasswordCheck | null {
  const [check, setCheck] = useState<CommonPasswordCheck | null>(null);
  useEffect(() => {
    let live = true;
    import('@starport/api-client/common-passwords').then(
      ({ isCommonPassword }) => {
        if (live) setCheck(() => isCommonPassword);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return check;
}
