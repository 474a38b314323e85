// Sign-in, second factor and password reset (SPEC §4, §5, §8). No req/res here.
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { isAllowedAddress, parseNetworks } from '../platform/network.ts';
import { hashPassword, verifyPassword } from '../platform/passwords.ts';
import type { Area } from './guard.ts';
import * as repository from './repository.ts';
import { newTotpSecret, qrCodeFor, verifiedTimeStep } from './totp.ts';

/** Wrong second-factor codes allowed per pending sign-in before it is discarded (the password is asked again). */
export const AUTHCODE_ATTEMPTS = 5;

export const roleOf = (area: Area) => (area === 'manage' ? 'auth_adopter' : 'auth_user');
const wrongCredentials = (area: Area) => new AppError(401, area === 'manage' ? 'ME006' : 'E006');

// Verified against when the email is unknown, so both cases take the same time.
let dummyHash: Promise<string> | undefined;

export interface SignInResult {
  accountId: string;
  mfaEnabled: boolean;
  mfaRegistered: boolean;
}

export async function signIn(
  context: AppContext,
  area: Area,
  input: { email: string; password: string; clientAddress: string; registrationMode?: boolean },
): Promise<SignInResult> {
  const { db } = context;
  const credentials = await repository.findCredentialsByEmail(db, input.email);
  if (!credentials || credentials.role !== roleOf(area)) {
    await verifyPassword(await (dummyHash ??= hashPassword(randomBytes(16).toString('hex'))), input.password);
    throw wrongCredentials(area);
  }
  // Failed attempts lock the email address in the rate-limit store (routes.ts), known or not.
  if (!(await verifyPassword(credentials.passwordHash, input.password))) throw wrongCredentials(area);
  const networks = credentials.companyAllowedNetworks;
  if (networks?.length && !isAllowedAddress(parseNetworks(networks), input.clientAddress)) {
    throw new AppError(403, area === 'manage' ? 'ME043' : 'E503');
  }
  if (credentials.companyUserLimit !== null && (await repository.countCompanyUsers(db, credentials.companyId)) > credentials.companyUserLimit) {
    throw new AppError(403, area === 'manage' ? 'ME042' : 'E406');
  }
  // §4 manager registration mode (/manage/2fa/reset): only for a second factor that is on and not yet registered.
  if (input.registrationMode && (!credentials.mfaEnabled || credentials.mfaRegistered)) throw new AppError(409, 'ME999');
  await repository.recordSignIn(db, credentials.id);
  return { accountId: credentials.id, mfaEnabled: credentials.mfaEnabled, mfaRegistered: credentials.mfaRegistered };
}

/** A new secret for the account and how to register it: the QR code, and the secret itself for typing in (authenticator apps offer both), while the second factor is not registered yet. */
export async function registrationQrCode(context: AppContext, accountId: string): Promise<{ qrcode: string; secret: string }> {
  const credentials = await repository.findCredentialsById(context.db, accountId);
  if (!credentials) throw new AppError(401, 'E073');
  if (credentials.mfaRegistered) throw new AppError(409, roleOf('user') === credentials.role ? 'E999' : 'ME999');
  const secret = newTotpSecret();
  await repository.saveMfaSecret(context.db, accountId, secret);
  return { qrcode: await qrCodeFor(secret, credentials.email), secret };
}

/**
 * Checks a code against the account's secret. A code counts once: its time step must
 * be newer than the last accepted one. `register` also marks the factor registered.
 */
export async function checkAuthCode(context: AppContext, accountId: string, code: string, register: boolean): Promise<boolean> {
  const credentials = await repository.findCredentialsById(context.db, accountId);
  if (!credentials?.mfaSecret) return false;
  if (register === credentials.mfaRegistered) return false; // registering twice, or validating before registering
  const timeStep = await verifiedTimeStep(credentials.mfaSecret, code);
  if (timeStep === undefined) return false;
  return repository.consumeTimeStep(context.db, accountId, timeStep, register);
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function resetTokenIsUsable(context: AppContext, area: Area, token: string): Promise<boolean> {
  if (!token) return false;
  const found = await repository.findUsableResetToken(context.db, hashToken(token));
  return Boolean(found && found.role === roleOf(area));
}

/** Sets the password of the link's account; resolves to that account's email (whose sign-in lock it lifts). */
export async function setNewPassword(context: AppContext, area: Area, input: { token: string; password: string }): Promise<{ email: string }> {
  const invalid = () => new AppError(400, 'invalid-action-code', 'auth.invalid-action-code');
  if (!input.token) throw invalid();
  const found = await repository.findUsableResetToken(context.db, hashToken(input.token));
  if (!found || found.role !== roleOf(area)) throw invalid();
  const consumed = await repository.consumeResetToken(context.db, hashToken(input.token));
  if (!consumed) throw invalid(); // used by a concurrent request
  await repository.setPassword(context.db, consumed.userId, await hashPassword(input.password));
  return { email: consumed.email };
}
