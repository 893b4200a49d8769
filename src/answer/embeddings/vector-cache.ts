/**
 * Unit vectors by key, least recently used first out. In-process only: a persistent vector store
 * belongs to the index.
 */
export class VectorCache {
  readonly #vectors = new Map<string, Float32Array>();
  readonly maxVectors: number;

  constructor(maxVectors: number) {
    this.maxVectors = maxVectors;
  }

  get size(): number {
    return this.#vectors.size;
  }

  get(key: string): Float32Array | undefined {
    const vector = this.#vectors.get(key);
    if (vector) {
      // Map keeps insertion order: re-inserting makes it the most recently used.
      this.#vectors.delete(key);
      this.#vectors.set(key, vector);
    }
    return vector;
  }

  set(key: string, vector: Float32Array): void {
    this.#vectors.delete(key);
    this.#vectors.set(key, vector);
    while (this.#vectors.size > this.maxVectors) {
      const oldest = this.#vectors.keys().next();
      if (oldest.done) break;
      this.#vectors.delete(oldest.value);
    }
  }
}
