// Emoji as pictures (issue 23): tier and category icons are emoji (SPEC.md §4), drawn from the Twemoji
// set (@twemoji/svg, graphics CC-BY 4.0) so they look the same on every platform, with or without an
// emoji font. One rule names the picture of an emoji, shared by the pages that show it and the server
// and console that ship the files: its code points in lower-case hex joined by '-', every variation
// selector (U+FE0F, U+FE0E) left out. Twemoji keeps U+FE0F in some of its file names (ZWJ sequences such
// as 1f3f3-fe0f-200d-1f308) and drops it in the others; the server and the console's build name each
// file by this rule, so an emoji typed with or without its selectors finds its picture.

/** The version of @twemoji/svg the pictures come from: part of their addresses, so a new set gets new URLs. */
export const EMOJI_SET_VERSION = '15.0.0';

/** Where the pictures are: `${EMOJI_PATH}1f680.svg` (the site's server, and the console's own files). */
export const EMOJI_PATH = `/emoji/${EMOJI_SET_VERSION}/`;

/** Something an emoji picture can stand for: a pictograph, a skin tone, a flag's letter or a keycap. */
const EMOJI_LIKE = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u20e3/u;
const VARIATION_SELECTOR = /[\ufe0e\ufe0f]/gu;

/** The picture's name (without `.svg`) for one emoji (one grapheme), or null for plain text. */
export function emojiFileName(emoji: string): string | null {
  if (!EMOJI_LIKE.test(emoji)) return null;
  return Array.from(emoji.replace(VARIATION_SELECTOR, ''), (char) => char.codePointAt(0)?.toString(16)).join('-');
}

/**
 * The name a file of the Twemoji set (`1f3f3-fe0f-200d-1f308.svg`) is served under by the rule above
 * (`1f3f3-200d-1f308`), or null for a file that is no emoji's picture. The server and the console's
 * build name the set's files with it.
 */
export function emojiNameOfFile(file: string): string | null {
  const match = /^([0-9a-f]{1,6}(?:-[0-9a-f]{1,6})*)\.svg$/.exec(file);
  if (!match?.[1]) return null;
  const points = match[1].split('-').map((hex) => Number.parseInt(hex, 16));
  return points.every((point) => point <= 0x10ffff) ? emojiFileName(String.fromCodePoint(...points)) : null;
}
