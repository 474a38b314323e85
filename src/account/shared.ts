// Limits and addresses of account settings shared by the server and the browser island
// (no Node.js imports here: the island bundle includes this file).

/** §9: names are at most 50 characters. */
export const NAME_MAX_LENGTH = 50;
/** Profile images: PNG, JPEG, GIF or WebP (by content), at most 2 MB. */
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** Characters as a person counts them (code points, as PostgreSQL's varchar(50) does). */
export const characterCount = (text: string): number => [...text].length;

/** Where a profile image is served to its owner (each area's page guard applies). */
export const profileImagePath = (area: 'user' | 'manage', key: string): string =>
  `${area === 'manage' ? '/manage' : ''}/account/profile-image/${encodeURIComponent(key)}`;
