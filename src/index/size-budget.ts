/**
 * Work sized in bytes that runs together only while the sizes in progress fit a budget. The index
 * thread is handed many sites' pages at once: each page's work holds several times its HTML in
 * memory (its blocks, sections, passages, terms) until it is written, so twenty 5 MB pages
 * started together would hold gigabytes. Small pages still run together (their commits shared);
 * a large one waits for room, and runs alone when it exceeds the budget by itself.
 *
 * Work starts in the order it came: a large page is not overtaken forever by small ones.
 */
export class SizeBudget {
  private inUse = 0;
  private running = 0;
  private readonly waiting: { size: number; start: () => void }[] = [];

  constructor(private readonly budget: number) {}

  async run<T>(size: number, work: () => Promise<T>): Promise<T> {
    await this.admit(size);
    try {
      return await work();
    } finally {
      this.inUse -= size;
      this.running--;
      this.startWaiting();
    }
  }

  private admit(size: number): Promise<void> {
    if (this.waiting.length === 0 && this.fits(size)) {
      this.take(size);
      return Promise.resolve();
    }
    return new Promise<void>((start) => {
      this.waiting.push({ size, start });
    });
  }

  private fits(size: number): boolean {
    return this.running === 0 || this.inUse + size <= this.budget;
  }

  private take(size: number): void {
    this.inUse += size;
    this.running++;
  }

  private startWaiting(): void {
    for (let next = this.waiting[0]; next && this.fits(next.size); next = this.waiting[0]) {
      this.waiting.shift();
      this.take(next.size);
      next.start();
    }
  }
}
