// A tier's or category's icon (an emoji, SPEC.md §4) drawn as a Twemoji picture, the same on every
// platform whether or not it has an emoji font (issue 23). Every place such an icon shows goes through
// this: the shop's category tabs, the tier cards, the admin's tier and category screens and forms, the
// console. Each emoji of the text (one grapheme: a flag, a keycap, a ZWJ family, a skin tone) becomes
// one picture; text that is no emoji, or whose picture does not load, stays text.
import { EMOJI_PATH, emojiFileName } from '@starport/api-client/emoji';
import { useState } from 'react';

/** Made on first need: the first Intl object a page makes loads ICU's data (54-80 ms of /shop's and /tiers' start-up at 4x CPU). */
let segmenter: Intl.Segmenter | null | undefined;

/** The text's graphemes: one emoji each, however many code points make it. */
export function emojiParts(text: string): string[] {
  const points = Array.from(text);
  // One code point, or one and the emoji presentation selector (an Extend: never a grapheme of its
  // own): one grapheme, as most icons are ("🚀", "🛡️"), told without the segmenter.
  if (points.length <= 1 || (points.length === 2 && points[1] === '\uFE0F')) return points.length ? [text] : [];
  segmenter ??= typeof Intl.Segmenter === 'function' ? new Intl.Segmenter() : null;
  return segmenter ? Array.from(segmenter.segment(text), (part) => part.segment) : [text];
}

export interface EmojiIconProps {
  emoji: string;
  /**
   * The icon's name when nothing beside it names the thing (an icon alone); without it the icon is
   * decorative (`alt=""`, hidden from screen readers), as where a tier's or category's name is beside it.
   */
  label?: string;
  /** The pictures' width and height attributes in pixels; the stylesheet sizes them to the text (1em). */
  size?: number;
  className?: string;
}

export function EmojiIcon({ emoji, label, size = 36, className }: EmojiIconProps) {
  // Pictures that failed to load: their emoji shows as text instead.
  const [failed, setFailed] = useState<string[]>([]);
  const pictures = emojiParts(emoji.trim()).map((part, index) => {
    const name = emojiFileName(part);
    return name && !failed.includes(name) ? (
      <img
        // biome-ignore lint/suspicious/noArrayIndexKey: the same emoji may come twice; the order is the text's.
        key={index}
        src={`${EMOJI_PATH}${name}.svg`}
        alt=""
        width={size}
        height={size}
        decoding="async"
        onError={() => setFailed((names) => [...names, name])}
      />
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above.
      <span key={index}>{part}</span>
    );
  });
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: named, it is role="img"; decorative, it is hidden.
    <span
      className={className ? `emoji-icon ${className}` : 'emoji-icon'}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={!label || undefined}
    >
      {pictures}
    </span>
  );
}
