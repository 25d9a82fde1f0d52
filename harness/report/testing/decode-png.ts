import { inflateSync } from 'node:zlib';

/** A decoded image: `pixels` holds `width × height` RGBA quadruplets, row by row. */
export interface DecodedPng {
  width: number;
  height: number;
  pixels: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Decodes a PNG as headless Chromium writes its screenshots (8-bit RGB or RGBA, not interlaced),
 * so a test can look at the pixels, not only at the file size. Test support only; throws on
 * anything else.
 */
export function decodePng(bytes: Buffer): DecodedPng {
  if (!bytes.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG: the signature is missing');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colorType, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || (colorType !== 2 && colorType !== 6) || interlace !== 0) throw new Error(`unsupported PNG: bit depth ${depth}, colour type ${colorType}, interlace ${interlace}`);
      channels = colorType === 6 ? 4 : 3;
    }
    if (type === 'IDAT') data.push(body);
    if (type === 'IEND') break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  for (let row = 0; row < height; row += 1) {
    const filter = raw[row * (stride + 1)];
    const line = raw.subarray(row * (stride + 1) + 1, (row + 1) * (stride + 1));
    const current = row * stride;
    const previous = current - stride;
    for (let index = 0; index < stride; index += 1) {
      const left = index >= channels ? rows[current + index - channels]! : 0;
      const up = row > 0 ? rows[previous + index]! : 0;
      const upLeft = row > 0 && index >= channels ? rows[previous + index - channels]! : 0;
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = (left + up) >> 1;
      else if (filter === 4) predictor = paeth(left, up, upLeft);
      else if (filter !== 0) throw new Error(`unknown PNG filter ${filter} on row ${row}`);
      rows[current + index] = (line[index]! + predictor) & 0xff;
    }
  }
  if (channels === 4) return { width, height, pixels: rows };
  const pixels = new Uint8Array(width * height * 4);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    pixels.set(rows.subarray(pixel * 3, pixel * 3 + 3), pixel * 4);
    pixels[pixel * 4 + 3] = 255;
  }
  return { width, height, pixels };
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}
