// What an uploaded drawing really is, from its bytes (§5 file rules: the type is checked by
// content, never by the name): PNG, JPEG or GIF with readable dimensions, or null.
import { imageSize } from 'image-size';
import type { DrawingMimeType } from './model.ts';

const startsWith = (bytes: Uint8Array, magic: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + magic.length && magic.every((byte, i) => bytes[offset + i] === byte);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const PNG_IHDR = [0x49, 0x48, 0x44, 0x52] as const;
const JPEG = [0xff, 0xd8, 0xff] as const;
const GIF87 = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] as const;
const GIF89 = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] as const;

function mimeTypeOf(bytes: Uint8Array): DrawingMimeType | null {
  // A PNG's first chunk must be a whole IHDR (8 + 8 + 13 bytes); a cut-off header is no image.
  if (startsWith(bytes, PNG)) return startsWith(bytes, PNG_IHDR, 12) && bytes.length >= 33 ? 'image/png' : null;
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  // Header and logical screen descriptor: 13 bytes.
  if ((startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) && bytes.length >= 13) return 'image/gif';
  return null;
}

const EXPECTED_TYPE: Record<DrawingMimeType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif' };

/** The drawing's type and displayed size (JPEG EXIF rotation applied), or null when the bytes are not a PNG, JPEG or GIF. */
export function sniffDrawing(bytes: Uint8Array): { mimeType: DrawingMimeType; width: number; height: number } | null {
  const mimeType = mimeTypeOf(bytes);
  if (!mimeType) return null;
  let size: ReturnType<typeof imageSize>;
  try {
    // image-size walks the JPEG segments to the frame header, so a JPEG cut before it throws here.
    size = imageSize(bytes);
  } catch {
    return null;
  }
  if (size.type !== EXPECTED_TYPE[mimeType] || !(size.width > 0) || !(size.height > 0)) return null;
  // EXIF orientations 5–8 turn the picture a quarter: the displayed width is the stored height.
  const turned = size.orientation !== undefined && size.orientation >= 5 && size.orientation <= 8;
  return { mimeType, width: turned ? size.height : size.width, height: turned ? size.width : size.height };
}
