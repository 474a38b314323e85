// Input rules of SPEC §5 for sign-in, new passwords and second-factor codes. Each rule
// names its code per area (users E…, managers ME…); the first broken rule is reported.
import { AppError } from '../platform/errors.ts';
import type { Area } from './guard.ts';

export const EMAIL_MAX = 255;
export const PASSWORD_MAX = 255;
export const AUTHCODE_LENGTH = 6;
/** §5 "simple pattern": text @ text . text */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PASSWORD_CHARACTERS = /^[A-Za-z0-9!#$%&=?@]*$/;

const code = (area: Area, number: number) => (area === 'manage' ? `ME${String(number).padStart(3, '0')}` : `E${String(number).padStart(3, '0')}`);
const fail = (area: Area, number: number): never => {
  throw new AppError(400, code(area, number));
};

const text = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));

/** Login: email required, ≤ 255, format; password required, ≤ 255 (E001–E005 / ME001–ME005). */
export function validateLogin(area: Area, body: Record<string, unknown>): { email: string; password: string } {
  const email = text(body.email).trim();
  const password = text(body.password);
  if (!email) fail(area, 3);
  if (email.length > EMAIL_MAX) fail(area, 1);
  if (!EMAIL_PATTERN.test(email)) fail(area, 2);
  if (!password) fail(area, 5);
  if (password.length > PASSWORD_MAX) fail(area, 4);
  return { email, password };
}

/** Reset request: E007 length, E008 format, E009 required (ME007–ME009). */
export function validateResetRequest(area: Area, body: Record<string, unknown>): { email: string } {
  const email = text(body.email).trim();
  if (!email) fail(area, 9);
  if (email.length > EMAIL_MAX) fail(area, 7);
  if (!EMAIL_PATTERN.test(email)) fail(area, 8);
  return { email };
}

/** Strong enough (§5): at least 8, upper and lower case, a digit, a symbol among !#$%&=?@. */
export function isStrongPassword(password: string): boolean {
  return password.length >= 8 && /[A-Z]/.test(password) && /[a-z]/.test(password) && /\d/.test(password) && /[!#$%&=?@]/.test(password);
}

/** New password: E011 required, E010 ≤ 255, E012 confirmation required, E013 match, E015 characters, E014 strength. */
export function validateNewPassword(area: Area, body: Record<string, unknown>): { password: string; token: string } {
  const password = text(body.password);
  const confirmation = text(body.passwordConfirm);
  if (!password) fail(area, 11);
  if (password.length > PASSWORD_MAX) fail(area, 10);
  if (!confirmation) fail(area, 12);
  if (password !== confirmation) fail(area, 13);
  if (!PASSWORD_CHARACTERS.test(password)) fail(area, 15);
  if (!isStrongPassword(password)) fail(area, 14);
  return { password, token: text(body.token) };
}

/**
 * Second-factor code (§5): required (E101), half-width digits only (E102), exactly six
 * (E109, the message states the length). The spec gives these rules no codes of their
 * own; the generic input codes serve both areas.
 */
export function validateAuthCode(body: Record<string, unknown>): string {
  const authcode = text(body.authcode).trim();
  if (!authcode) throw new AppError(400, 'E101', 'authcode.required');
  if (!/^[0-9]+$/.test(authcode)) throw new AppError(400, 'E102', 'authcode.digits');
  if (authcode.length !== AUTHCODE_LENGTH) throw new AppError(400, 'E109', 'authcode.length', { length: AUTHCODE_LENGTH });
  return authcode;
}
