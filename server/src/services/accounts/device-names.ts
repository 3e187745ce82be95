// A session's browser and system in words ("Firefox on Windows"), from the user agent it signed in
// with, for the player's list of signed-in devices. Parsed by bowser, a maintained detector, rather
// than our own patterns, which would age as browsers do.
import Bowser from 'bowser';

/** What the list says when the user agent says nothing we can name. */
export const UNKNOWN_DEVICE = 'Unknown device';

/** The desktop console is an Electron app: its user agent names Electron (apps/console). */
const BROWSER_WORDS: Record<string, string> = { Electron: 'Starport console' };

export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent?.trim()) return UNKNOWN_DEVICE;
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(userAgent);
  } catch {
    return UNKNOWN_DEVICE;
  }
  const browserName = parsed.browser.name;
  const browser = browserName ? (BROWSER_WORDS[browserName] ?? browserName) : null;
  const system = parsed.os.name ?? null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
}
