import { encodeJpeg, type Encoded, type Picture } from '../integrations/storage/images.ts';

/** A file the seed links from a row, written to storage once the rows are in. */
export type SeedFile = { key: string; body: Buffer; contentType: string };

const WIDTH = 480;
const HEIGHT = 360;
/** Calm colours a charity's shop might use, one per product in turn. */
const PALETTE: [number, number, number][] = [
  [46, 125, 110], [196, 102, 52], [63, 94, 158], [150, 72, 110], [92, 130, 60], [176, 140, 50],
  [70, 110, 130], [160, 80, 70], [100, 90, 150], [60, 130, 150], [140, 110, 80], [120, 60, 90],
];

/**
 * A product picture drawn in code (no image files in the repository): a diagonal wash of the
 * product's colour with a soft disc, different for each product, the same on every run.
 */
export function productPicture(index: number): { image: Encoded; thumbnail: Encoded } {
  const [r, g, b] = PALETTE[index % PALETTE.length] as [number, number, number];
  const data = Buffer.alloc(WIDTH * HEIGHT * 4);
  const cx = WIDTH * (0.35 + 0.3 * ((index * 7) % 5) / 4);
  const cy = HEIGHT * 0.5;
  const radius = HEIGHT * 0.3;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const wash = 0.75 + 0.35 * ((x + y) / (WIDTH + HEIGHT));
      const inDisc = (x - cx) ** 2 + (y - cy) ** 2 < radius ** 2;
      const mix = (c: number) => Math.min(255, Math.round(inDisc ? c + (255 - c) * 0.55 : c * wash));
      const at = (y * WIDTH + x) * 4;
      data[at] = mix(r);
      data[at + 1] = mix(g);
      data[at + 2] = mix(b);
      data[at + 3] = 255;
    }
  }
  const picture: Picture = { width: WIDTH, height: HEIGHT, data };
  return encodeJpeg(picture);
}
