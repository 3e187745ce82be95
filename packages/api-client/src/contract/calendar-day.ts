// A calendar day as the site and the server write it, "Dec 1, 2026": what Intl's en-US format
// { year: 'numeric', month: 'short', day: 'numeric' } writes, character for character, without Intl.
// The first Intl format a page makes loads the locale's data in one piece: 117 ms of the inventory's
// start-up on Lighthouse's phone (4x slower CPU), measured, for a date format made as its module loaded.

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/**
 * The day of `year`, `month` (0-11) and `day` (a Date's parts) as Intl's en-US writes it, for any
 * year a Date holds: a year before 1 AD is written as its number BC, without an era, as Intl does.
 */
export const calendarDay = (year: number, month: number, day: number): string =>
  `${MONTHS[month]} ${day}, ${year > 0 ? year : 1 - year}`;
