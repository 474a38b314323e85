// Reading what the server rendered, and building real files for upload tests.
import { crc32, deflateSync } from 'node:zlib';

const unescapeHtml = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#x27;/g, "'").replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** The JSON props the server wrote for an island on a page. */
export function islandProps(html: string, name: string): Record<string, unknown> {
  // Large props come in a <script type="application/json"> before the island (views/Island.tsx).
  const script = new RegExp(`<script type="application/json" data-island-props="${name}">([^<]*)</script><div data-island="${name}" data-props-script=""`).exec(html);
  if (script) return JSON.parse(script[1]!);
  const match = new RegExp(`data-island="${name}" data-props="([^"]*)"`).exec(html);
  if (!match) throw new Error(`island ${name} not on the page`);
  return JSON.parse(unescapeHtml(match[1]!));
}

/** A valid 8-bit RGB PNG of one colour. */
export function png(width = 4, height = 4, rgb: [number, number, number] = [29, 63, 143]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
