/**
 * A small seeded PRNG (sfc32). Every random choice of the generator comes from one of these,
 * so the same seed always gives the same organisation. `fork` derives an independent stream
 * per area, so adding a draw in one area does not reshuffle every other area.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    const t = (this.a + this.b + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by relative weight: `[[value, weight], …]`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of entries) total += weight;
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return (entries[entries.length - 1] as readonly [T, number])[0];
  }

  /** Log-normal around `median`: many small gifts, a few large ones. */
  logNormal(median: number, sigma: number): number {
    const u = Math.max(this.next(), 1e-12);
    const v = this.next();
    const gaussian = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return median * Math.exp(sigma * gaussian);
  }

  /** An upper-case UUID v4 built from this stream (deterministic, unlike crypto.randomUUID). */
  uuid(): string {
    const hex = (n: number) => Math.floor(n).toString(16).padStart(8, '0');
    const h = hex(this.next() * 2 ** 32) + hex(this.next() * 2 ** 32) + hex(this.next() * 2 ** 32) + hex(this.next() * 2 ** 32);
    const variant = ((parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`.toUpperCase();
  }

  /** An independent stream named by `label`. */
  fork(label: string): Rng {
    let hash = this.d ^ 0x811c9dc5;
    for (let i = 0; i < label.length; i++) hash = Math.imul(hash ^ label.charCodeAt(i), 0x01000193);
    return new Rng(hash >>> 0);
  }
}
