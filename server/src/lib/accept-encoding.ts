// Which compressed form of an answer a client takes, from its Accept-Encoding: brotli before gzip,
// a higher q first, q=0 refusing, `*` standing for whatever the header does not name. Identity (no
// compression) is always possible and is the answer when neither is acceptable.

export type Encoding = 'br' | 'gzip';

type Preference = readonly Encoding[];

/** What the headers seen most often accept: browsers send a handful of spellings, over and over. */
const accepted = new Map<string, Preference>();
const REMEMBERED = 64;
const NONE: Preference = [];

/** The encodings this header accepts, the preferred first. */
function parse(header: string): Preference {
  let br: number | undefined;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() === 'q') {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
      }
    }
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gzip = q;
    else if (name === '*') any = q;
  }
  const brQ = br ?? any ?? 0;
  const gzipQ = gzip ?? any ?? 0;
  const both: Encoding[] = brQ >= gzipQ ? ['br', 'gzip'] : ['gzip', 'br'];
  return both.filter((encoding) => (encoding === 'br' ? brQ : gzipQ) > 0);
}

function preferenceOf(header: string | undefined): Preference {
  if (!header) return NONE;
  let preference = accepted.get(header);
  if (preference === undefined) {
    preference = parse(header);
    // Bounded: made-up headers cannot grow it; the common ones come straight back.
    if (accepted.size >= REMEMBERED) accepted.clear();
    accepted.set(header, preference);
  }
  return preference;
}

/**
 * The encoding to send for this Accept-Encoding header among those `has` (all when not given),
 * or null for identity.
 */
export function chooseEncoding(header: string | undefined, has?: (encoding: Encoding) => boolean): Encoding | null {
  for (const encoding of preferenceOf(header)) if (!has || has(encoding)) return encoding;
  return null;
}
