import { crc32, deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';

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

type Dropped = { name: string; mimeType: string; buffer: Buffer };

/** Drops files on an element the way a browser does: dragenter, dragover, then drop, each carrying a DataTransfer. */
export async function dropFiles(page: Page, zone: Locator, files: Dropped[]) {
  const payload = files.map((f) => ({ name: f.name, type: f.mimeType, data: f.buffer.toString('base64') }));
  const dataTransfer = await page.evaluateHandle((list) => {
    // The e2e project has no DOM types: name the browser's constructors through globalThis.
    const dom = globalThis as unknown as {
      DataTransfer: new () => { items: { add: (file: unknown) => void } };
      File: new (parts: unknown[], name: string, options: { type: string }) => unknown;
    };
    const transfer = new dom.DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0));
      transfer.items.add(new dom.File([bytes], f.name, { type: f.type }));
    }
    return transfer;
  }, payload);
  // At the element's centre: an editor places the drop where the pointer is.
  const box = await zone.boundingBox();
  const at = box ? { clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 } : {};
  for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer, ...at });
}
