import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/**
 * Image re-encoding with pure-JS codecs (jpeg-js, pngjs): no native binary to fetch at install
 * time, which npm 11 skips anyway. Decoding and encoding again drops every metadata block
 * (EXIF with GPS positions, comments, colour-profile tricks) and anything hidden after the data.
 */
export type Picture = { width: number; height: number; data: Buffer };
export type Encoded = { body: Buffer; width: number; height: number };

export const THUMBNAIL_SIZE = 300;
/** Larger pictures are refused rather than decoded: a 100 MP image would take ~400 MB. */
const MAX_PIXELS = 40_000_000;

export const REENCODED_TYPES = ['image/png', 'image/jpeg'] as const;

function decode(body: Buffer, contentType: string): Picture {
  if (contentType === 'image/png') {
    const png = PNG.sync.read(body);
    if (png.width * png.height > MAX_PIXELS) throw new Error('too many pixels');
    return { width: png.width, height: png.height, data: png.data };
  }
  const raw = jpeg.decode(body, { useTArray: false, formatAsRGBA: true, maxResolutionInMP: MAX_PIXELS / 1e6, maxMemoryUsageInMB: 512 });
  return { width: raw.width, height: raw.height, data: Buffer.from(raw.data) };
}

function encode(picture: Picture, contentType: string): Buffer {
  if (contentType === 'image/png') {
    const png = new PNG({ width: picture.width, height: picture.height });
    picture.data.copy(png.data);
    return PNG.sync.write(png);
  }
  return jpeg.encode({ width: picture.width, height: picture.height, data: picture.data }, 85).data;
}

/** A picture made by the server (the demo's product images) as a JPEG, with its thumbnail. */
export function encodeJpeg(picture: Picture): { image: Encoded; thumbnail: Encoded } {
  const small = shrink(picture, THUMBNAIL_SIZE);
  return {
    image: { body: encode(picture, 'image/jpeg'), width: picture.width, height: picture.height },
    thumbnail: { body: encode(small, 'image/jpeg'), width: small.width, height: small.height },
  };
}

/** Box-filter downscale so the longer side is at most `size` (never upscales). */
export function shrink(picture: Picture, size: number): Picture {
  const scale = Math.min(1, size / Math.max(picture.width, picture.height));
  const width = Math.max(1, Math.round(picture.width * scale));
  const height = Math.max(1, Math.round(picture.height * scale));
  if (scale === 1) return picture;
  const data = Buffer.alloc(width * height * 4);
  const step = 1 / scale;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * step);
    const y1 = Math.min(picture.height, Math.max(y0 + 1, Math.floor((y + 1) * step)));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * step);
      const x1 = Math.min(picture.width, Math.max(x0 + 1, Math.floor((x + 1) * step)));
      const sum = [0, 0, 0, 0];
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const at = (sy * picture.width + sx) * 4;
          for (let c = 0; c < 4; c++) sum[c] = (sum[c] as number) + (picture.data[at + c] as number);
        }
      }
      const count = (y1 - y0) * (x1 - x0);
      for (let c = 0; c < 4; c++) data[(y * width + x) * 4 + c] = Math.round((sum[c] as number) / count);
    }
  }
  return { width, height, data };
}

/** The picture re-encoded without metadata, and its thumbnail; null when the bytes do not decode. */
export function reencode(body: Buffer, contentType: string): { image: Encoded; thumbnail: Encoded } | null {
  let picture: Picture;
  try {
    picture = decode(body, contentType);
  } catch {
    return null;
  }
  const small = shrink(picture, THUMBNAIL_SIZE);
  return {
    image: { body: encode(picture, contentType), width: picture.width, height: picture.height },
    thumbnail: { body: encode(small, contentType), width: small.width, height: small.height },
  };
}
