/** A bounded cache: past `capacity` entries the least recently used one goes. */
export class Memo<V> {
  readonly #entries = new Map<string, V>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get(key: string, compute: () => V): V {
    const hit = this.#entries.get(key);
    if (hit !== undefined || this.#entries.has(key)) {
      this.#entries.delete(key);
      this.#entries.set(key, hit as V);
      return hit as V;
    }
    const value = compute();
    this.#entries.set(key, value);
    if (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    return value;
  }
}
