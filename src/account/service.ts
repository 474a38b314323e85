// Account settings of both areas (SPEC §3 "Account update payload", §5 settings rules,
// §8 E057–E058 / ME028–ME029): the account's name, language and profile image.
//
// Profile images are files under `${storageDir}/profile-images/<random>.<ext>`; the key
// `<random>.<ext>` is what the account record and the API carry. Beside each image a
// `<random>.json` records which account uploaded it, so an account can only point its
// profile at (and only see) images it uploaded itself.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Area } from '../auth/guard.ts';
import type { Database } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import type { Logger } from '../platform/logger.ts';
import { sniffContentType, type UploadedFile } from '../platform/uploads.ts';
import type { AccountInfo, LanguageCD } from '../users/account.ts';
import { findAccountById, updateAccountSettings } from '../users/repository.ts';
import { characterCount, NAME_MAX_LENGTH, PROFILE_IMAGE_MAX_BYTES } from './shared.ts';

export const LANGUAGE_CODES: readonly LanguageCD[] = ['lang_ja', 'lang_en'];

/** Accepted image types, as their bytes show them, and the extension each is stored with. */
const IMAGE_TYPES = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
]);
const KEY_PATTERN = /^([0-9a-f]{32})\.(png|jpg|gif|webp)$/;

/** The codes of each area: users have their own, managers have ME028/ME029 and ME999 for anything invalid. */
export function settingsCodes(area: Area) {
  return area === 'manage'
    ? { invalid: 'ME999', nameRequired: 'ME029', nameTooLong: 'ME028' }
    : { invalid: 'E102', nameRequired: 'E057', nameTooLong: 'E058' };
}

export const isProfileImageKey = (key: unknown): key is string => typeof key === 'string' && KEY_PATTERN.test(key);

interface ImageRecord {
  key: string;
  owner: string;
  contentType: string;
  size: number;
  createdAt: string;
}

export class AccountSettingsService {
  private readonly imageDir: string;

  constructor(
    private readonly db: Database,
    storageDir: string,
    private readonly logger: Logger,
  ) {
    this.imageDir = path.join(storageDir, 'profile-images');
  }

  /**
   * Validates and saves `{ uid, userName, languageCD, profileImg }` for the signed-in
   * account `current`, and answers the account info as it now is.
   */
  async update(area: Area, current: AccountInfo, input: unknown): Promise<AccountInfo> {
    const codes = settingsCodes(area);
    const invalid = (status = 400) => new AppError(status, codes.invalid);
    if (!input || typeof input !== 'object' || Array.isArray(input)) throw invalid();
    const { uid, userName, languageCD, profileImg } = input as Record<string, unknown>;

    if (uid !== current.uid) throw invalid(403);

    if (typeof userName !== 'string') throw invalid();
    const name = userName.trim();
    if (name === '') throw new AppError(400, codes.nameRequired);
    if (characterCount(name) > NAME_MAX_LENGTH) throw new AppError(400, codes.nameTooLong);
    if (/[\u0000-\u001F\u007F]/.test(name)) throw invalid(); // line breaks, tabs and other control characters

    if (typeof languageCD !== 'string' || !LANGUAGE_CODES.includes(languageCD as LanguageCD)) throw invalid();

    if (profileImg !== null) {
      if (!isProfileImageKey(profileImg)) throw invalid();
      // The current image stays valid; any other must be one this account uploaded.
      if (profileImg !== current.profileImg && (await this.readRecord(profileImg))?.owner !== current.uid) throw invalid();
    }

    const result = await updateAccountSettings(this.db, current.uid, {
      name,
      languageCD: languageCD as LanguageCD,
      profileImage: profileImg,
    });
    if (!result) throw new AppError(401, area === 'manage' ? 'ME041' : 'E073'); // the account is gone
    if (result.previousProfileImage && result.previousProfileImage !== profileImg) {
      await this.deleteImage(result.previousProfileImage);
    }
    const updated = await findAccountById(this.db, current.uid);
    if (!updated) throw new AppError(401, area === 'manage' ? 'ME041' : 'E073');
    return updated;
  }

  /** Stores an uploaded image for `ownerId` when its bytes are PNG, JPEG, GIF or WebP of at most 2 MB. */
  async storeProfileImage(area: Area, ownerId: string, file: UploadedFile | undefined): Promise<string> {
    const codes = settingsCodes(area);
    if (!file || file.size === 0 || file.size > PROFILE_IMAGE_MAX_BYTES || file.buffer.length > PROFILE_IMAGE_MAX_BYTES) {
      throw new AppError(400, codes.invalid);
    }
    const contentType = await sniffContentType(file.buffer);
    const extension = contentType ? IMAGE_TYPES.get(contentType) : undefined;
    if (!contentType || !extension) throw new AppError(400, codes.invalid);

    const id = randomBytes(16).toString('hex');
    const key = `${id}.${extension}`;
    const record: ImageRecord = { key, owner: ownerId, contentType, size: file.buffer.length, createdAt: new Date().toISOString() };
    await mkdir(this.imageDir, { recursive: true, mode: 0o700 });
    // The image first: a record never points at a missing file.
    await writeFile(path.join(this.imageDir, key), file.buffer, { flag: 'wx', mode: 0o600 });
    await writeFile(path.join(this.imageDir, `${id}.json`), JSON.stringify(record), { flag: 'wx', mode: 0o600 });
    return key;
  }

  /** The image and its type, only for the account that uploaded it; undefined otherwise. */
  async readProfileImage(ownerId: string, key: string): Promise<{ content: Buffer; contentType: string } | undefined> {
    if (!isProfileImageKey(key)) return undefined;
    const record = await this.readRecord(key);
    if (!record || record.owner !== ownerId) return undefined;
    let content: Buffer;
    try {
      content = await readFile(path.join(this.imageDir, key));
    } catch {
      return undefined;
    }
    const contentType = await sniffContentType(content);
    if (!contentType || !IMAGE_TYPES.has(contentType)) return undefined;
    return { content, contentType };
  }

  private async readRecord(key: string): Promise<ImageRecord | undefined> {
    const match = KEY_PATTERN.exec(key);
    if (!match) return undefined;
    try {
      const record = JSON.parse(await readFile(path.join(this.imageDir, `${match[1]}.json`), 'utf8')) as ImageRecord;
      return record.key === key && typeof record.owner === 'string' ? record : undefined;
    } catch {
      return undefined;
    }
  }

  /** Removes an image no longer in use; a failure leaves a stray file, never a failed update. */
  private async deleteImage(key: string): Promise<void> {
    const match = KEY_PATTERN.exec(key);
    if (!match) return;
    for (const file of [key, `${match[1]}.json`]) {
      await unlink(path.join(this.imageDir, file)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') this.logger.warn({ err: error, key }, 'could not delete a replaced profile image');
      });
    }
  }
}
