// Authenticator codes (TOTP, RFC 6238: SHA-1, 6 digits, 30-second steps) through otpauth, on the
// app's clock so tests can move time. A code is accepted one step early or late (clock drift).
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';

const PERIOD_SECONDS = 30;
/** How many steps either side of now a code may belong to. */
const DRIFT_STEPS = 1;

function totpFor(secret: string, issuer: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** A new random secret (160 bits, RFC 4226's recommendation), in base32. */
export const newTotpSecret = (): string => new OTPAuth.Secret({ size: 20 }).base32;

/** What an authenticator app is given: the otpauth:// URL, and the same as a QR code (a PNG data: URL). */
export async function describeTotp(secret: string, issuer: string, label: string) {
  const otpauthUrl = totpFor(secret, issuer, label).toString();
  const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { otpauthUrl, qrCode };
}

/** The time step the code belongs to, or null when it is no code of this secret near `now`. */
export function matchTotpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = now.getTime();
  const delta = totpFor(secret, 'x', 'x').validate({ token: code, timestamp, window: DRIFT_STEPS });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}
