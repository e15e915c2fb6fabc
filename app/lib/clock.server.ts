// The one clock the server's time-dependent rules read (what is upcoming or past, how long a stored
// page stays fresh). It is the system clock, shifted by an offset that only tests move, so a test
// steps over an hour instead of sleeping through it. The offset lives on globalThis because tests
// import this module beside the built server bundle, which has its own copy of it.
const state = globalThis as typeof globalThis & { __societyClockOffsetMs?: number };

/** Now, in milliseconds since the epoch. */
export function nowMs(): number {
  return Date.now() + (state.__societyClockOffsetMs ?? 0);
}

/** Now, as a Date. */
export function now(): Date {
  return new Date(nowMs());
}

/** Tests only: moves the clock forward by `ms` (or back, for a negative value). */
export function advanceClock(ms: number) {
  state.__societyClockOffsetMs = (state.__societyClockOffsetMs ?? 0) + ms;
}

/** Tests only: back to the system clock. */
export function resetClock() {
  state.__societyClockOffsetMs = 0;
}
