// A token bucket per socket: short bursts (a queue flushed on reconnect) pass, a sustained flood
// does not. Typing frames come at most every 2 s per friend, so honest clients stay far below it.

export const LIVE_FRAME_BURST = 60;
export const LIVE_FRAMES_PER_SECOND = 10;

export function createFrameBudget(now: () => number, burst = LIVE_FRAME_BURST, perSecond = LIVE_FRAMES_PER_SECOND) {
  let tokens = burst;
  let last = now();
  return {
    /** Takes one frame's token; false when the socket is over its budget. */
    spend(): boolean {
      const t = now();
      tokens = Math.min(burst, tokens + ((t - last) / 1000) * perSecond);
      last = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
