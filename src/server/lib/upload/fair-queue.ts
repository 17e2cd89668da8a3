/**
 * At most `slots` tasks at once; waiting tasks are started by owner, the owner with the fewest
 * tasks running first, then the one served longest ago, so one user's burst of files waits
 * behind itself, not in front of others (docs/decisions/0201-one-spreadsheet-reader-off-the-event-loop.md).
 */
export class FairQueue {
  private readonly waiting = new Map<string, (() => void)[]>();
  private readonly active = new Map<string, number>();
  /** When each owner last had a task started (a counter), to take turns among equals. */
  private readonly served = new Map<string, number>();
  private turns = 0;
  private running = 0;

  constructor(private readonly slots: number) {}

  run<T>(owner: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        task()
          .then(resolve, reject)
          .finally(() => {
            this.running -= 1;
            const left = (this.active.get(owner) ?? 1) - 1;
            if (left > 0) this.active.set(owner, left);
            else this.active.delete(owner);
            if (!this.active.has(owner) && !this.waiting.has(owner)) this.served.delete(owner);
            this.next();
          });
      };
      const queue = this.waiting.get(owner) ?? [];
      queue.push(start);
      this.waiting.set(owner, queue);
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.slots && this.waiting.size > 0) {
      const rank = (owner: string) => [this.active.get(owner) ?? 0, this.served.get(owner) ?? -1] as const;
      let chosen: string | undefined;
      for (const owner of this.waiting.keys()) {
        if (chosen === undefined) chosen = owner;
        const [active, served] = rank(owner);
        const [bestActive, bestServed] = rank(chosen);
        if (active < bestActive || (active === bestActive && served < bestServed)) chosen = owner;
      }
      const queue = this.waiting.get(chosen!)!;
      const start = queue.shift()!;
      if (queue.length === 0) this.waiting.delete(chosen!);
      this.served.set(chosen!, this.turns++);
      this.running += 1;
      this.active.set(chosen!, (this.active.get(chosen!) ?? 0) + 1);
      start();
    }
  }
}
