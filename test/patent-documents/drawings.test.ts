// Uploaded drawings are judged by their bytes (§5): real PNG, JPEG and GIF files with their
// sizes; a renamed text file, another image type or a cut-off header is refused.
import { deflateSync } from 'node:zlib';
import { sniffDrawing } from '../../src/patent-documents/drawings.ts';
import { makeGif, makeJpeg, makePng } from '../helpers/patent-document.ts';

test('a real PNG, JPEG and GIF give their type and size', () => {
  expect(sniffDrawing(makePng(320, 200))).toEqual({ mimeType: 'image/png', width: 320, height: 200 });
  expect(sniffDrawing(makeJpeg())).toEqual({ mimeType: 'image/jpeg', width: 16, height: 8 });
  expect(sniffDrawing(makeGif())).toEqual({ mimeType: 'image/gif', width: 2, height: 1 });
});

test('a text file named .png, an empty file and other image types are refused', () => {
  expect(sniffDrawing(Buffer.from('【図１】電池の断面図である。\n', 'utf8'))).toBeNull();
  expect(sniffDrawing(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'))).toBeNull();
  expect(sniffDrawing(new Uint8Array())).toBeNull();
  // A BMP header (image-size would read it; drawings are PNG, JPEG or GIF only).
  const bmp = Buffer.alloc(54);
  bmp.write('BM', 0, 'ascii');
  bmp.writeUInt32LE(40, 14);
  bmp.writeInt32LE(10, 18);
  bmp.writeInt32LE(10, 22);
  expect(sniffDrawing(bmp)).toBeNull();
  expect(sniffDrawing(deflateSync(Buffer.from('not an image')))).toBeNull();
});

test('a header cut short is refused', () => {
  const png = makePng(32, 32);
  expect(sniffDrawing(png.subarray(0, 8))).toBeNull();
  expect(sniffDrawing(png.subarray(0, 20))).toBeNull();
  // A JPEG cut before its frame header has no size.
  const jpeg = makeJpeg();
  expect(sniffDrawing(jpeg.subarray(0, 40))).toBeNull();
  expect(sniffDrawing(makeGif().subarray(0, 8))).toBeNull();
});
