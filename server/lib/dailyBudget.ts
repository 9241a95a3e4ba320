// A budget shared by every client: at most `limit` uses per UTC day, so abuse from many addresses
// cannot run up the bill of a paid API. Spent when a call is about to be made.

const DAY_MS = 24 * 60 * 60 * 1000;

export function dailyBudget(limit: number, now: () => number = Date.now) {
  let day = Math.floor(now() / DAY_MS);
  let used = 0;
  return {
    /** 0 when a use was granted, else the ms until the budget renews at midnight UTC. */
    take(): number {
      const t = now();
      const today = Math.floor(t / DAY_MS);
      if (today !== day) {
        day = today;
        used = 0;
      }
      if (used >= limit) return (today + 1) * DAY_MS - t;
      used += 1;
      return 0;
    },
  };
}
export type DailyBudget = ReturnType<typeof dailyBudget>;
