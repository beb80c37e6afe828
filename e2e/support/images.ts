import { crc32, deflateSync } from 'node:zlib';

/**
 * A valid solid-colour PNG (48×48 by default), so thumbnails show in screenshots. Uploads are
 * decoded and re-encoded on the server, so a test image must be a real one.
 */
export function png(r: number, g: number, b: number, size = 48): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

/** A PNG file for a file input or a drop. */
export const pngFile = (name: string, colour: [number, number, number]) => ({ name: `${name}.png`, mimeType: 'image/png', buffer: png(...colour) });
