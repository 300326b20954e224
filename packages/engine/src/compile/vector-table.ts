/**
 * Interns integer vectors of one fixed width: `intern(vector)` returns a dense id, the same id for equal vectors.
 * Open addressing over typed arrays keeps compile-time node merging free of string keys and per-entry objects.
 */
export class VectorTable {
  readonly width: number;
  private data: Int32Array;
  private slots: Int32Array;
  private size = 0;

  /** `capacity`: vectors expected (it grows past that); the slots are a power of two, as the probing needs. */
  constructor(width: number, capacity = 8) {
    this.width = width;
    this.data = new Int32Array(Math.max(1, width) * Math.max(1, capacity));
    this.slots = new Int32Array(2 ** Math.ceil(Math.log2(Math.max(8, capacity) * 2))).fill(-1);
  }

  /** Number of distinct vectors interned so far. */
  get count(): number {
    return this.size;
  }

  /** The stored vector with this id (a view: do not keep it across `intern` calls). */
  vector(id: number): Int32Array {
    return this.data.subarray(id * this.width, (id + 1) * this.width);
  }

  /** The storage itself: vector `id` at `id * width` (replaced, not resized, when it grows). */
  get buffer(): Int32Array {
    return this.data;
  }

  /** A copy of every stored vector, one after another in id order. */
  rows(): Int32Array {
    return this.data.slice(0, this.size * this.width);
  }

  /** Id of `vector[from .. from+width)`, adding it if new. */
  intern(vector: Int32Array, from = 0): number {
    const mask = this.slots.length - 1;
    let slot = this.hash(vector, from) & mask;
    for (;;) {
      const id = this.slots[slot] ?? -1;
      if (id < 0) break;
      if (this.equals(id, vector, from)) return id;
      slot = (slot + 1) & mask;
    }
    const id = this.size;
    this.size += 1;
    if ((id + 1) * this.width > this.data.length) this.growData();
    this.data.set(vector.subarray(from, from + this.width), id * this.width);
    this.slots[slot] = id;
    if (this.size * 2 > this.slots.length) this.rehash();
    return id;
  }

  private hash(vector: Int32Array, from: number): number {
    let h = 0x811c9dc5 | 0;
    for (let i = 0; i < this.width; i += 1) h = Math.imul(h ^ (vector[from + i] ?? 0), 0x01000193);
    return (h ^ (h >>> 15)) >>> 0;
  }

  private equals(id: number, vector: Int32Array, from: number): boolean {
    const base = id * this.width;
    for (let i = 0; i < this.width; i += 1) if (this.data[base + i] !== vector[from + i]) return false;
    return true;
  }

  private growData() {
    const next = new Int32Array(Math.max(this.data.length * 2, this.width * 64));
    next.set(this.data);
    this.data = next;
  }

  private rehash() {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    for (let id = 0; id < this.size; id += 1) {
      let slot = this.hash(this.data, id * this.width) & mask;
      while ((slots[slot] ?? -1) >= 0) slot = (slot + 1) & mask;
      slots[slot] = id;
    }
    this.slots = slots;
  }
}
